import Foundation
import ModelForm
import ModelFormHTML
import Testing

/// The examples of the `///` comments of `Form`, its session, paths and values, each
/// compiled and run here (`DocumentationChecks` holds them to the comments).
@Suite struct CoreFormDocExamples {
    struct Address: Codable {
        var street = ""
        var city = ""
    }
    struct Employee: Codable {
        var name = ""
        var age = 36
        var address = Address()
    }
    struct User: Codable {
        var email = ""
        var age = 0
        var address = Address()
    }
    struct Person: Codable {
        var name = ""
        var friends: [Person] = []
    }
    struct Manifest: Codable {
        var icons: [String: String] = [:]
        var scripts: [String: String] = [:]
    }
    struct Trip: Codable {
        var needsVisa = false
        var visaNumber = ""
    }
    struct Account: Codable {
        var iban = ""
    }
    enum Payment: FormAlternatives {
        case cash
        case card(number: String)
        case transfer(Account)
        static let formAlternatives: [Payment] = [.cash, .card(number: ""), .transfer(Account())]
    }
    struct Order: Codable {
        var payment = Payment.cash
    }
    enum Role: String, Codable, CaseIterable {
        case admin, user
    }
    struct Member: Codable {
        var role: Role?
    }
    struct Recipe: Codable {
        var name = ""
    }

    @Test func paths() throws {
        let configs = try ConfigDictionary(describing: Person.self)
        // doc: Sources/ModelForm/Editing/ConfigDictionary+Paths.swift
        let name = try configs.field(at: "friends[2].name", in: "Person")  // Person.name
        // end doc
        #expect(name.key == "name")
        let manifest = try ConfigDictionary(describing: Manifest.self)
        do {
            let configs = manifest
            // doc: Sources/ModelForm/Editing/ConfigDictionary+Paths.swift
            let path = configs.formPath(dataTokens: ["icons", "16"], in: "Manifest")  // icons["16"]
            // end doc
            #expect(path.description == #"icons["16"]"#)
        }
        // doc: Sources/ModelForm/Values/FormPath.swift
        let path: FormPath = "friends[2].name"
        let components = path.components  // [.key("friends"), .index(2), .key("name")]
        // end doc
        #expect(components == [.key("friends"), .index(2), .key("name")])
    }

    @Test func sessions() throws {
        let user = User()
        // doc: Sources/ModelForm/Editing/FormSession.swift
        var session = try FormSession(editing: user)
        try session.setText("41", at: "age")
        try session.setText("Main St", at: "address.street")
        let changed = session.changes.map(\.path)  // ["age", "address.street"]
        let saved = try session.commit(as: User.self)
        // end doc
        #expect(changed == ["age", "address.street"] && saved.age == 41)
        // doc: Sources/ModelForm/Editing/FormSession+Relationships.swift
        var address = try session.child(at: "address")
        try address.setText("Main St", at: "street")
        try session.merge(address)  // or just drop `address` to cancel
        // end doc
        #expect(session.values["address.street"] == .string("Main St"))
        // doc: Sources/ModelForm/Values/FormValueDecoder.swift
        let decoded = try FormValueDecoder().decode(User.self, from: session.values)
        // end doc
        #expect(decoded.address.street == "Main St")
        // doc: Sources/ModelForm/Values/FormValueEncoder.swift
        let values = try FormValueEncoder().encode(user)  // .record(["email": .string(""), ...])
        // end doc
        #expect(values["email"] == .string(""))
    }

    @Test func environments() throws {
        do {
            // doc: Sources/ModelForm/Editing/JSONTextReader.swift
            var environment = FormEnvironment()
            environment.parser.jsonText = .json
            // end doc
            #expect(environment.parser.jsonText.name == "JSON")
        }
        do {
            // doc: Sources/ModelForm/Editing/Validator+Decoding.swift
            var environment = FormEnvironment()
            environment.validator.addDecodingCheck(Recipe.self)
            // end doc
            #expect(environment.validator.modelProblems(.record(["name": .string("Soup")])).isEmpty)
        }
        // doc: Sources/ModelForm/Editing/Validator.swift
        var validator = Validator()
        validator.register("adult") { value, _ in (value.intValue ?? 0) >= 18 ? nil : "must be 18 or over" }
        validator.addModelCheck { values in
            values["age"] == .uint(0) ? [FieldError(path: "age", rule: "custom", message: "is not given")] : []
        }
        // end doc
        #expect(validator.modelProblems(.record(["age": .uint(0)])).count == 1)
    }

    @Test func fieldStates() throws {
        var form = try Form(editing: Trip())
        try form.configs[Trip.self]?.update("visaNumber") { $0.conditions.visibleIf = .field("needsVisa") == true }
        var redrawn: [FormPath] = []
        func redraw(_ path: FormPath, _ state: FieldState) { redrawn.append(path) }
        // doc: Sources/ModelForm/Form/Form+Conditions.swift
        let showsVisa = form.fieldState(at: "visaNumber").isVisible
        // end doc
        #expect(!showsVisa)
        // doc: Sources/ModelForm/Form/Form+Conditions.swift
        try form.setText("true", at: "needsVisa")
        for (path, state) in form.fieldStates(affectedBy: "needsVisa") { redraw(path, state) }
        // end doc
        #expect(redrawn == ["visaNumber"])
    }

    @Test func creation() throws {
        // doc: Sources/ModelForm/Form/Form+Creation.swift
        var form = try Form(editing: Employee(name: "Ada"))
        // end doc
        try form.setText("Grace", at: "name")
        // doc: Sources/ModelForm/Form/Form+Creation.swift
        let saved: Employee = try form.commit()
        // end doc
        #expect(saved.name == "Grace")
        let values = form.values
        let configs = form.configs
        do {
            // doc: Sources/ModelForm/Form/Form+Creation.swift
            var form = Form(values: values, configs: configs)  // Form<FormValue>
            // end doc
            #expect(try form.commit()["name"] == .string("Grace"))
        }
    }

    @Test func options() throws {
        var form = try Form(editing: Member())
        try form.configs[Member.self]?.update("role") { $0.placeholder = "Choose a role" }
        // doc: Sources/ModelForm/Form/Form+Options.swift
        let titles = form.options(for: "role").map(\.title)  // ["Choose a role", "Admin", "User"]
        // end doc
        #expect(titles == ["Choose a role", "Admin", "User"])
    }

    @Test func submissions() throws {
        var form = try Form(editing: User())
        let body = "email=ada%40example&age=41"
        var page = ""
        var saved: [User] = []
        func save(_ user: User) { saved.append(user) }
        // doc: Sources/ModelForm/Form/Form+Submission.swift
        do {
            if try form.apply(submission: body) == .save { save(try form.commit()) }
        } catch {
            page = HTMLRenderer().render(form)  // the user's input, with the messages
        }
        // end doc
        #expect(saved.isEmpty && page.contains("ada@example"))
        // doc: Sources/ModelForm/Form/Form+Submission.swift
        form.keepInvalidInput(
            ["email": "ada@"], errors: [FieldError(path: "email", rule: "type", message: "is not an email address")])
        // end doc
        #expect(form.rawInput["email"] == "ada@")
    }

    @Test func forms() throws {
        let employee = Employee(name: "Ada")
        let body = "name=Grace&age=36"
        // doc: Sources/ModelForm/Form/Form.swift
        var form = try Form(editing: employee)  // Form<Employee>
        try form.configs[Address.self]?.exclude(["street"])  // unknown keys throw, with a suggestion
        try form.setText("Paris", at: "address.city")
        let action = try form.apply(submission: body)  // all or nothing
        let saved: Employee = try form.commit()  // validates first
        let page = HTMLRenderer().render(form)
        // end doc
        #expect(action == nil && saved.name == "Grace" && page.contains("Paris"))
        var manifest = try Form(editing: Manifest())
        do {
            var form = manifest
            // doc: Sources/ModelForm/Form/Form.swift
            let entry = try form.addEntry("build", to: "scripts")
            try form.setText("swift build", at: entry)
            // end doc
            manifest = form
        }
        #expect(manifest.values["scripts.build"] == .string("swift build"))
        do {
            var form = try Form(editing: Order())
            // doc: Sources/ModelForm/Form/Form.swift
            try form.chooseAlternative("card", at: "payment")  // {"card": {"number": ""}}
            try form.setText("4242", at: "payment.card.number")
            // end doc
            #expect(form.values["payment.card.number"] == .string("4242"))
        }
        // doc: Sources/ModelForm/Form/Form.swift
        var address = try form.child(at: "address")
        try address.setText("Paris", at: "city")
        try form.merge(address)  // validated first; a failure changes nothing
        // end doc
        #expect(form.values["address.city"] == .string("Paris"))
    }

    @Test func delegates() throws {
        var form = try Form(editing: Employee())
        // doc: Sources/ModelForm/Form/FormDelegate.swift
        struct Audit: FormDelegate {
            func form(_ form: Form<FormValue>, didChange change: FormChange) { print(change.path) }
            func formShouldCommit(_ form: Form<FormValue>) -> Bool { form.value(at: "name") != .string("") }
        }
        form.delegate = Audit()
        // end doc
        #expect(throws: FormError.self) { _ = try form.commit() }
    }
}
