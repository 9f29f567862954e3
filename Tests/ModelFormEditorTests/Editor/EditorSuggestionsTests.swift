import ModelForm
import ModelFormEditor
import ModelFormYAML
import Testing

/// A text field's suggestions (`suggestions: [json, yaml]` in a forms file): read with
/// located errors, listed by the terminal editor while the field is edited and in the
/// prompt mode's question; any other text is still taken. (HTML's `<datalist>` is in
/// `HTMLSuggestionsTests`.)
@Suite struct EditorSuggestionsTests {
    static let types = "types:\n  Export: {format: String, pretty: Bool}\n"

    static func configs(_ forms: String) throws -> ConfigDictionary {
        var configs = try ConfigDictionary(typeDefinitions: types, file: "export.types.yaml")
        try ConfigLoader().apply(text: forms, file: "export.forms.yaml", to: &configs)
        return configs
    }

    static func form() throws -> Form<FormValue> {
        let configs = try configs("Export:\n  fields: [{key: format, suggestions: [json, yaml, '<b>']}, pretty]\n")
        return Form(values: .record(["format": .string("json"), "pretty": .bool(false)]), configs: configs)
    }

    @Test func theFormsFileReadsThem() throws {
        #expect(try Self.form().config.field("format")?.suggestions == ["json", "yaml", "<b>"])
    }

    @Test(arguments: [
        (
            "Export:\n  fields: [{key: pretty, suggestions: [yes]}]\n",
            "export.forms.yaml:2:39: error: 'suggestions' are for a text field (text, email, url, phone); 'pretty' is boolean"
        ),
        (
            "Export:\n  fields: [{key: format, suggestions: json}]\n",
            "export.forms.yaml:2:39: error: 'suggestions' must be a sequence"
        ),
    ])
    func misplacedOrMisshapenSuggestionsAreLocatedErrors(_ forms: String, _ message: String) throws {
        let error = #expect(throws: DiagnosticList.self) { try Self.configs(forms) }
        #expect(error?.description.contains(message) == true, "\(String(describing: error))")
    }

    @Test func theEditorListsThemWhileTheFieldIsEditedAndTakesOtherText() throws {
        var state = EditorState(form: try Self.form())
        var screen = EditorScreen(width: 80, height: 24)
        #expect(!screen.frame(state).lines.contains { $0.contains("Suggested:") })
        state.handle(.enter)  // edit Format
        #expect(screen.frame(state).lines.contains { $0.contains("Suggested: json, yaml, <b>") })
        for _ in 0..<4 { state.handle(.backspace) }
        for character in "toml" { state.handle(.character(character)) }
        state.handle(.enter)
        #expect(state.form.values[FormPath("format")] == .string("toml"))
    }

    @Test func thePromptModeNamesThemInTheQuestion() throws {
        var form = try Self.form()
        var written = ""
        let answers = ["csv", "", "y"]
        var next = answers.makeIterator()
        let outcome = AccessibleEditor(readLine: { next.next() }, write: { written += $0 }).run(&form)
        #expect(written.contains("Format (such as json, yaml, <b>) [json]: "), "\(written)")
        guard case .saved(let values)? = outcome else {
            Issue.record("not saved: \(written)")
            return
        }
        #expect(values[FormPath("format")] == .string("csv"))
    }
}
