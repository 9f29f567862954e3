import Foundation
import ModelForm
import ModelFormEditor
import ModelFormHTML
import ModelFormMarkdown
import ModelFormText
import ModelFormYAML
import Testing

/// Free JSON in every front end: a types file's `JSON`, read from and written to a values
/// file as it is, drawn on one line in text and Markdown and indented in an HTML textarea,
/// typed as YAML or JSON in the terminal editor.
@Suite struct FreeJSONFrontEndTests {
    static let types = "root: Plugin\ntypes:\n  Plugin:\n    name: String\n    options: JSON\n"
    static let values = "name: lint\noptions:\n  strict: true\n  ignore: [build, \"</textarea><b>\"]\n"

    static func form() throws -> Form<FormValue> {
        let configs = ConfigDictionary(try TypeDefinitionLoader.load(text: types, file: "plugin.types.yaml"))
        let values = try ValuesFile.read(
            text: Self.values, file: "plugin.values.yaml", typeName: "Plugin", configs: configs)
        var environment = FormEnvironment()
        environment.readJSONFieldsAsYAML()
        return Form(values: values, configs: configs, typeName: "Plugin", environment: environment)
    }

    @Test func aValuesFileHoldsItAsWrittenAndWritesItBack() throws {
        let form = try Self.form()
        #expect(
            form.value(at: "options")
                == .record(["strict": .bool(true), "ignore": .list([.string("build"), .string("</textarea><b>")])]))
        for json in [false, true] {
            let text = try ValuesFile.text(
                form.values, typeName: "Plugin", configs: form.configs, syntax: json ? .json : .yaml)
            let again = try ValuesFile.read(text: text, file: "again", typeName: "Plugin", configs: form.configs)
            #expect(again == form.values, "\(text)")
        }
    }

    @Test func textAndMarkdownDrawItOnOneLineHTMLInATextarea() throws {
        let form = try Self.form()
        #expect(TextRenderer().render(form).contains(#"{"strict": true, "ignore": ["build", "</textarea><b>"]}"#))
        #expect(
            MarkdownRenderer().render(form).contains(
                #"| Options | {"strict": true, "ignore": \["build", "\</textarea\>"#))
        let html = HTMLRenderer().render(form)
        let area = try #require(
            html.range(of: "<textarea class=\"mf-json\"").map { String(html[$0.lowerBound...].prefix(200)) })
        #expect(
            area.hasPrefix(#"<textarea class="mf-json" rows="4" id="f-options" name="options" spellcheck="false">"#),
            "\(area)")
        #expect(html.contains("&lt;/textarea&gt;&lt;b&gt;"))
        #expect(!html.contains("</textarea><b>"))
    }

    @Test func theEditorTakesYAMLOnOneLine() throws {
        var state = EditorState(form: try Self.form(), focus: "options")
        state.handle(.enter)
        guard case .editing(let editor) = state.mode else {
            Issue.record("no line editor: \(state.mode)")
            return
        }
        #expect(editor.value == #"{"strict": true, "ignore": ["build", "</textarea><b>"]}"#)
        state.handle(.control("u"))
        for character in "{level: 2, tags: [a, b]}" { state.handle(.character(character)) }
        state.handle(.enter)
        #expect(
            state.form.value(at: "options")
                == .record(["level": .int(2), "tags": .list([.string("a"), .string("b")])]))
        state.handle(.enter)
        state.handle(.control("u"))
        for character in "{level: " { state.handle(.character(character)) }
        state.handle(.enter)
        #expect(state.message?.hasPrefix("Options: not YAML or JSON: line ") == true, "\(state.message ?? "")")
    }
}
