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

/// The DocC articles' examples on cells, options, recursive models, the server round trip
/// and Swift models' inference (the README's and the other articles' are in
/// `DocumentationExampleTests.swift`; both are checked by `DocumentationChecks.swift`).
extension DocumentationExampleTests {
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
        // doc: Sources/ModelForm/ModelForm.docc/CustomCells.md
        var reviews = FormPlugin(name: "reviews")
        reviews.fieldTypes = ["stars"]
        reviews.addCells(for: HTMLFormat.self) { $0.register(stars, for: "stars") }
        var environment = FormEnvironment()
        environment.install(reviews)
        var rated = try Form(editing: Review(), environment: environment)
        try rated.configs[Review.self]?.update("rating") { $0.type = "stars" }
        let ratedPage = HTMLRenderer().render(rated)  // the rating drawn by the plugin's cell
        // end doc
        #expect(ratedPage.contains(#"<input type="range" id="f-rating" name="rating""#))
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
        let storage: OptionStorage = try form.field(at: "seats").optionStorage  // .index
        try form.selectOption(at: 1, for: "seats")
        // end doc
        #expect(storage == .index && form.value(at: "seats") == .int(1))
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

    @Test func configsOfASwiftType() throws {
        // doc: Sources/ModelForm/ModelForm.docc/Inference.md
        struct Contact: Codable { var name = "", email = "", notes = "" }
        var configs = try ConfigDictionary(describing: Contact.self)
        try configs[Contact.self]?.exclude(["notes"])
        var form = try Form(editing: Contact(), configs: configs)  // name and email
        // end doc
        #expect(form.config.fields.compactMap(\.key) == ["name", "email"])
        try form.setText("Ada", at: "name")
        #expect(try form.commit().name == "Ada")
        let fromAValue = try ConfigDictionary(describing: Contact(name: "Ada"))
        #expect(fromAValue[Contact.self]?.fields.compactMap(\.key) == ["name", "email", "notes"])
    }

    @Test func theThreeYAMLFilesInSwift() throws {
        let typesText = try PackagePaths.text("config/registration.types.yaml")
        let formsText = try PackagePaths.text("config/registration.forms.yaml")
        let valuesText = try PackagePaths.text("config/registration.values.yaml")
        // doc: Sources/ModelForm/ModelForm.docc/YAMLFiles.md
        var configs = try ConfigDictionary(typeDefinitions: typesText, file: "registration.types.yaml")
        try ConfigLoader().apply(text: formsText, file: "registration.forms.yaml", to: &configs)
        let values = try ValuesFile.read(
            text: valuesText, file: "registration.values.yaml", typeName: "RegistrationForm", configs: configs)
        var form = Form(values: values, configs: configs)  // a Form<FormValue>
        // end doc
        #expect(form.typeName == "RegistrationForm" && form.value(at: "email") != nil)
        #expect(form.validate().isEmpty)
        let broken = #expect(throws: DiagnosticList.self) {
            try ConfigDictionary(typeDefinitions: "types:\n  A: {b: Nope}\n", file: "a.types.yaml")
        }
        #expect(broken?.description.hasPrefix("a.types.yaml:2:") == true)
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

    @Test func aDelegate() throws {
        var form = try Form(editing: RegistrationForm.sample)
        // doc: Sources/ModelForm/ModelForm.docc/EditingForms.md
        struct NamedOnly: FormDelegate {  // every callback has a default: implement what you need
            func formShouldCommit(_ form: Form<FormValue>) -> Bool { form.value(at: "name") != .string("") }
        }
        form.delegate = NamedOnly()  // each callback sees the form as it is (a read-only Form<FormValue>)
        try form.setText("", at: "name")
        let refused = (try? form.commit()) == nil  // FormError.commitRefused: nothing committed
        // end doc
        #expect(refused && form.original["name"] == .string(RegistrationForm.sample.name))
    }
}
