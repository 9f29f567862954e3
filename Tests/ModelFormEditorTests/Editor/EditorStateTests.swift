import Foundation
import ModelForm
import ModelFormEditor
import ModelFormYAML
import TestFixtures
import Testing

/// Key scripts through the editor's state machine, checked on the screen text and values.
@Suite struct EditorStateTests {
    static func form() throws -> Form<FormValue> {
        let types =
            "root: Trip\ntypes:\n  Trip:\n    name: String\n    travellers: Int\n    needsVisa: Bool\n    notes: String?\n"
        let configs = ConfigDictionary(try TypeDefinitionLoader.load(text: types, file: "trip.types.yaml"))
        return Form(
            values: .record(["name": .string("Ada"), "travellers": .int(2), "needsVisa": .bool(false), "notes": .null]),
            configs: configs, typeName: "Trip")
    }

    static func run(_ keys: [Key], on form: Form<FormValue>) -> EditorState {
        var state = EditorState(form: form)
        for key in keys { state.handle(key) }
        return state
    }

    @Test func editsSaveAndTheScreenShowsThem() throws {
        let state = Self.run(
            [.down, .enter, .control("u"), .character("4"), .enter, .down, .space, .control("s")], on: try Self.form())
        #expect(
            state.outcome
                == .saved(
                    .record(["name": .string("Ada"), "travellers": .int(4), "needsVisa": .bool(true), "notes": .null])))
    }

    @Test func aBadValueNeverTrapsTheFocus() throws {
        let state = Self.run([.down, .enter, .control("u"), .character("x"), .tab], on: try Self.form())
        #expect(state.focus == 2 && state.message == "Travellers: 'x' is not a whole number")
        #expect(state.invalidInput["travellers"]?.text == "x")
        #expect(state.form.values["travellers"] == .int(2))
        let moved = Self.run([.down, .enter, .control("u"), .character("x"), .enter, .down], on: try Self.form())
        #expect(moved.focus == 2)
    }

    @Test func escapeCancelsAndRestores() throws {
        let asked = Self.run([.enter, .control("u"), .character("B"), .enter, .escape], on: try Self.form())
        guard case .confirming(let confirmation) = asked.mode else {
            Issue.record("no question")
            return
        }
        #expect(
            asked.outcome == nil && confirmation.question == "Discard changes? (y/N)"
                && confirmation.action == .discardChanges)
        let state = Self.run(
            [.enter, .control("u"), .character("B"), .enter, .escape, .character("y")], on: try Self.form())
        #expect(state.outcome == .cancelled && state.form.values["name"] == .string("Ada"))
        let unchanged = Self.run([.escape], on: try Self.form())
        #expect(unchanged.outcome == .cancelled)
    }

    @Test func theScreenAt40x12() throws {
        var state = EditorState(form: try Self.form(), focus: "travellers")
        state.handle(.enter)
        state.handle(.character("0"))
        var display = EditorScreen(width: 40, height: 12)
        let screen = display.lines(state)
        #expect(
            screen == [
                "Trip",
                "  Name        Ada",
                "› Travellers: [20]",
                "  Needs Visa  [ ]",
                "  Notes",
                "",
                "",
                "",
                "",
                "",
                "field 2 of 4",
                "Enter confirm Esc abandon",
            ])
    }

    /// A list of lists: Enter on the list opens its items, Enter on an item opens the inner
    /// list, whose values are edited and added to as any list's.
    @Test func aListOfListsOpensItsInnerLists() throws {
        let types = "root: Plan\ntypes:\n  Plan:\n    stages: \"[[String]]\"\n"
        let configs = ConfigDictionary(try TypeDefinitionLoader.load(text: types, file: "plan.types.yaml"))
        let values = FormValue.record([
            "stages": .list([.list([.string("mix"), .string("knead")]), .list([.string("bake")])])
        ])
        var state = EditorState(form: Form(values: values, configs: configs, typeName: "Plan"), focus: "stages")
        state.handle(.enter)
        #expect(state.focusedPath == "stages[0]", "\(state.breadcrumb)")
        state.handle(.down)
        state.handle(.enter)
        #expect(state.focusedPath == "stages[1][0]", "\(state.breadcrumb)")
        for key: Key in [.enter, .control("u")] + "cool".map({ Key.character($0) }) + [.enter, .control("s")] {
            state.handle(key)
        }
        #expect(
            state.outcome
                == .saved(
                    .record(["stages": .list([.list([.string("mix"), .string("knead")]), .list([.string("cool")])])])))
    }

    @Test func aRelationshipOpensWithABreadcrumbAndEscapeGoesBack() throws {
        let types =
            "root: Trip\ntypes:\n  Trip:\n    name: String\n    address: Address\n  Address:\n    city: String\n"
        let configs = ConfigDictionary(try TypeDefinitionLoader.load(text: types, file: "trip.types.yaml"))
        var state = EditorState(
            form: Form(
                values: .record(["name": .string("Ada"), "address": .record(["city": .string("Paris")])]),
                configs: configs, typeName: "Trip"), focus: "address")
        state.handle(.enter)
        #expect(state.breadcrumb == ["Trip", "Address"] && state.focusedPath == "address.city")
        var display = EditorScreen(width: 40, height: 8)
        let screen = display.lines(state)
        #expect(screen[0] == "Trip › Address" && screen[1] == "› City  Paris")
        for key: Key in [.enter, .control("u"), .character("L"), .enter, .escape] { state.handle(key) }
        #expect(state.trail.isEmpty && state.focusedPath == "address" && state.outcome == nil)
        state.handle(.control("s"))
        #expect(state.outcome == .saved(.record(["name": .string("Ada"), "address": .record(["city": .string("L")])])))
    }

    @Test func conditionalFieldsAppearLiveAndTheFocusStays() throws {
        var form = try Self.form()
        try form.configs["Trip"]?.update("notes") { $0.conditions.visibleIf = .field("needsVisa") == true }
        var state = EditorState(form: form, focus: "needsVisa")
        #expect(state.rows.map(\.description) == ["name", "travellers", "needsVisa"])
        state.handle(.space)
        #expect(
            state.rows.map(\.description) == ["name", "travellers", "needsVisa", "notes"]
                && state.focusedPath == "needsVisa")
        state.handle(.down)
        #expect(state.focusedPath == "notes")
        state.handle(.up)
        state.handle(.space)
        #expect(state.rows.count == 3 && state.focusedPath == "needsVisa")
    }

    @Test func optionsArePickedFromAFilteredList() throws {
        let types =
            "root: Trip\nenums:\n  Repeat: [never, daily, weekly, monthly]\ntypes:\n  Trip:\n    repeats: Repeat\n"
        let configs = ConfigDictionary(try TypeDefinitionLoader.load(text: types, file: "trip.types.yaml"))
        var state = EditorState(
            form: Form(values: .record(["repeats": .string("daily")]), configs: configs, typeName: "Trip"))
        state.handle(.enter)
        var display = EditorScreen(width: 40, height: 9)
        var screen = display.lines(state)
        #expect(
            Array(screen[1...5]) == [
                "  Choose Repeats (type to filter): ", "  ( ) Never", "› (•) Daily", "  ( ) Weekly", "  ( ) Monthly",
            ])
        for key: Key in [.character("l"), .character("y")] { state.handle(key) }
        screen = display.lines(state)
        #expect(
            Array(screen[1...4]) == [
                "  Choose Repeats (type to filter): ly", "› (•) Daily", "  ( ) Weekly", "  ( ) Monthly",
            ])
        state.handle(.down)
        state.handle(.enter)
        #expect(state.form.values["repeats"] == .string("weekly") && state.mode == .navigating)
        state.handle(.enter)
        state.handle(.escape)
        #expect(state.form.values["repeats"] == .string("weekly") && state.outcome == nil)
    }

    @Test func ctrlCCancelsFromAnywhereAndTwiceIsYes() throws {
        var state = Self.run(
            [.enter, .character("x"), .enter, .enter, .character("y"), .control("c")], on: try Self.form())
        guard case .confirming(let question) = state.mode else {
            Issue.record("no question")
            return
        }
        #expect(question.action == .discardChanges && state.outcome == nil)
        state.handle(.control("c"))
        #expect(state.outcome == .cancelled && state.form.values["name"] == .string("Ada"))
        let untouched = Self.run([.down, .enter, .control("c")], on: try Self.form())
        #expect(untouched.outcome == .cancelled)
    }

    @Test func ctrlSWhileTypingSavesTheText() throws {
        let state = Self.run(
            [.enter, .control("u"), .character("B"), .character("o"), .control("s")], on: try Self.form())
        #expect(
            state.outcome
                == .saved(
                    .record(["name": .string("Bo"), "travellers": .int(2), "needsVisa": .bool(false), "notes": .null])))
    }

    @Test func aNestedFocusOpensThePagesOnTheWay() throws {
        let team = try YAMLFixtures.form("team")
        let member = EditorState(form: team, focus: "members[1].email")
        #expect(member.trail == ["members", "members[1]"] && member.focusedPath == "members[1].email")
        #expect(member.breadcrumb == ["Team", "Members", "Alan Turing"])
        let lead = EditorState(form: team, focus: "lead.name")
        #expect(lead.trail == ["lead"] && lead.focusedPath == "lead.name")
        let missing = EditorState(form: team, focus: "members[9].name")
        #expect(missing.trail == ["members"] && missing.focusedPath == "members[0]")
    }

    /// Text an entry's field did not take follows the entry when its key is renamed, and
    /// goes with it when it is removed.
    @Test func invalidTextFollowsItsEntry() throws {
        var state = EditorState(form: try YAMLFixtures.form("package"), focus: #"services["db"].port"#)
        for key in [Key.enter, .control("u"), .character("x"), .enter] { state.handle(key) }
        #expect(state.invalidInput.keys.map(\.description) == [#"services.db.port"#])
        state.handle(.escape)
        #expect(state.focusedPath == "services.db")
        for key in [Key.character("r"), .control("u")] + "pg".map(Key.character) + [.enter] { state.handle(key) }
        #expect(state.focusedPath == "services.pg")
        #expect(state.invalidInput.keys.map(\.description) == ["services.pg.port"])
        for key in [Key.character("d"), .character("y")] { state.handle(key) }
        #expect(state.invalidInput.isEmpty && state.rows == ["services.web"])
    }
}
