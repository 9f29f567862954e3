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
/// Each example sits in this file between `// doc: PATH` and `// end doc`; the tests check
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
            print(try ValuesFile.text(values, typeName: "Person", configs: configs, json: false))
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

    @Test func customCells() throws {
        struct Review: Codable {
            var title = ""
            var rating = 3
            var price = Decimal(0)
        }
        var form = try Form(editing: Review())
        // doc: Sources/ModelForm/ModelForm.docc/CustomCells.md
        let stars = Cell<HTMLFormat>(name: "stars") { context, writer in
            writer.open("input")
            writer.attribute("type", "range")
            writer.commonAttributes(context)  // id, name, required, readonly, aria-describedby, aria-invalid
            writer.attribute("min", "0")
            writer.attribute("max", "5")
            writer.attribute("value", context.inputValue)
            writer.end()
        }
        var cells = HTMLCells.standard
        cells.register(stars)  // by name: a field asks for it with `cell`
        try form.configs[Review.self]?.update("rating") { $0.cell = "stars" }
        let page = HTMLRenderer(cells: cells).render(form)
        // end doc
        #expect(page.contains(#"<input type="range" id="f-rating" name="rating""#))
        // doc: Sources/ModelForm/ModelForm.docc/CustomCells.md
        let money = Cell<HTMLFormat>(name: "money") { context in
            "<input type=\"text\" inputmode=\"decimal\" id=\"\(context.inputID)\" name=\"\(HTMLFormat.escape(context.inputName))\""
                + " value=\"\(HTMLFormat.escape(context.inputValue))\">"
        }
        cells.register(money, forValueType: Decimal.self)  // every Decimal property, unless a field names a cell
        let price = try form.field(at: "price")
        let why = cells.resolve(price).explanation  // "value type 'Decimal' (registered by code)"
        // end doc
        #expect(cells.resolve(price).cell.name == "money")
        #expect(why == "value type 'Decimal' (registered by code)")
        #expect(HTMLRenderer(cells: cells).render(form).contains(#"inputmode="decimal" id="f-price""#))
    }

    @Test func options() throws {
        enum Plan: String, Codable, CaseIterable { case free, pro, team }
        struct Account: Codable {
            var plan: Plan? = nil
            var seats = 1
            var tags: [String] = []
        }
        var form = try Form(editing: Account())
        // doc: Sources/ModelForm/ModelForm.docc/Options.md
        try form.configs[Account.self]?.update("plan") { $0.placeholder = "No plan" }
        let titles = form.options(for: "plan").map(\.title)  // ["No plan", "Free", "Pro", "Team"]
        try form.selectOption(at: 2, for: "plan")  // index 2 counts the placeholder: .pro
        try form.selectOption(at: 0, for: "plan")  // the placeholder: back to nil
        // end doc
        #expect(titles == ["No plan", "Free", "Pro", "Team"])
        #expect(form.value(at: "plan") == .null)
        // doc: Sources/ModelForm/ModelForm.docc/Options.md
        try form.configs[Account.self]?.update("seats") {
            $0.options = [
                FieldOption(value: .string("one"), title: "Just me"),
                FieldOption(value: .string("many"), title: "A team"),
            ]
        }
        // `seats` is an Int and the options are not numbers: it stores 1, the index
        try form.selectOption(at: 1, for: "seats")
        // end doc
        #expect(form.config.field("seats")?.optionStorage == .index && form.value(at: "seats") == .int(1))
        // doc: Sources/ModelForm/ModelForm.docc/Options.md
        try form.configs[Account.self]?.update("tags") {
            $0.type = .multiSelect
            $0.options = ["swift", "rust", "go"].map { FieldOption(value: .string($0), title: $0.capitalized) }
        }
        try form.selectOption(at: 0, for: "tags")
        try form.selectOption(at: 2, for: "tags")  // ["swift", "go"]: a multi-select adds
        try form.deselectOption(at: 0, for: "tags")  // ["go"]
        // end doc
        #expect(form.value(at: "tags") == .list([.string("go")]))
    }

    @Test func recursiveModels() throws {
        // doc: Sources/ModelForm/ModelForm.docc/RecursiveModels.md
        final class Person: Codable {
            var name = ""
            var mentor: Person?  // a class may refer to itself
            var reports: [Person] = []  // so may an array, in a struct or a class
        }
        var form = try Form(editing: Person())
        try form.setText("Grace", at: "mentor.name")
        try form.setText("Ada", at: "mentor.mentor.name")  // one config per type: the same form, recursively
        let person: Person = try form.commit()
        // end doc
        #expect(person.mentor?.mentor?.name == "Ada")
        #expect(form.configs.typeNames == ["Person"])
        // doc: Sources/ModelForm/ModelForm.docc/RecursiveModels.md
        struct Category: Codable {
            var name = ""
            var children: [Category] = []  // a struct cannot hold a Category, but it can hold an array of them
        }
        var tree = try Form(editing: Category())
        let child = try tree.addItem(to: "children")
        try tree.setText("Shoes", at: child.appending(key: "name"))
        // end doc
        #expect(try tree.commit().children.map(\.name) == ["Shoes"])
    }

    @Test func serverRoundTripArticle() throws {
        struct Signup: Codable {
            var email = ""
            var age = 18
        }
        var form = try Form(editing: Signup())
        try form.configs[Signup.self]?.update("email") {
            $0.rules = [ValidationRule(.required), ValidationRule(.email)]
        }
        let body = "email=nope&age=x&_action=save"
        var response = ""
        // doc: Sources/ModelForm/ModelForm.docc/ServerRoundTrip.md
        do {
            switch try form.apply(submission: body) {
            case .save?:
                let signup: Signup = try form.commit()
                response = "saved \(signup.email)"
            default:
                response = HTMLRenderer().render(form)  // an add, remove or move button: show the changed form
            }
        } catch {
            response = HTMLRenderer().render(form)  // refused: raw input and errors, values unchanged
        }
        // end doc
        #expect(response.contains(#"value="nope""#) && response.contains(#"value="x""#))
        #expect(form.errors.map(\.path.description).sorted() == ["age", "email"])
        #expect(form.value(at: "age") == .int(18))
        // doc: Sources/ModelForm/ModelForm.docc/ServerRoundTrip.md
        let typed = form.rawInput["email"]  // "nope": what the user typed, until the next successful apply
        let messages = form.errors(at: "email")  // the messages, also drawn next to the field
        form.cancel()  // or start over from the original values
        // end doc
        #expect(typed == "nope" && messages.count == 1)
        #expect(form.rawInput.isEmpty && form.errors.isEmpty)
    }

    // MARK: The checks

    struct Region {
        let document: String
        let text: String
        let line: Int
    }

    static func regions() throws -> [Region] {
        let lines = try String(contentsOfFile: #filePath, encoding: .utf8).split(
            separator: "\n", omittingEmptySubsequences: false)
        var result: [Region] = []
        var open: (document: String, start: Int, lines: [Substring])?
        for (number, line) in lines.enumerated() {
            let trimmed = line.drop { $0 == " " }
            if trimmed.hasPrefix("// doc: ") {
                open = (String(trimmed.dropFirst("// doc: ".count)), number + 1, [])
            } else if trimmed == "// end doc", let region = open {
                let indent = region.lines.first.map { $0.prefix { $0 == " " }.count } ?? 0
                let text = region.lines.map { String($0.dropFirst(min(indent, $0.prefix { $0 == " " }.count))) }.joined(
                    separator: "\n")
                result.append(Region(document: region.document, text: text, line: region.start))
                open = nil
            } else if open != nil {
                open?.lines.append(line)
            }
        }
        return result
    }

    static func swiftBlocks(_ document: String) throws -> [String] {
        var blocks: [String] = []
        var current: [Substring]?
        for line in try PackagePaths.text(document).split(separator: "\n", omittingEmptySubsequences: false) {
            if current == nil, line == "```swift" {
                current = []
            } else if let block = current, line == "```" {
                blocks.append(block.joined(separator: "\n"))
                current = nil
            } else {
                current?.append(line)
            }
        }
        return blocks
    }

    @Test func oneValueTypes() throws {
        // doc: Sources/ModelForm/ModelForm.docc/Inference.md
        struct Temperature: Codable {
            var degrees: Int
            init(degrees: Int) { self.degrees = degrees }
            init(from decoder: any Decoder) throws {
                let text = try decoder.singleValueContainer().decode(String.self)
                guard text.hasSuffix(" C"), let degrees = Int(text.dropLast(2)) else {
                    throw DecodingError.dataCorrupted(
                        .init(codingPath: decoder.codingPath, debugDescription: "not a temperature such as 180 C"))
                }
                self.degrees = degrees
            }
            func encode(to encoder: any Encoder) throws {
                var container = encoder.singleValueContainer()
                try container.encode("\(degrees) C")
            }
        }
        struct Oven: Codable { var temperature = Temperature(degrees: 180) }
        var form = try Form(editing: Oven())  // temperature: a text field holding "180 C"
        try form.setText("hot", at: "temperature")
        let problems = form.validate()  // temperature: not a temperature such as 180 C
        // end doc
        #expect(form.config.field("temperature")?.type == .text && form.original["temperature"] == .string("180 C"))
        #expect(problems == [FieldError(path: "temperature", rule: "type", message: "not a temperature such as 180 C")])
    }

    struct RecipeRecords: ModelStore {
        func load() async throws -> (model: Recipe, version: String) { (Recipe(), "1") }
        func save(_ model: Recipe, expecting version: String) async throws -> String { "2" }
    }

    @Test func servingASwiftModel() async throws {
        let secret = CSRFProtection.randomSecret()
        // doc: Sources/ModelForm/ModelForm.docc/Server.md
        let described = try FormServer(Recipe.self, sample: Recipe(), store: RecipeRecords(), secret: secret)
        let fromAForm = FormServer(form: try Form(editing: Recipe()), store: MemoryStore(values: .null), secret: secret)
        // end doc
        for server in [described, fromAForm] {
            #expect(server.configs[server.typeName]?.field("ovenTemperature")?.type == .text)
        }
    }

    @Test func optionSets() throws {
        // doc: Sources/ModelForm/ModelForm.docc/Inference.md
        struct Toppings: FormOptionSet, Codable {
            let rawValue: UInt8
            static let cheese = Toppings(rawValue: 1)
            static let ham = Toppings(rawValue: 2)
            static let formOptions: [(String, Toppings)] = [("Cheese", .cheese), ("Ham", .ham)]
        }
        struct Pizza: Codable { var toppings: Toppings = [.cheese] }
        let form = try Form(editing: Pizza())  // toppings: a bitfield, "Cheese" checked
        // end doc
        #expect(form.config.field("toppings")?.type == .bitfield)
        #expect(form.options(for: "toppings").filter(\.isSelected).map(\.title) == ["Cheese"])
    }

    /// The README's blocks that are not test code (the manifest lines, the file with the
    /// imports) name only products the package has.
    @Test func theReadmesImportsAndProductsAreThePackages() throws {
        let readme = try PackagePaths.text("README.md")
        let manifest = try PackagePaths.text("Package.swift")
        let products = Set(manifest.matches(of: /\.library\(name: "(\w+)"/).map { String($0.output.1) })
        let imports = readme.matches(of: /(?m)^import (\w+)$/).map { String($0.output.1) }
        let named = readme.matches(of: /\.product\(name: "(\w+)", package: "ModelForm"\)/).map { String($0.output.1) }
        #expect(!imports.isEmpty && !named.isEmpty)
        for module in imports + named { #expect(products.contains(module), "README names \(module)") }
    }

    @Test func everyExampleHereIsShownVerbatim() throws {
        let regions = try Self.regions()
        #expect(regions.count >= 16 && Self.documents.count >= 8)
        for region in regions {
            #expect(
                try Self.swiftBlocks(region.document).contains(region.text),
                "the example at DocumentationExampleTests.swift:\(region.line) is not a Swift block of \(region.document)"
            )
        }
    }

    @Test(arguments: documents)
    func everySwiftBlockIsCompiledHere(_ document: String) throws {
        let compiled = Set(try Self.regions().filter { $0.document == document }.map(\.text))
        for block in try Self.swiftBlocks(document) {
            #expect(compiled.contains(block), "\(document) shows an example no test compiles:\n\(block)")
        }
    }
}

/// A model from a YAML type definition, for examples that need one.
enum TripModel {
    static func configs(_ types: String) throws -> ConfigDictionary {
        ConfigDictionary(try TypeDefinitionLoader.load(text: types, file: "trip.types.yaml"))
    }
}
