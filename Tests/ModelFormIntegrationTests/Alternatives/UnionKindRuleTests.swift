import Foundation
import ModelForm
import ModelFormJSONSchema
import ModelFormText
import ModelFormYAML
import Testing

/// A rule tests an untagged union's choice, or what free JSON holds, by the value's kind:
/// `contact is record`, `settings is not list`. It is checked when the forms file loads
/// against the kinds the field can hold.
@Suite struct UnionKindRuleTests {
    static let types = """
        unions:
          Payment: {cash: {}, voucher: String}
          Contact: [String, Address, {type: "[String]", title: Several}]
        types:
          Order:
            item: String
            payment: Payment
            contact: Contact?
            settings: JSON?
            deliveryNote: String?
            street: String?
          Address: {street: String, city: String}
        """

    static func configs(rule: String) throws -> ConfigDictionary {
        var configs = ConfigDictionary(try TypeDefinitionLoader.load(text: types, file: "order.types.yaml"))
        try ConfigLoader().apply(
            text: """
                Order:
                  fields: [item, payment, contact, settings, {key: deliveryNote, visibleIf: '\(rule)'}, street]

                """,
            file: "order.forms.yaml", to: &configs)
        return configs
    }

    static func form(_ rule: String, contact: FormValue = .null, settings: FormValue = .null) throws -> Form<FormValue>
    {
        Form(
            values: .record([
                "item": .string("Lamp"), "payment": .record(["cash": .record([:])]), "contact": contact,
                "settings": settings, "deliveryNote": .null,
            ]),
            configs: try configs(rule: rule), typeName: "Order")
    }

    @Test func aRuleTestsTheChosenAlternativeByItsKind() throws {
        var form = try Self.form("contact is record", contact: .string("ada@example.com"))
        #expect(!form.fieldState(at: "deliveryNote").isVisible)
        #expect(!TextRenderer(width: 80).render(form).contains("Delivery Note"))
        try form.chooseAlternative("Address", at: "contact")
        #expect(form.fieldState(at: "deliveryNote").isVisible)
        #expect(TextRenderer(width: 80).render(form).contains("Delivery Note"))
        try form.chooseAlternative("Several", at: "contact")
        #expect(!form.fieldState(at: "deliveryNote").isVisible)
    }

    @Test(arguments: [
        ("contact is text", FormValue.string("ada@example.com"), true),
        ("contact is text", FormValue.null, false),
        ("contact is not text", FormValue.null, true),
        ("contact is list", FormValue.list([.string("a")]), true),
        ("contact is not list", FormValue.list([.string("a")]), false),
        ("contact is record or contact is list", FormValue.record(["street": .string("Main St")]), true),
    ])
    func eachKindAndItsNegation(_ rule: String, _ contact: FormValue, _ visible: Bool) throws {
        let form = try Self.form(rule, contact: contact)
        #expect(form.fieldState(at: "deliveryNote").isVisible == visible)
    }

    @Test(arguments: [
        (FormValue.list([.int(1)]), "settings is list", true),
        (FormValue.record(["a": .int(1)]), "settings is list", false),
        (FormValue.int(3), "settings is number", true),
        (FormValue.bool(true), "settings is boolean", true),
    ])
    func freeJSONIsTestedByWhatItHolds(_ settings: FormValue, _ rule: String, _ visible: Bool) throws {
        let form = try Self.form(rule, settings: settings)
        #expect(form.fieldState(at: "deliveryNote").isVisible == visible)
    }

    @Test(arguments: [
        ("item is text", "order.forms.yaml:2:", "'item' is always text: a kind test is for a union or free JSON"),
        (
            "contact is boolean", "order.forms.yaml:2:",
            "'contact' is never boolean: its alternatives are text, list, record"
        ),
        (
            "payment is record", "order.forms.yaml:2:",
            "'payment' is a union told apart by tags: test its tag (payment.cash != null)"
        ),
        (
            "contact is colour", "order.forms.yaml:2:",
            "expected 'empty' or a kind (text, number, boolean, list, record) after 'is'"
        ),
    ])
    func aKindTestThatCannotChangeIsRefusedWhereItIsWritten(_ rule: String, _ place: String, _ message: String) {
        #expect {
            _ = try Self.configs(rule: rule)
        } throws: { error in
            let text = "\(error)"
            return text.contains(place) && text.contains(message)
        }
    }

    @Test func itIsWrittenBackAsItReadsAndExportedAsATypeTest() throws {
        for rule in ["contact is record", "contact is not list", "contact is not text and settings is number"] {
            #expect(try Condition(parsing: rule).description == rule)
        }
        #expect(try Condition(parsing: "contact is record") == .hasKind("contact", .record))

        let configs = try Self.configs(rule: "contact is record")
        let schema = JSONSchemaExporter(configs: configs).schema(root: "Order")
        let test = schema["$defs"]?["Order"]?["if"]
        #expect(test?["properties"]?["contact"] == ["type": "object"], "\(schema)")
        #expect(test?["required"] == ["contact"])
    }

    /// The exported `if` imports as the same rule, so an export re-imports as it was; one that
    /// tests a property of one kind is still a note.
    @Test func theExportedIfImportsAsTheSameRule() throws {
        for rule in ["contact is record", "settings is list"] {
            let configs = try Self.configs(rule: rule)
            let schema = JSONSchemaExporter(configs: configs).schema(root: "Order")
            let imported = try JSONSchemaImporter.importSchema(
                try JSONParser.parse(schema.prettyJSON(), file: "order.schema.json"), file: "order.schema.json",
                name: "Order")
            let form = try imported.form()
            let note = form.configs.root.field("deliveryNote")?.conditions.visibleIf
            #expect(note?.description == rule, "\((try? imported.formsText()) ?? "")")
        }
        let plain: JSONValue = [
            "type": "object", "properties": ["item": ["type": "string"], "note": ["type": "string"]],
            "if": ["properties": ["item": ["type": "string"]]], "then": ["required": ["note"]],
        ]
        let imported = try JSONSchemaImporter.importSchema(
            try JSONParser.parse(plain.prettyJSON(), file: "plain.schema.json"), file: "plain.schema.json",
            name: "Plain")
        #expect(imported.notes.map { $0.message }.contains { $0.contains("tests 'item' with something other than") })
        #expect(try imported.form().configs.root.field("note")?.conditions.requiredIf == nil)
    }
}
