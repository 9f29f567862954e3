import Foundation
import ModelForm
import ModelFormEditor
import ModelFormTesting
import ModelFormYAML
import TestFixtures
import Testing

/// Golden screens of the terminal editor: a key script through the state machine, the
/// screen's text, each line's style and the state after it, at 80x24, 40x12 and 120x40.
/// `RECORD_GOLDENS=1` writes them again.
@Suite struct EditorGoldenTests {
    struct Scenario: CustomTestStringConvertible, Sendable {
        var name: String
        var fixture: String
        var size: (width: Int, height: Int)
        /// Keys separated by spaces: `Down`, `Enter`, `C-u`, `S-Tab`, ... or `'text` typed
        /// (`_` for a space); a leading `@path` focuses a field first.
        var script: String
        var testDescription: String { name }
    }

    static let small = (width: 40, height: 12)
    static let standard = (width: 80, height: 24)
    static let large = (width: 120, height: 40)

    static let scenarios: [Scenario] = [
        Scenario(name: "trip-start", fixture: "trip", size: standard, script: ""),
        Scenario(name: "trip-move-down", fixture: "trip", size: standard, script: "Down Tab"),
        Scenario(name: "trip-shift-tab-at-top", fixture: "trip", size: standard, script: "S-Tab Up"),
        Scenario(name: "trip-edit-name", fixture: "trip", size: standard, script: "Enter C-u 'Grace"),
        Scenario(name: "trip-edit-confirmed", fixture: "trip", size: standard, script: "Enter C-u 'Grace Enter"),
        Scenario(name: "trip-edit-abandoned", fixture: "trip", size: standard, script: "Enter C-u 'Bob Esc"),
        Scenario(
            name: "trip-line-editor-keys", fixture: "trip", size: standard,
            script: "Enter Home 'M Right Del End BS 'é C-a C-k 'Lin C-w 'Bo"),
        Scenario(
            name: "trip-invalid-left-with-tab", fixture: "trip", size: standard, script: "Down Enter C-u 'many Tab"),
        Scenario(
            name: "trip-invalid-edited-again", fixture: "trip", size: standard,
            script: "Down Enter C-u 'many Tab Up Enter"),
        Scenario(
            name: "trip-invalid-then-save", fixture: "trip", size: standard, script: "Down Enter C-u 'many Tab Down C-s"
        ),
        Scenario(
            name: "trip-invalid-fixed", fixture: "trip", size: standard,
            script: "Down Enter C-u 'many Tab Up Enter C-u '3 Enter"),
        Scenario(name: "trip-toggle-shows-notes", fixture: "trip", size: standard, script: "Down Down Space"),
        Scenario(name: "trip-toggle-hides-notes", fixture: "trip", size: standard, script: "Down Down Space End Space"),
        Scenario(
            name: "trip-date-invalid", fixture: "trip", size: standard, script: "@departs Enter C-u '2026-13-01 Enter"),
        Scenario(name: "trip-picker-open", fixture: "trip", size: standard, script: "@repeats Enter"),
        Scenario(name: "trip-picker-filter", fixture: "trip", size: standard, script: "@repeats Enter 'ly"),
        Scenario(name: "trip-picker-nothing-matches", fixture: "trip", size: standard, script: "@repeats Enter 'zz"),
        Scenario(name: "trip-picker-chosen", fixture: "trip", size: standard, script: "@repeats Enter 'week Enter"),
        Scenario(name: "trip-password-masked", fixture: "trip", size: standard, script: "@passcode Enter 'abc"),
        Scenario(
            name: "trip-email-invalid-save", fixture: "trip", size: standard,
            script: "@contact Enter C-u 'nope Enter C-s"),
        Scenario(name: "trip-required-empty-save", fixture: "trip", size: standard, script: "Enter C-u Enter End C-s"),
        Scenario(name: "trip-cancel-asks", fixture: "trip", size: standard, script: "Enter 'x Enter Esc"),
        Scenario(name: "trip-cancel-declined", fixture: "trip", size: standard, script: "Enter 'x Enter Esc 'n"),
        Scenario(name: "trip-saved", fixture: "trip", size: standard, script: "Enter 'x Enter C-s"),
        Scenario(name: "trip-40-start", fixture: "trip", size: small, script: ""),
        Scenario(
            name: "trip-40-editing-long-text", fixture: "trip", size: small,
            script: "Enter End '_and_a_very_long_name_indeed"),
        Scenario(name: "trip-40-picker", fixture: "trip", size: small, script: "@repeats Enter Down"),
        Scenario(name: "trip-40-status-message", fixture: "trip", size: small, script: "Down Enter C-u 'many Tab"),
        Scenario(name: "trip-120-start", fixture: "trip", size: large, script: ""),
        Scenario(
            name: "trip-120-notes-edited", fixture: "trip", size: large,
            script: "@needsVisa Space Down Enter 'Passport_ready. Enter"),
        Scenario(name: "team-start", fixture: "team", size: standard, script: ""),
        Scenario(name: "team-lead-opened", fixture: "team", size: standard, script: "Down Enter"),
        Scenario(
            name: "team-lead-round-trip", fixture: "team", size: standard,
            script: "Down Enter Enter C-u 'Ada_King Enter Esc"),
        Scenario(name: "team-members-opened", fixture: "team", size: standard, script: "@members Enter"),
        Scenario(name: "team-member-opened", fixture: "team", size: standard, script: "@members Enter Down Enter"),
        Scenario(
            name: "team-member-edited-and-back", fixture: "team", size: standard,
            script: "@members Enter Down Enter Enter C-u 'Alan_M._Turing Enter Esc"),
        Scenario(name: "team-member-added", fixture: "team", size: standard, script: "@members Enter 'a"),
        Scenario(
            name: "team-member-added-from-the-form", fixture: "team", size: standard,
            script: "@members 'a Enter Enter 'Charles_Babbage Enter Esc"),
        Scenario(name: "team-member-remove-asks", fixture: "team", size: standard, script: "@members Enter Down 'd"),
        Scenario(name: "team-member-removed", fixture: "team", size: standard, script: "@members Enter Down 'd 'y"),
        Scenario(
            name: "team-member-remove-declined", fixture: "team", size: standard, script: "@members Enter Down 'd 'n"),
        Scenario(name: "team-member-moved-down", fixture: "team", size: standard, script: "@members Enter 'J"),
        Scenario(name: "team-member-moved-up", fixture: "team", size: standard, script: "@members Enter End 'K"),
        Scenario(
            name: "team-tags-item-edited", fixture: "team", size: standard,
            script: "@tags Enter Enter C-u 'engines Enter"),
        Scenario(name: "team-tags-not-sortable", fixture: "team", size: standard, script: "@tags Enter 'J"),
        Scenario(name: "team-tags-emptied", fixture: "team", size: standard, script: "@tags Enter 'd 'y 'd 'y"),
        Scenario(name: "team-members-back-to-form", fixture: "team", size: standard, script: "@members Enter 'J Esc"),
        Scenario(
            name: "team-member-error-shown-on-the-list", fixture: "team", size: standard,
            script: "@members[2].email Enter 'x Enter Esc"),
        Scenario(
            name: "team-save-opens-the-first-error", fixture: "team", size: standard,
            script: "@members[2].email Enter 'x Enter Esc Esc C-s"),
        Scenario(
            name: "team-removal-keeps-errors-with-their-items", fixture: "team", size: standard,
            script: "@members[2].email Enter 'x Enter Esc Home 'd 'y"),
        Scenario(name: "team-40-members", fixture: "team", size: small, script: "@members Enter"),
        Scenario(name: "team-120-member-page", fixture: "team", size: large, script: "@members Enter End Enter"),
        Scenario(name: "cjk-start", fixture: "cjk", size: standard, script: ""),
        Scenario(name: "cjk-40-start", fixture: "cjk", size: small, script: ""),
        Scenario(name: "cjk-40-editing", fixture: "cjk", size: small, script: "Down Enter '・大阪"),
        Scenario(name: "cjk-120-picker", fixture: "cjk", size: large, script: "@座席 Enter"),
        Scenario(name: "tall-start", fixture: "tall", size: standard, script: ""),
        Scenario(name: "tall-page-down", fixture: "tall", size: standard, script: "PgDn"),
        Scenario(name: "tall-end", fixture: "tall", size: standard, script: "End"),
        Scenario(
            name: "tall-end-then-up", fixture: "tall", size: standard,
            script: "End Up Up Up Up Up Up Up Up Up Up Up Up Up Up Up Up Up Up Up Up Up Up"),
        Scenario(
            name: "tall-40-scrolled", fixture: "tall", size: small,
            script: "Down Down Down Down Down Down Down Down Down Down Down Down Down Down Down"),
        Scenario(name: "tall-40-focus-flag", fixture: "tall", size: small, script: "@answer30"),
        Scenario(name: "tall-120-home-after-end", fixture: "tall", size: large, script: "End Home"),
        Scenario(name: "package-start", fixture: "package", size: standard, script: ""),
        Scenario(name: "package-scripts-opened", fixture: "package", size: standard, script: "@scripts Enter"),
        Scenario(
            name: "package-script-edited", fixture: "package", size: standard,
            script: "@scripts Enter Down Enter C-u 'swift_test Enter"),
        Scenario(
            name: "package-entry-key-typed", fixture: "package", size: standard, script: "@scripts Enter 'a 'lint"),
        Scenario(
            name: "package-entry-added", fixture: "package", size: standard,
            script: "@scripts Enter 'a 'lint Enter Enter 'swiftlint Enter"),
        Scenario(
            name: "package-entry-added-from-the-form", fixture: "package", size: standard,
            script: "@scripts 'a 'docs Enter Esc"),
        Scenario(
            name: "package-taken-key-refused", fixture: "package", size: standard,
            script: "@scripts Enter 'a 'build Enter"
        ),
        Scenario(
            name: "package-entry-renamed", fixture: "package", size: standard,
            script: "@scripts Enter 'r C-u 'compile Enter"),
        Scenario(name: "package-entry-remove-asks", fixture: "package", size: standard, script: "@scripts Enter 'd"),
        Scenario(name: "package-entry-removed", fixture: "package", size: standard, script: "@scripts Enter 'd 'y C-s"),
        Scenario(name: "package-keeps-order", fixture: "package", size: standard, script: "@scripts Enter 'J"),
        Scenario(
            name: "package-service-opened", fixture: "package", size: standard, script: "@services Enter Down Enter"),
        Scenario(
            name: "package-service-edited-and-saved", fixture: "package", size: standard,
            script: "@services Enter Down Enter Down Enter '5432 Enter Esc Esc C-s"),
        Scenario(
            name: "package-nested-map", fixture: "package", size: standard,
            script: "@matrix Enter Enter 'a 'arm Enter Enter C-u 'x Enter"),
        Scenario(name: "package-40-scripts", fixture: "package", size: small, script: "@scripts Enter"),
        Scenario(
            name: "package-focus-on-an-entry", fixture: "package", size: standard, script: #"@services["db"].image"#),
        Scenario(name: "registration-start", fixture: "registration", size: standard, script: ""),
        Scenario(
            name: "registration-multi-select", fixture: "registration", size: standard,
            script: "@interests Enter Space Down Space"),
        Scenario(
            name: "registration-multi-select-closed", fixture: "registration", size: standard,
            script: "@interests Enter Space Enter"),
        Scenario(
            name: "registration-bitfield", fixture: "registration", size: standard,
            script: "@notifications Enter Down Space Enter"),
        Scenario(name: "registration-address", fixture: "registration", size: standard, script: "@address Enter"),
        Scenario(
            name: "registration-other-gender", fixture: "registration", size: standard,
            script: "@gender Enter 'other Enter"),
        Scenario(
            name: "registration-save-lists-errors", fixture: "registration", size: standard,
            script: "Enter C-u Enter Down Down Down Enter C-u Enter End C-s"),
        Scenario(name: "registration-40-start", fixture: "registration", size: small, script: ""),
        Scenario(name: "registration-120-start", fixture: "registration", size: large, script: ""),
    ]

    @Test(arguments: scenarios)
    func theScreenMatchesItsGolden(_ scenario: Scenario) throws {
        var (state, keys) = try Self.start(scenario)
        var screen = EditorScreen(width: scenario.size.width, height: scenario.size.height)
        // A frame after every key: the screen keeps its scroll position, as in a terminal.
        _ = screen.frame(state)
        for key in keys {
            state.handle(key, pageSize: scenario.size.height - 4)
            _ = screen.frame(state)
        }
        let frame = screen.frame(state)
        #expect(frame.lines.count == scenario.size.height)
        #expect(frame.lines.allSatisfy { DisplayColumns.of($0) <= scenario.size.width })
        let text = Self.golden(scenario, frame: frame, state: state)
        let path = PackagePaths.url("Tests/Golden/editor/\(scenario.name).txt").path
        if let difference = Golden.compare(text, to: path) { Issue.record(Comment(rawValue: difference)) }
    }

    static func golden(_ scenario: Scenario, frame: EditorFrame, state: EditorState) -> String {
        var text = "# \(scenario.fixture) at \(scenario.size.width)x\(scenario.size.height), keys: \(scenario.script)\n"
        text += frame.lines.joined(separator: "\n") + "\n"
        text += "--- styles\n"
        text +=
            frame.styles.enumerated().map { "\($0.offset + 1) \($0.element.rawValue)" }.joined(separator: "\n") + "\n"
        text += "--- state\n"
        text += "focus: \(state.focusedPath?.description ?? "none")\n"
        if let cursor = frame.cursor { text += "cursor: line \(cursor.line + 1), column \(cursor.column + 1)\n" }
        switch state.outcome {
        case .saved(let values)?: text += "outcome: saved\n" + Self.values(values, fixture: scenario.fixture)
        case .cancelled?: text += "outcome: cancelled\n"
        case nil: text += "changed: \(state.form.changes.map(\.path.description).joined(separator: ", "))\n"
        }
        return text
    }

    static func values(_ values: FormValue, fixture: String) -> String {
        guard let (configs, typeName) = try? YAMLFixtures.configs(fixture),
            let text = try? ValuesFile.text(values, typeName: typeName, configs: configs, syntax: .yaml)
        else { return "" }
        return text
    }

    static func start(_ scenario: Scenario) throws -> (state: EditorState, keys: [Key]) {
        var tokens = scenario.script.split(separator: " ").map(String.init)
        var focus: FormPath?
        if let first = tokens.first, first.hasPrefix("@") {
            focus = try FormPath(parsing: String(first.dropFirst()))
            tokens.removeFirst()
        }
        return (EditorState(form: try YAMLFixtures.form(scenario.fixture), focus: focus), tokens.flatMap(Self.keys))
    }

    /// The keys a script token stands for.
    static func keys(_ token: String) -> [Key] {
        if token.hasPrefix("'") { return token.dropFirst().map { $0 == "_" ? .space : .character($0) } }
        if token.hasPrefix("C-"), let letter = token.last { return [.control(letter)] }
        let named: [String: Key] = [
            "Up": .up, "Down": .down, "Left": .left, "Right": .right, "Home": .home, "End": .end, "PgUp": .pageUp,
            "PgDn": .pageDown,
            "Tab": .tab, "S-Tab": .shiftTab, "Enter": .enter, "Esc": .escape, "Space": .space, "BS": .backspace,
            "Del": .delete,
        ]
        guard let key = named[token] else {
            Issue.record("unknown key \(token)")
            return []
        }
        return [key]
    }
}
