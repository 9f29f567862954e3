import Foundation
import ModelForm
import ModelFormEditor
import ModelFormHTML
import ModelFormMarkdown
import ModelFormTesting
import ModelFormText
import ModelFormYAML
import Testing

/// The examples of the `///` comments of the renderers, the editor, the YAML module and the
/// testing helpers, each compiled and run here (`DocumentationChecks` holds them to the
/// comments).
@Suite struct FrontEndDocExamples {
    struct User: Codable {
        var email = ""
        var password = ""
    }
    struct Order: Codable {
        var price = 12
    }

    @Test func editors() throws {
        let configs = try ConfigDictionary(
            typeDefinitions: "root: Person\ntypes:\n  Person:\n    name: String\n    age: Int\n",
            file: "person.types.yaml")
        // doc: Sources/ModelFormEditor/AccessibleEditor.swift
        var answers = ["Grace", "", "y"].makeIterator()
        var transcript = ""
        var form = Form(
            values: .record(["name": .string("Ada"), "age": .int(36)]), configs: configs, typeName: "Person")
        let outcome = AccessibleEditor(readLine: { answers.next() }, write: { transcript += $0 }).run(&form)
        // transcript: Name [Ada]: Age [36]: Save changes? [y/N]:   outcome: .saved(...)
        // end doc
        #expect(transcript.contains("Name") && form.values["name"] == .string("Grace"))
        if case .saved = outcome {} else { Issue.record("not saved: \(String(describing: outcome))") }
        // doc: Sources/ModelFormEditor/EditorState.swift
        var state = EditorState(
            form: Form(values: .record(["name": .string("Ada")]), configs: configs, typeName: "Person"))
        state.handle(.enter)  // edit the name
        state.handle(.control("u"))  // clear it
        for character in "Grace" { state.handle(.character(character)) }
        state.handle(.enter)  // confirm: the form now holds "Grace"
        state.handle(.control("s"))  // save: state.outcome == .saved(...)
        // end doc
        if case .saved(let values) = state.outcome {
            #expect(values["name"] == .string("Grace"))
        } else {
            Issue.record("not saved: \(String(describing: state.outcome))")
        }
        // doc: Sources/ModelFormEditor/FramePainter.swift
        var painter = FramePainter(color: false, theme: .default)
        var screen = EditorScreen(width: 80, height: 24)
        let bytes = painter.paint(screen.frame(state))  // everything the first time
        // end doc
        #expect(!bytes.isEmpty)
    }

    @Test func htmlRenderers() throws {
        var form = try Form(editing: User())
        let theme = Theme.default
        let tree = form.tree()
        // doc: Sources/ModelFormHTML/HTMLAttributes.swift
        let stars = Cell<HTMLFormat>(name: "stars") { context, writer in
            writer.open("input")
            writer.attribute("type", "range")
            writer.commonAttributes(context)
            writer.end()
        }
        // end doc
        var cells = HTMLCells.standard
        cells.register(stars)
        try form.configs[User.self]?.update("email") { $0.cell = "stars" }
        // doc: Sources/ModelFormHTML/HTMLRenderer.swift
        let page = HTMLRenderer(theme: theme).render(tree)
        // end doc
        #expect(page.contains("<form"))
        do {
            // doc: Sources/ModelFormHTML/HTMLRenderer.swift
            var page: [UInt8] = []
            try HTMLRenderer().render(tree, piecesOf: 4096) { page += $0 }
            // end doc
            #expect(String(decoding: page, as: UTF8.self) == HTMLRenderer().render(tree))
        }
        do {
            // doc: Sources/ModelFormHTML/HTMLRenderer.swift
            let page = HTMLRenderer(cells: cells).render(form)
            // end doc
            #expect(page.contains("type=\"range\""))
        }
        do {
            // doc: Sources/ModelFormHTML/HTMLRenderer+Document.swift
            let page = HTMLRenderer(theme: theme).renderDocument(form.tree())
            // end doc
            #expect(!page.contains("<form"))
        }
        // doc: Sources/ModelFormHTML/HTMLWriter.swift
        var writer = HTMLWriter()
        writer.open("input")
        writer.attribute("type", "email")
        writer.flag("required", true)
        writer.end()
        // end doc
        #expect(writer.output == "<input type=\"email\" required>")
        do {
            // doc: Sources/ModelFormHTML/Theme+HTML.swift
            var theme = Theme.default
            theme.css.append(".mf-form { max-width: 40rem }")
            // end doc
            #expect(theme.css.last == ".mf-form { max-width: 40rem }")
        }
    }

    @Test func exports() throws {
        let form = try Form(editing: User())
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("doc-exports-\(UUID())")
        defer { try? FileManager.default.removeItem(at: folder) }
        let site = folder.appendingPathComponent("site")
        let docs = folder.appendingPathComponent("docs")
        // doc: Sources/ModelFormHTML/HTMLRenderer+Export.swift
        let pages = try HTMLRenderer().export(form, to: site)  // ["index.html", "User.html"]
        // end doc
        // doc: Sources/ModelFormMarkdown/MarkdownRenderer+Export.swift
        let documents = try MarkdownRenderer().export(form, to: docs)  // ["index.md", "User.md"]
        // end doc
        #expect(pages.contains("User.html") && documents.contains("User.md"))
    }

    @Test func textAndMarkdown() throws {
        let form = try Form(editing: User())
        let tree = form.tree()
        do {
            // doc: Sources/ModelFormMarkdown/MarkdownRenderer.swift
            let markdown = MarkdownRenderer().render(tree)
            // end doc
            #expect(markdown.contains("Email"))
        }
        do {
            // doc: Sources/ModelFormMarkdown/MarkdownRenderer.swift
            let markdown = MarkdownRenderer().render(form)
            // end doc
            #expect(markdown.contains("Email"))
        }
        do {
            let streamed = try #require(form.streamedTree())
            // doc: Sources/ModelFormMarkdown/MarkdownRenderer.swift
            var markdown = ""
            try MarkdownRenderer().render(streamed, piecesOf: 4096) { markdown += $0 }
            // end doc
            #expect(markdown == MarkdownRenderer().render(tree))
        }
        // doc: Sources/ModelFormMarkdown/Theme+Markdown.swift
        var theme = Theme.default
        theme.markdownStyle = .list
        // end doc
        #expect(theme.markdownStyle == .list)
        // doc: Sources/ModelFormText/TextRenderer.swift
        let page = TextRenderer(width: 72).render(form.tree())
        // end doc
        // doc: Sources/ModelFormText/TextRenderer.swift
        let text = TextRenderer(width: 80).render(form)
        // end doc
        #expect(page.contains("Email") && text.contains("Email"))
        let streamed = try #require(form.streamedTree())
        do {
            // doc: Sources/ModelFormText/TextRenderer.swift
            var text = ""
            try TextRenderer(width: 60).render(streamed, piecesOf: 4096) { text += $0 }
            // end doc
            #expect(text == TextRenderer(width: 60).render(form.tree()))
        }
    }

    @Test func yaml() throws {
        var configs = try ConfigDictionary(describing: Order.self)
        do {
            // doc: Sources/ModelFormYAML/Loading/ConfigDictionary+TypeDefinitions.swift
            var configs = try ConfigDictionary(
                typeDefinitions: "types:\n  Contact:\n    email: String\n", file: "contact.types.yaml")
            try configs["Contact"]?.update("email") { $0.placeholder = "you@example.com" }
            // end doc
            #expect(configs["Contact"]?.field("email")?.placeholder == "you@example.com")
        }
        // doc: Sources/ModelFormYAML/Loading/ConfigLoader.swift
        var money = FormPlugin(name: "money")
        money.fieldTypes = ["money"]
        var environment = FormEnvironment()
        environment.install(money)
        let forms = "Order: {overrides: {price: {type: money}}}"
        try ConfigLoader(environment: environment).apply(text: forms, file: "order.forms.yaml", to: &configs)
        // end doc
        #expect(configs["Order"]?.field("price")?.type == "money")
        // doc: Sources/ModelFormYAML/Loading/Form+FormsFile.swift
        var form = try Form(editing: User())
        try form.applyForms(text: "User: {title: Sign Up, fields: [email, password]}", file: "user.forms.yaml")
        // end doc
        #expect(form.config.title == "Sign Up")
        do {
            let configs = try ConfigDictionary(describing: User.self)
            let text = "email: ada@example.com\npassword: secret\n"
            // doc: Sources/ModelFormYAML/Loading/ValuesFileFormat.swift
            let format = ValuesFileFormat(typeName: "User", configs: configs)
            let values = try format.read(text: text, file: "user.values.yaml")
            // end doc
            // doc: Sources/ModelFormYAML/Loading/ValuesFileFormat.swift
            let (kept, unparsed) = try format.readKeepingUnparsed(text: text, file: "user.values.yaml")
            // end doc
            #expect(values == kept && unparsed.isEmpty)
            let changed = FormValue.record(["email": .string("grace@example.com"), "password": .string("secret")])
            // doc: Sources/ModelFormYAML/Loading/ValuesFileFormat.swift
            let original = "# Who\nemail: ada@example.com  # work\npassword: secret\n"
            let edited = try format.text(changed, syntax: .yaml, editing: original)
            // "# Who\nemail: grace@example.com  # work\npassword: secret\n": only the value changed
            // end doc
            #expect(edited == "# Who\nemail: grace@example.com  # work\npassword: secret\n")
            do {
                let values = changed
                // doc: Sources/ModelFormYAML/Loading/ValuesSyntax.swift
                let syntax = ValuesSyntax(path: "Cargo.values.toml")  // .toml
                let text = try format.text(values, syntax: syntax)
                // end doc
                #expect(syntax == .toml && text == "email = \"grace@example.com\"\npassword = \"secret\"\n")
            }
        }
        do {
            // doc: Sources/ModelFormYAML/Node/JSONValue+YAML.swift
            var environment = FormEnvironment()
            environment.readJSONFieldsAsYAML()
            // end doc
            _ = environment
        }
        // doc: Sources/ModelFormYAML/Node/YAMLEmitter.swift
        let text = try YAMLEmitter.emit(.record(["name": .string("Ada"), "age": .int(36)]))
        // name: Ada
        // age: 36
        // end doc
        #expect(text == "name: Ada\nage: 36\n")
        // doc: Sources/ModelFormYAML/Node/YAMLParser.swift
        let documents = try YAMLParser.parse("RegistrationForm: {title: Join}", file: "config/forms.yaml")
        let title = documents[0]["RegistrationForm"]?["title"]?.string  // "Join"
        // end doc
        #expect(title == "Join")
    }

    @Test func testingHelpers() throws {
        var form = try Form(editing: User())
        // doc: Sources/ModelFormTesting/BrowserForm.swift
        let body = BrowserForm.body(HTMLRenderer().render(form), typing: ["email": "ada@example.com"], clicking: "save")
        try form.apply(submission: body)
        // end doc
        #expect(form.values["email"] == .string("ada@example.com"))
        var values = form.values
        // doc: Sources/ModelFormTesting/ScalarEdits.swift
        for (path, old) in ScalarEdits.scalars(values) { try values.set(ScalarEdits.other(than: old), at: path) }
        // end doc
        #expect(values["email"] != form.values["email"])
    }
}
