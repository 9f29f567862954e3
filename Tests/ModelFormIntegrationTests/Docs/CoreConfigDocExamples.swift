import Foundation
import ModelForm
import ModelFormJSONSchema
import Testing

// doc: Sources/ModelForm/Config/FieldType.swift
extension FieldType { static let rating: FieldType = "rating" }
// end doc

/// The examples of the `///` comments of the core's configuration, conditions and model
/// description, each compiled and run here (`DocumentationChecks` holds them to the comments).
@Suite struct CoreConfigDocExamples {
    struct Address: Codable {
        var street = ""
        var city = ""
        var country = ""
    }
    struct User: Codable {
        var id = 0
        var email = ""
        var address = Address()
    }
    struct Trip: Codable {
        var destination = ""
        var needsVisa = false
        var visaNumber = ""
    }
    struct Recipe: Codable {
        var name = ""
        var minutes = 0
    }

    @Test func conditions() throws {
        // doc: Sources/ModelForm/Conditions/ConditionParser.swift
        let rule = try Condition(parsing: #"repeat in ["weekly", "monthly"]"#)
        // end doc
        #expect(rule.evaluate(in: .record(["repeat": .string("weekly")])))
        do {
            // doc: Sources/ModelForm/Config/Condition.swift
            let rule = try Condition(parsing: "travellers > 2 and not empty(children)")
            let children: FormValue = .list([.string("Ann")])
            let applies = rule.evaluate(in: .record(["travellers": .int(3), "children": children]))  // true
            // end doc
            #expect(applies)
        }
    }

    @Test func configDictionary() throws {
        // doc: Sources/ModelForm/Config/ConfigDictionary.swift
        var configs = try ConfigDictionary(describing: User.self)
        try configs["Address"]?.exclude(["country"])
        let address = configs.root.field("address").flatMap(configs.destination(of:))  // the replaced config
        // end doc
        #expect(address?.field("country") == nil && address?.field("city") != nil)
    }

    @Test func absentValues() throws {
        let text = #"{"type": "object", "properties": {"size": {"type": "integer", "default": 3}}}"#
        let imported = try JSONSchemaImporter.importSchema(
            try JSONParser.parse(text, file: "size.schema.json"), file: "size.schema.json", name: "Size")
        // doc: Sources/ModelForm/Config/ConfigDictionary.swift
        var configs = try imported.configs()  // defaultsFillAbsentValues == false
        configs.defaultsFillAbsentValues = true  // fill them, as RJSF does
        // end doc
        #expect(try imported.configs().defaultsFillAbsentValues == false)
    }

    @Test func configError() throws {
        let configs = try ConfigDictionary(describing: User.self)
        var message = ""
        var form = try Form(editing: User(), configs: configs)
        // doc: Sources/ModelForm/Config/ConfigError.swift
        do {
            try form.configs[User.self]?.update("emial") { $0.title = "Mail" }
        } catch {
            message = "\(error)"  // unknown field 'emial' in 'User'; did you mean 'email'?
        }
        // end doc
        #expect(message == "unknown field 'emial' in 'User'; did you mean 'email'?")
    }

    @Test func fields() throws {
        do {
            // doc: Sources/ModelForm/Config/Field.swift
            var email = Field(key: "email", type: .email)
            email.title = "Email Address"
            email.placeholder = "you@example.com"
            // end doc
            #expect(email.title == "Email Address")
        }
        var config = FormConfig(typeName: "Export", fields: [Field(key: "format", type: .text)])
        // doc: Sources/ModelForm/Config/Field.swift
        try config.update("format") { $0.suggestions = ["json", "yaml"] }
        // end doc
        #expect(config.field("format")?.suggestions == ["json", "yaml"])
        // doc: Sources/ModelForm/Config/Field.swift
        let email = Field(key: "email", type: .email, placeholder: "you@example.com", rules: [.init(.required)])
        // end doc
        #expect(email.rules.count == 1)
    }

    @Test func fieldConditions() throws {
        var form = try Form(editing: Trip())
        // doc: Sources/ModelForm/Config/FieldConditions.swift
        try form.configs[Trip.self]?.update("visaNumber") {
            $0.conditions.visibleIf = .field("needsVisa") == true
            $0.conditions.requiredIf = .field("needsVisa") == true && .field("destination") != "home"
        }
        // end doc
        #expect(!form.fieldState(at: "visaNumber").isVisible)
    }

    @Test func formConfig() throws {
        let configs = try ConfigDictionary(describing: User.self)
        // doc: Sources/ModelForm/Config/FormConfig.swift
        guard var config = configs["User"] else { return }
        try config.update("email") { $0.title = "Email Address" }
        try config.exclude(["id"])
        // end doc
        #expect(config.field("id") == nil && config.field("email")?.title == "Email Address")
    }

    @Test func emptiness() {
        // doc: Sources/ModelForm/Config/FormValue+Emptiness.swift
        let blank = FormValue.string("   ").isEmpty(as: .text)  // true: blank text is empty everywhere
        let zero = FormValue.int(0).isEmpty(as: .integer)  // false
        // end doc
        #expect(blank && !zero)
    }

    @Test func modelDescriptions() throws {
        do {
            // doc: Sources/ModelForm/Describe/ModelDescription+Swift.swift
            let model = try ModelDescription(describing: User(email: "a@b.c"))
            // end doc
            #expect(model.root == "User")
        }
        do {
            // doc: Sources/ModelForm/Describe/ModelDescription+Swift.swift
            let model = try ModelDescription(type: User.self)
            // end doc
            #expect(model.root == "User")
        }
        do {
            // doc: Sources/ModelForm/Describe/ModelDescription+Swift.swift
            let model = try ModelDescription(type: Recipe.self, sample: Recipe())
            // end doc
            #expect(model.root == "Recipe")
        }
        // doc: Sources/ModelForm/Model/ModelDescription.swift
        let model = try ModelDescription(type: User.self)  // from a Decodable type
        let same = try ModelDescription(describing: User())  // from an instance, via Mirror
        let root = model.root  // "User"
        let keys = model.entity("Address")?.properties.map(\.key)  // ["street", "city", "country"]
        // end doc
        #expect(same.root == root && root == "User" && keys == ["street", "city", "country"])
    }

    @Test func unionDescriptions() {
        // doc: Sources/ModelForm/Model/UnionDescription.swift
        let payment = UnionDescription(
            name: "Payment",
            alternatives: [
                .init(tag: "cash", valueType: .model("Payment.cash")),
                .init(tag: "card", valueType: .model("Payment.card")),
            ])
        let contact = UnionDescription(
            name: "Contact", alternatives: [.init(valueType: .string), .init(valueType: .model("Address"))])
        // end doc
        #expect(payment.alternatives.count == 2 && contact.alternatives[0].tag == nil)
    }

    @Test func inference() throws {
        do {
            // doc: Sources/ModelForm/Inference/ConfigDictionary+Swift.swift
            var configs = try ConfigDictionary(describing: User(email: "a@b.c"))
            try configs["User"]?.exclude(["id"])
            // end doc
            #expect(configs["User"]?.field("id") == nil)
        }
        do {
            // doc: Sources/ModelForm/Inference/ConfigDictionary+Swift.swift
            let configs = try ConfigDictionary(describing: User.self)
            // end doc
            #expect(configs.root.typeName == "User")
        }
        // doc: Sources/ModelForm/Inference/ConfigDictionary+Swift.swift
        let configs = try ConfigDictionary(describing: Recipe.self, sample: Recipe())
        // end doc
        #expect(configs.root.typeName == "Recipe")
    }
}
