import ModelForm
import ModelFormHTML
import ModelFormMarkdown
import ModelFormTesting
import ModelFormText
import RenderingFixtures
import Testing

/// The same form gives the same information in every format: every visible field's title
/// and value (escaped as each format escapes it) are in the text, Markdown and HTML output.
@Suite struct ConsistencyTests {
    @Test(arguments: Renderings.themes)
    func everyFormatCarriesEveryTitleAndValue(theme: String) throws {
        let text = try Renderings.everything(format: "text", theme: theme)
        let markdown = try Renderings.everything(format: "markdown", theme: theme)
        let html = try Renderings.everything(format: "html", theme: theme)
        let configs = EverythingFixture.configs
        let display = FieldDisplay(configs: configs)
        guard case .record(let record) = EverythingFixture.values else {
            Issue.record("no record")
            return
        }
        for field in configs.root.fields where !field.hidden {
            #expect(text.contains(PlainTextFormat.escape(field.title)), "text lacks \(field.title)")
            #expect(markdown.contains(MarkdownFormat.escape(field.title)), "markdown lacks \(field.title)")
            #expect(html.contains(HTMLEscaping.html(field.title)), "html lacks \(field.title)")
            guard let key = field.key, let value = record[key],
                [.text, .email, .url, .phone, .integer, .unsigned, .number, .float].contains(field.type)
            else { continue }
            let shown = display.display(value, for: field)
            #expect(
                text.contains(PlainTextFormat.escape(shown).split(separator: " ").first.map(String.init) ?? ""),
                "text lacks the value of \(key)")
            #expect(markdown.contains(MarkdownFormat.escape(shown)), "markdown lacks the value of \(key)")
            #expect(
                html.contains(HTMLEscaping.html(display.inputValue(value, for: field))),
                "html lacks the value of \(key)")
        }
    }
}
