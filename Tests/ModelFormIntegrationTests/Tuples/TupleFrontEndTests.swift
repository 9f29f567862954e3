import Foundation
import ModelForm
import ModelFormEditor
import ModelFormHTML
import ModelFormMarkdown
import ModelFormText
import ModelFormYAML
import TestFixtures
import Testing

/// Tuples, `(Double, Double)`: a list whose items differ by position, drawn as a fixed row
/// of fields in every front end, each position at its index (`point[1]`), with its own
/// title, type and rules; the items after the positions (`(String, JSON...)`) are added and
/// removed, the positions are not.
@Suite struct TupleFrontEndTests {
    static let types = """
        root: Config
        types:
          Config:
            name: String
            point: (Double, Double)
            plugin: (String, JSON...)
            pair: (String, Bool)?
        """
    static let forms = """
        Config:
          fields:
            - name
            - key: point
              positions: [{title: X}, {title: Y, rules: [{range: {min: 0}}]}]
            - plugin
            - pair
        """
    static let values = "name: demo\npoint: [1.5, 4]\nplugin: [remark-lint, {a: 1}]\n"

    static func configs() throws -> ConfigDictionary {
        var configs = ConfigDictionary(try TypeDefinitionLoader.load(text: types, file: "t.types.yaml"))
        try ConfigLoader().apply(text: forms, file: "t.forms.yaml", to: &configs)
        return configs
    }

    static func form(_ text: String = values) throws -> Form<FormValue> {
        let configs = try configs()
        let values = try ValuesFile.read(text: text, file: "t.values.yaml", typeName: "Config", configs: configs)
        return Form(values: values, configs: configs, typeName: "Config")
    }

    @Test func aTypesFileWritesATupleAndItsItemsAfterThePositions() throws {
        let configs = try Self.configs()
        let point = try #require(configs.root.field("point"))
        #expect(point.positions.map(\.title) == ["X", "Y"])
        #expect(point.positions.map(\.type) == [.float, .float])
        #expect(point.template == nil)
        let plugin = try #require(configs.root.field("plugin"))
        #expect(plugin.positions.map(\.title) == ["Plugin 1"])
        #expect(plugin.template?.type == .json)
        #expect(configs.root.field("pair")?.valueType?.name == "(String, Bool)?")
    }

    @Test(arguments: [
        ("(String,)", "t.types.yaml:4:8: error: '(String,)' is not a tuple"),
        ("()", "t.types.yaml:4:8: error: '()' is not a tuple"),
        ("(String, Widget)", "t.types.yaml:4:8: error: unknown type 'Widget'"),
        (
            String(repeating: "(", count: 50_000) + "String" + String(repeating: ", Int)", count: 50_000),
            "t.types.yaml:4:8: error: the type nests lists, maps, sets or tuples more than 128 levels deep"
        ),
    ])
    func aMalformedTupleIsALocatedError(_ expression: String, _ message: String) {
        let text = "root: C\ntypes:\n  C:\n    a: \"\(expression)\"\n"
        #expect(throws: (any Error).self) { try TypeDefinitionLoader.load(text: text, file: "t.types.yaml") }
        do {
            _ = try TypeDefinitionLoader.load(text: text, file: "t.types.yaml")
        } catch {
            #expect("\(error)".contains(message), "\(error)")
        }
    }

    @Test func textAndMarkdownDrawARowOfFields() throws {
        let form = try Self.form()
        let text = TextRenderer().render(form)
        #expect(text.contains("Point\n  X  1.5\n  Y  4\n"), "\(text)")
        #expect(text.contains("Plugin\n  Plugin 1  remark-lint\n  Plugin 2  {\"a\": 1}\n"), "\(text)")
        let markdown = MarkdownRenderer().render(form)
        #expect(markdown.contains("| Point | 1\\.5, 4 |"), "\(markdown)")
        #expect(markdown.contains("## Point\n\n| Field | Value |\n| --- | --- |\n| X | 1\\.5 |\n| Y | 4 |"))
    }

    @Test func anHTMLSubmissionBindsEachPosition() throws {
        var form = try Self.form()
        let html = HTMLRenderer().render(form)
        #expect(html.contains(#"<label for="f-point-1">Y</label><input type="number" id="f-point-1" name="point[1]""#))
        let body = "name=demo&point%5B0%5D=2&point%5B1%5D=3.5&plugin%5B0%5D=lint&plugin%5B1%5D=%7B%7D&_action=save"
        #expect(try form.apply(submission: body) == .save)
        #expect(form.value(at: "point") == .list([.double(2), .double(3.5)]))
        #expect(form.value(at: "plugin") == .list([.string("lint"), .record(FormRecord())]))
        #expect(throws: FormError.self) { try form.apply(submission: "point%5B1%5D=-1&_action=save") }
        #expect(form.value(at: "point[1]") == .double(3.5), "a failed validation changes nothing")
    }

    @Test func aPageAddsAndRemovesTheItemsAfterThePositionsOnly() throws {
        var form = try Self.form()
        let html = HTMLRenderer().render(form)
        #expect(html.contains(#"value="add:plugin""#))
        #expect(html.contains(#"value="remove:plugin[1]""#))
        #expect(!html.contains(#"value="remove:plugin[0]""#), "a position has no remove button")
        #expect(!html.contains(#"value="add:point""#), "nothing may follow the point's positions")
        let fields =
            "name=demo&point%5B0%5D=1.5&point%5B1%5D=4&plugin%5B0%5D=remark-lint&plugin%5B1%5D=%7B%22a%22%3A1%7D"
        #expect(try form.apply(submission: fields + "&_action=add%3Aplugin") != .save)
        #expect(form.value(at: "plugin") == .list([.string("remark-lint"), .record(["a": .int(1)]), .null]))
        _ = try form.apply(submission: fields + "&_action=remove%3Aplugin%5B1%5D")
        #expect(form.value(at: "plugin") == .list([.string("remark-lint"), .null]))
        #expect(throws: FormError.self) { try form.apply(submission: fields + "&_action=remove%3Aplugin%5B0%5D") }
    }

    @Test func aPositionPastTheEndIsFilledAndTooManyItemsAreAnError() throws {
        var form = try Self.form()
        try form.setText("yes", at: "pair[1]")
        #expect(form.value(at: "pair") == .list([.string(""), .bool(true)]))
        var long = try Self.form("name: a\npoint: [1, 2, 3]\nplugin: [x]\n")
        #expect(long.value(at: "point") == .list([.double(1), .double(2), .int(3)]), "kept as it is")
        #expect(
            long.validate().map(\.message) == ["has 3 items, and nothing may follow its 2 positions"])
    }

    @Test func onlyTheItemsAfterThePositionsAreAddedAndRemoved() throws {
        var form = try Self.form()
        #expect(try form.addItem(to: "plugin") == "plugin[2]")
        try form.setText("3", at: "plugin[2]")
        #expect(form.value(at: "plugin[2]") == .int(3))
        try form.removeItem(at: "plugin[2]")
        #expect(throws: FormError.self) { try form.addItem(to: "point") }
        #expect(throws: FormError.self) { try form.removeItem(at: "plugin[0]") }
        let saved = try ValuesFile.text(form.values, typeName: "Config", configs: form.configs, syntax: .yaml)
        #expect(saved.contains("point: [1.5, 4]") || saved.contains("point:\n- 1.5\n- 4"), "\(saved)")
    }

    /// The page with tuples through the Nu checker and axe-core (with the external checks).
    @Test(.enabled(if: ProcessInfo.processInfo.environment["MODELFORM_EXTERNAL_CHECKS"] == "1"))
    func thePagePassesTheNuCheckerAndAxe() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("modelform-tuples-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        var form = try Self.form()
        try form.setText("yes", at: "pair[1]")
        try HTMLRenderer().render(form).write(
            to: folder.appendingPathComponent("tuples.html"), atomically: true, encoding: .utf8)
        try ExternalCheckers.check("check_outputs.py", "--pages", folder.path)
    }

    @Test func theEditorOpensATupleAsAPageOfItsPositions() throws {
        var state = EditorState(form: try Self.form(), focus: "point")
        state.handle(.enter)
        #expect(state.page.breadcrumb == ["Config", "Point"])
        #expect(state.focusedPath == "point[0]")
        state.handle(.down)
        state.handle(.enter)
        state.handle(.control("u"))
        for character in "7" { state.handle(.character(character)) }
        state.handle(.enter)
        #expect(state.form.value(at: "point[1]") == .double(7))
        state.handle(.character("a"))
        #expect(state.message == "Point holds 2 positions and nothing after them")
    }

    @Test func theEditorAddsAndRemovesTheItemsAfterThePositions() throws {
        var state = EditorState(form: try Self.form(), focus: "plugin")
        state.handle(.enter)
        state.handle(.character("d"))
        #expect(state.message == "Plugin 1 is a position of Plugin: it stays")
        state.handle(.character("a"))
        #expect(Self.count(state.form.value(at: "plugin")) == 3)
        #expect(state.focusedPath == "plugin[2]")
        state.handle(.character("d"))
        state.handle(.character("y"))
        #expect(Self.count(state.form.value(at: "plugin")) == 2)
    }

    static func count(_ value: FormValue?) -> Int {
        if case .list(let items)? = value { return items.count }
        return -1
    }
}
