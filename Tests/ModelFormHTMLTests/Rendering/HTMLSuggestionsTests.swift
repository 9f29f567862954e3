import ModelForm
import ModelFormHTML
import Testing

/// A text field's ``Field/suggestions`` on an HTML page: a `<datalist>` the input names in
/// `list`, each value escaped; none for a read-only field or a field that is not one line
/// of text.
@Suite struct HTMLSuggestionsTests {
    struct Export: Codable {
        var format = "json"
        var notes = ""
    }

    static func page(readOnly: Bool = false, suggestions: [String] = ["json", "yaml", "<b>", ""]) throws -> String {
        var configs = try ConfigDictionary(describing: Export.self)
        try configs[Export.self]?.update("format") {
            $0.suggestions = suggestions
            $0.readOnly = readOnly
        }
        try configs[Export.self]?.update("notes") {
            $0.type = .longText
            $0.suggestions = ["ignored"]
        }
        return HTMLRenderer().render(try Form(editing: Export(), configs: configs))
    }

    @Test func theInputNamesADatalistOfTheSuggestions() throws {
        let html = try Self.page()
        #expect(html.contains(#"list="f-format-suggestions""#), "\(html)")
        #expect(
            html.contains(
                #"<datalist id="f-format-suggestions"><option value="json">json</option><option value="yaml">yaml</option><option value="&lt;b&gt;">&lt;b&gt;</option></datalist>"#
            ), "\(html)")
    }

    @Test func noneForAReadOnlyFieldATextAreaOrNoSuggestions() throws {
        #expect(!(try Self.page(readOnly: true)).contains("datalist"))
        #expect(!(try Self.page(suggestions: [])).contains("datalist"))
        #expect(!(try Self.page()).contains("ignored"))
    }
}

/// An option the Nu checker would find empty gets a text: a choice of the empty string
/// (an enum `["", age, gpg]`) and an empty placeholder.
@Suite struct HTMLEmptyChoiceTests {
    struct Settings: Codable { var encryption = "" }

    @Test func anEmptyChoiceAndAnEmptyPlaceholderAreNamed() throws {
        var configs = try ConfigDictionary(describing: Settings.self)
        try configs[Settings.self]?.update("encryption") {
            $0.type = .options
            $0.options = [FieldOption(value: .string(""), title: ""), FieldOption(value: .string("age"), title: "Age")]
        }
        let html = HTMLRenderer().render(try Form(editing: Settings(), configs: configs))
        #expect(html.contains(#"<option value="" selected>(empty)</option>"#), "\(html)")
        try configs[Settings.self]?.update("encryption") { $0.placeholder = "" }
        let withPlaceholder = HTMLRenderer().render(try Form(editing: Settings(), configs: configs))
        #expect(withPlaceholder.contains(#"<option value="">&#8212;</option>"#), "\(withPlaceholder)")
        #expect(!withPlaceholder.contains("\"></option>"), "\(withPlaceholder)")
    }
}
