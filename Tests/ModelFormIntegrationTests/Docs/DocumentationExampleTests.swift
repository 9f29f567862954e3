import Foundation
import Hummingbird
import ModelForm
import ModelFormEditor
import ModelFormHTML
import ModelFormHummingbird
import ModelFormJSONSchema
import ModelFormMarkdown
import ModelFormServer
import ModelFormTesting
import ModelFormText
import ModelFormYAML
import Testing

/// Every Swift example in README.md and the DocC articles is compiled and run here.
///
/// Each example sits in this folder's files between `// doc: PATH` and `// end doc`; the tests check
/// that the document shows exactly those lines, and that every ```swift block of every
/// document is one of them, so an example can neither drift nor go untested.
@Suite struct DocumentationExampleTests {
    static let documents =
        ["README.md"]
        + ((try? FileManager.default
        .contentsOfDirectory(atPath: PackagePaths.url("Sources/ModelForm/ModelForm.docc").path)) ?? [])
        .filter { $0.hasSuffix(".md") }.sorted().map { "Sources/ModelForm/ModelForm.docc/" + $0 }

    // MARK: The examples

    typealias Employee = ContractEmployee
    struct Address: Codable {
        var street = ""
        var city = ""
    }
    struct User: Codable {
        var email = ""
        var password = ""
        var rememberMe = false
        var address = Address()
    }

    @Test func readmeFiveLines() throws {
        let body = "email=ada%40example.com&password=secret&rememberMe=true"
        // doc: README.md
        var form = try Form(editing: User())  // Form<User>: configs, values, errors
        // a typo throws, with a suggestion
        try form.configs[User.self]?.update("rememberMe") { $0.title = "Keep me signed in" }
        let page = HTMLRenderer().render(form)  // a real <form method="post">
        try form.apply(submission: body)  // all or nothing; a refusal keeps the raw input
        let user: User = try form.commit()  // validated, decoded back through Codable
        // end doc
        #expect(page.contains("Keep me signed in"))
        #expect(user.email == "ada@example.com" && user.rememberMe && user.password == "secret")
    }

    struct Office: Codable, Equatable {
        var street = ""
        var city = ""
    }
    struct Manifest: Codable {
        var scripts: [String: String] = [:]
        var offices: [String: Office] = [:]
    }

    @Test func mapsArticle() throws {
        let manifest = Manifest(
            scripts: ["build": "swift build", "build:prod": "swift build -c release"],
            offices: ["Branch office": Office()])
        // doc: Sources/ModelForm/ModelForm.docc/Maps.md
        var form = try Form(editing: manifest)  // scripts: [String: String], offices: [String: Address]
        try form.setText("make", at: #"scripts["build:prod"]"#)
        let entry = try form.addEntry("test", to: "scripts")  // scripts.test, the template's default
        try form.renameEntry(at: "scripts.build", to: "compile")  // keeps its value and place
        try form.removeItem(at: #"scripts["build:prod"]"#)
        try form.setText("Bergen", at: #"offices["Branch office"].city"#)  // into an entry's record
        let saved: Manifest = try form.commit()
        // end doc
        #expect(entry == "scripts.test")
        #expect(saved.scripts == ["compile": "swift build", "test": ""])
        #expect(saved.offices["Branch office"]?.city == "Bergen")
    }

    @Test func freeJSON() throws {
        // doc: Sources/ModelForm/ModelForm.docc/FreeJSON.md
        struct Plugin: Codable {
            var name = "lint"
            var options: JSONValue = ["strict": true, "ignore": ["build", "dist"]]
        }

        var form = try Form(editing: Plugin())
        try form.setText(#"{"retries": 3, "paths": ["a", "b"]}"#, at: "options")
        let saved = try form.commit()  // saved.options["retries"] == 3
        // end doc
        #expect(saved.options["retries"] == 3 && saved.options["paths"] == ["a", "b"])
    }

    @Test func readmeTerminalEditor() throws {
        let configs = ConfigDictionary(
            try TypeDefinitionLoader.load(
                text: "root: Person\ntypes:\n  Person:\n    name: String\n", file: "person.types.yaml"))
        // doc: Sources/ModelForm/ModelForm.docc/TerminalEditor.md
        var state = EditorState(
            form: Form(values: .record(["name": .string("Ada")]), configs: configs, typeName: "Person"))
        for key: Key in [.enter, .control("u"), .character("G"), .character("e"), .enter, .control("s")] {
            state.handle(key)
        }
        var screen = EditorScreen(width: 80, height: 24)
        let frame = screen.frame(state)  // frame.lines, frame.styles, frame.cursor
        if case .saved(let values)? = state.outcome {
            print(try ValuesFile.text(values, typeName: "Person", configs: configs, syntax: .yaml))
        }  // name: Ge
        // end doc
        #expect(frame.lines[1] == "› Name  Ge" && frame.styles[1] == .focused)
        #expect(state.outcome == .saved(.record(["name": .string("Ge")])))
    }

    struct EmployeeRecords: ModelStore {
        func load() async throws -> (model: ContractEmployee, version: String) { (ContractEmployee(name: "Ada"), "1") }
        func save(_ model: ContractEmployee, expecting version: String) async throws -> String { "2" }
    }

    @Test func readmeHummingbird() async throws {
        typealias Employee = ContractEmployee
        let secret = CSRFProtection.randomSecret()
        // doc: Sources/ModelForm/ModelForm.docc/Server.md
        let router = Router()
        // GET, POST on /employee/**
        try router.addForm(Employee.self, at: "/employee", store: EmployeeRecords(), secret: secret)
        let app = Application(router: router, configuration: .init(address: .hostname("127.0.0.1", port: 8080)))
        // end doc
        _ = app
    }

    @Test func editorStateDocComment() throws {
        let configs = ConfigDictionary(
            try TypeDefinitionLoader.load(
                text: "root: Person\ntypes:\n  Person:\n    name: String\n    age: Int\n", file: "person.types.yaml"))
        // The example in EditorState's documentation comment.
        var state = EditorState(
            form: Form(values: .record(["name": .string("Ada")]), configs: configs, typeName: "Person"))
        state.handle(.enter)  // edit the name
        state.handle(.control("u"))  // clear it
        for character in "Grace" { state.handle(.character(character)) }
        state.handle(.enter)  // confirm: the form now holds "Grace"
        #expect(state.form.values["name"] == .string("Grace"))
        state.handle(.control("s"))  // save: state.outcome == .saved(...)
        #expect(state.outcome != nil)
        // The example in AccessibleEditor's documentation comment.
        var answers = ["Grace", "", "y"].makeIterator()
        var form = Form(
            values: .record(["name": .string("Ada"), "age": .int(36)]), configs: configs, typeName: "Person")
        var printed = ""
        let outcome = AccessibleEditor(readLine: { answers.next() }, write: { printed += $0 }).run(&form)
        #expect(printed == "Name [Ada]: Age [36]: Save changes? [y/N]: ")
        guard case .saved(let values)? = outcome else {
            Issue.record("not saved")
            return
        }
        #expect(values["name"] == .string("Grace"))
        // The example in FramePainter's documentation comment.
        var painter = FramePainter(color: false, theme: .default)
        var screen = EditorScreen(width: 80, height: 24)
        let bytes = painter.paint(screen.frame(state))  // everything the first time
        #expect(bytes.contains("\u{1B}[2J"))
    }

    @Test func readmeConditionalFields() throws {
        let types =
            "root: Trip\ntypes:\n  Trip:\n    needsVisa: Bool\n    destination: String\n    visaNumber: String?\n"
        var form = Form(
            values: .record(["needsVisa": .bool(true), "destination": .string("abroad")]),
            configs: try TripModel.configs(types), typeName: "Trip")
        // doc: Sources/ModelForm/ModelForm.docc/Conditions.md
        try form.configs["Trip"]?.update("visaNumber") {
            $0.conditions.visibleIf = .field("needsVisa") == true
            $0.conditions.requiredIf = .field("needsVisa") == true && .field("destination") != "home"
        }
        let shown = form.fieldState(at: "visaNumber").isVisible  // evaluated on the current values
        let redraw = form.fieldStates(affectedBy: "needsVisa")  // only the rules that read it
        // end doc
        #expect(shown && redraw.map(\.path) == ["visaNumber"] && redraw[0].state.isConditionallyRequired)
    }

    @Test func readmeEditing() throws {
        let employee = ContractEmployee()
        // doc: Sources/ModelForm/ModelForm.docc/EditingForms.md
        var form = try Form(editing: employee)
        try form.setText("Paris", at: "address.city")  // parsed per field type, range-checked
        try form.setText("Grace", at: "mentor.name")  // into a nil optional relationship: created from defaults
        let path = try form.addItem(to: "projects")  // a new item from the type's defaults (excluded fields too)
        let choices = form.options(for: "role")  // FXForms' option list: the placeholder first when there is one
        try form.selectOption(at: 2, for: "role")  // FXForms' setOptionSelected:atIndex:
        let changed = form.changedFields  // Django's changed_data: ["role", "address.city", "mentor", "projects"]
        let saved: Employee = try form.commit()  // validates first; a failure changes nothing
        form.cancel()  // back to the original, exactly
        // end doc
        #expect(path == "projects[0]" && saved.role == .guest && saved.mentor?.name == "Grace")
        #expect(
            choices.map(\.title) == ["Admin", "User", "Guest"]
                && changed == ["role", "address.city", "mentor", "projects"])
    }

    @Test func serverRoundTrip() throws {
        var saved: [User] = []
        func store(_ user: User) { saved.append(user) }
        for body in ["email=ada%40example.com&rememberMe=true&_action=save", "email=nope&_action=save"] {
            var form = try Form(editing: User())
            try form.configs[User.self]?.update("email") { $0.rules = [ValidationRule(.email)] }
            var page = ""
            // doc: Sources/ModelForm/ModelForm.docc/EditingForms.md
            do {
                // add/remove/move buttons are performed
                if try form.apply(submission: body) == .save { try store(form.commit()) }
            } catch {
                // the user's raw input (value="nope") with every error; form.values unchanged
                page = HTMLRenderer().render(form)
            }
            // a form with a file input: try form.apply(multipart: data, boundary: boundary)
            // end doc
            #expect(page.isEmpty == body.hasPrefix("email=ada"))
            if !page.isEmpty { #expect(page.contains("value=\"nope\"") && form.value(at: "email") == .string("")) }
        }
        #expect(saved.map(\.rememberMe) == [true])
    }

    @Test func readmeCells() {
        // doc: Sources/ModelForm/ModelForm.docc/CellsAndThemes.md
        var cells = HTMLCells.standard
        cells.register(
            Cell<HTMLFormat>(name: "stars") { String(repeating: "★", count: Int($0.value.intValue ?? 0)) },
            for: "rating")
        // end doc
        #expect(cells.resolve(Field(key: "r", type: "rating")).cell.name == "stars")
    }

    @Test func readmeJSONSchema() throws {
        let schemaText = try PackagePaths.text("config/order.schema.json")
        // doc: Sources/ModelForm/ModelForm.docc/JSONSchema.md
        let imported = try JSONSchemaImporter.importSchema(
            try JSONParser.parse(schemaText, file: "order.schema.json"), file: "order.schema.json", name: "Order")
        var form = try imported.form()  // a Form<FormValue> that checks the schema too
        try form.setTexts([("email", "ada@example.com"), ("tea", "Assam"), ("quantity", "70")])
        let errors = form.validate()  // [quantity: must be a multiple of 50]
        let schema = JSONSchemaExporter(configs: form.configs, draft: .draft7).schema(root: form.typeName)
        // end doc
        #expect(errors.map(\.description) == ["quantity: must be a multiple of 50"])
        #expect(schema["$schema"] == .string("http://json-schema.org/draft-07/schema#"))
    }

    @Test func gettingStarted() throws {
        // doc: Sources/ModelForm/ModelForm.docc/GettingStarted.md
        var form = try Form(editing: User())
        try form.configs[User.self]?.update("rememberMe") { $0.title = "Keep me signed in" }
        try form.configs[User.self]?.update("email") { $0.rules = [ValidationRule(.required), ValidationRule(.email)] }
        // end doc
        // doc: Sources/ModelForm/ModelForm.docc/GettingStarted.md
        try form.setText("ada@example.com", at: "email")
        try form.setText("London", at: "address.city")
        let changed = form.changedFields  // ["email", "address.city"]
        let user: User = try form.commit()
        // end doc
        #expect(changed == ["email", "address.city"])
        #expect(form.changedFields.isEmpty && user.address.city == "London")
        // doc: Sources/ModelForm/ModelForm.docc/GettingStarted.md
        let page = HTMLRenderer().render(form)
        let text = TextRenderer(width: 80).render(form)
        let markdown = MarkdownRenderer().render(form)
        // end doc
        #expect(
            page.contains(#"name="email""#) && text.contains("ada@example.com")
                && markdown.contains("Keep me signed in"))
    }

}

/// A model from a YAML type definition, for examples that need one.
enum TripModel {
    static func configs(_ types: String) throws -> ConfigDictionary {
        ConfigDictionary(try TypeDefinitionLoader.load(text: types, file: "trip.types.yaml"))
    }
}
