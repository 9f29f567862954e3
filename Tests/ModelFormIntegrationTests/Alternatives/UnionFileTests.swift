import Foundation
import ModelForm
import ModelFormHTML
import ModelFormJSONSchema
import ModelFormMarkdown
import ModelFormText
import ModelFormYAML
import Testing

/// Unions (`unions:` in a types file): a value that is one of several alternatives, tagged
/// (as Swift writes an enum with associated values) or untagged (told apart by kind), read
/// from a values file, drawn with the chosen alternative, switched and switched back, and
/// written back as it was.
@Suite struct UnionFileTests {
    static let types = """
        root: Order
        unions:
          Payment:
            cash: {}
            card: {number: String, expiry: Date?}
            voucher: String
          Contact: [String, Address, {type: "[String]", title: Several}]
          Size: {oneOf: [Int, Double]}
        types:
          Order:
            item: String
            payment: Payment
            contact: Contact?
            size: Size?
          Address:
            street: String
            city: String
        """

    static func configs() throws -> ConfigDictionary {
        ConfigDictionary(try TypeDefinitionLoader.load(text: types, file: "order.types.yaml"))
    }

    static func form(_ values: String) throws -> Form<FormValue> {
        let configs = try configs()
        let read = try ValuesFile.read(text: values, file: "order.values.yaml", typeName: "Order", configs: configs)
        return Form(values: read, configs: configs, typeName: "Order")
    }

    static let card = "item: Lamp\npayment:\n  card:\n    number: \"4242\"\ncontact:\n  street: Main St\n  city: Oslo\n"

    @Test func theTypesFileDescribesTaggedAndUntaggedAlternatives() throws {
        let configs = try Self.configs()
        let payment = try #require(configs.root.field("payment"))
        #expect(payment.type == .alternatives)
        #expect(payment.alternatives.map(\.key) == ["cash", "card", "voucher"])
        #expect(payment.alternatives.map(\.title) == ["Cash", "Card", "Voucher"])
        let contact = try #require(configs.root.field("contact"))
        #expect(contact.alternatives.map(\.key) == [nil, nil, nil])
        #expect(contact.alternatives.map(\.title) == ["Text", "Address", "Several"])
        #expect(configs.root.field("size")?.alternativesAreExclusive == true)
    }

    @Test(arguments: [
        ("payment:\n  cash: {}\n", "payment", "Cash"),
        ("payment:\n  voucher: XMAS\n", "payment", "Voucher"),
        ("payment: {cash: {}}\ncontact: ada@example.com\n", "contact", "Text"),
        ("payment: {cash: {}}\ncontact: [a, b]\n", "contact", "Several"),
        ("payment: {cash: {}}\ncontact: {street: Main St, city: Oslo}\n", "contact", "Address"),
    ])
    func theChosenAlternativeIsFoundFromTheData(_ values: String, _ path: String, _ title: String) throws {
        var form = try Self.form("item: x\n" + values)
        let text = TextRenderer(width: 80).render(form)
        #expect(text.contains(title), "\(text)")
        #expect(form.validate().isEmpty, "\(form.validate())")
    }

    @Test func textAndMarkdownDrawTheChoiceThenTheChosenAlternative() throws {
        let form = try Self.form(Self.card)
        let text = TextRenderer(width: 80).render(form)
        #expect(text.contains("Payment"), "\(text)")
        #expect(text.contains("Card"), "\(text)")
        #expect(text.contains("4242"), "\(text)")
        #expect(text.contains("Main St"), "\(text)")
        let markdown = MarkdownRenderer().render(form)
        #expect(markdown.contains("| Payment | Card |"), "\(markdown)")
        #expect(markdown.contains("| Number | 4242 |"), "\(markdown)")
        let html = HTMLRenderer().render(form)
        #expect(html.contains("4242"), "\(html)")
        #expect(html.contains(#"name="payment[card][number]""#), "\(html)")
    }

    @Test func aValueIsSetInsideTheChosenAlternativeAndSwitchingBackBringsItBack() throws {
        var form = try Self.form(Self.card)
        try form.setText("5555", at: "payment.card.number")
        #expect(form.value(at: "payment.card.number") == .string("5555"))
        try form.chooseAlternative("voucher", at: "payment")
        #expect(form.value(at: "payment") == .record(["voucher": .string("")]))
        try form.setText("XMAS", at: "payment.voucher")
        try form.chooseAlternative("Card", at: "payment")
        #expect(form.value(at: "payment.card.number") == .string("5555"))
        try form.chooseAlternative("2", at: "payment")
        #expect(form.value(at: "payment") == .record(["voucher": .string("XMAS")]))
        try form.chooseAlternative("cash", at: "payment")
        #expect(form.value(at: "payment") == .record(["cash": .record([:])]))
        try form.chooseAlternative("Address", at: "contact")
        try form.setText("Bergen", at: "contact.city")
        #expect(form.value(at: "contact.city") == .string("Bergen"))
        // A write below another tagged alternative switches to it; a union's text chooses one.
        try form.setText("NEW", at: "payment.voucher")
        #expect(form.value(at: "payment") == .record(["voucher": .string("NEW")]))
        try form.setText("card", at: "payment")
        #expect(form.value(at: "payment.card.number") == .string("5555"))
        #expect(throws: FormError.self) { try form.chooseAlternative("cheque", at: "payment") }
        #expect(throws: FormError.self) { try form.setText("cheque", at: "payment") }
        #expect(throws: FormError.self) { try form.chooseAlternative("cash", at: "item") }
    }

    @Test(arguments: [
        ("payment: {cash: {}, card: {number: x}}\n", "payment", "is none of its alternatives (Cash, Card, Voucher)"),
        ("payment: {cheque: 1}\n", "payment", "is none of its alternatives"),
        ("payment: {cash: {}}\ncontact: true\n", "contact", "is none of its alternatives (Text, Address, Several)"),
        ("payment: {cash: {}}\nsize: 3\n", "size", "fits more than one alternative (Whole number, Number)"),
    ])
    func dataThatFitsNoneOrSeveralIsKeptAndMarked(_ values: String, _ path: String, _ message: String) throws {
        var form = try Self.form("item: x\n" + values)
        let errors = form.validate()
        #expect(
            errors.contains { $0.path == FormPath(stringLiteral: path) && $0.message.contains(message) }, "\(errors)")
        // Kept as it is, and written back as it was read.
        let text = try ValuesFile.text(form.values, typeName: "Order", configs: form.configs, syntax: .yaml)
        let again = try ValuesFile.read(text: text, file: "again", typeName: "Order", configs: form.configs)
        #expect(again == form.values, "\(text)")
    }

    @Test func aValuesFileWritesTheUnionsBackAsTheyWere() throws {
        let form = try Self.form(Self.card + "size: 2.5\n")
        for json in [false, true] {
            let text = try ValuesFile.text(
                form.values, typeName: "Order", configs: form.configs, syntax: json ? .json : .yaml)
            let again = try ValuesFile.read(text: text, file: "again", typeName: "Order", configs: form.configs)
            #expect(again == form.values, "\(text)")
        }
    }

    @Test func jsonSchemaExportWritesOneOfAndAnyOf() throws {
        let schema = try JSONSchemaExporter(configs: Self.configs()).schema(root: "Order")
        let text = schema.inlineJSON
        #expect(text.contains(#""anyOf""#), "\(text)")
        #expect(text.contains(#""oneOf""#), "\(text)")
        #expect(text.contains(#""required": ["card"]"#), "\(text)")
    }

    @Test(arguments: [
        ("unions:\n  U: []\ntypes:\n  T:\n    u: U\n", "order.types.yaml:2:6", "needs at least one alternative"),
        ("unions:\n  U: [Nope]\ntypes:\n  T:\n    u: U\n", "order.types.yaml:2:7", "unknown type 'Nope'"),
        ("unions:\n  U: [U]\ntypes:\n  T:\n    u: U\n", "order.types.yaml:2:3", "contains itself"),
        ("unions:\n  U: [{title: x}]\ntypes:\n  T:\n    u: U\n", "order.types.yaml:2:7", "needs a 'type'"),
    ])
    func aWrongUnionIsALocatedError(_ text: String, _ location: String, _ message: String) {
        do {
            _ = try TypeDefinitionLoader.load(text: text, file: "order.types.yaml")
            Issue.record("loaded \(text)")
        } catch {
            #expect("\(error)".contains(location), "\(error)")
            #expect("\(error)".contains(message), "\(error)")
        }
    }
}

extension UnionFileTests {
    /// A list of unions: each item's alternative is found, and an item that is none of them
    /// is marked at its own path.
    @Test func eachItemOfAListOfUnionsIsChecked() throws {
        let types = "unions:\n  Step: [String, \"[String]\"]\ntypes:\n  Job:\n    steps: \"[Step]\"\n"
        let configs = ConfigDictionary(try TypeDefinitionLoader.load(text: types, file: "job.types.yaml"))
        let values = try ValuesFile.read(
            text: "steps:\n  - make\n  - [lint, test]\n  - {run: x}\n", file: "job.values.yaml", typeName: "Job",
            configs: configs)
        var form = Form(values: values, configs: configs, typeName: "Job")
        let errors = form.validate()
        #expect(errors.map(\.path) == ["steps[2]"], "\(errors)")
        #expect(errors.first?.message.contains("is none of its alternatives (Text, List)") == true, "\(errors)")
    }
}

extension UnionFileTests {
    /// A rule tests a tagged union's choice by its tag's path: `payment.voucher != null`
    /// holds while the voucher is the chosen alternative.
    @Test func aRuleTestsTheChosenAlternativeByItsTag() throws {
        let types = """
            unions:
              Payment: {cash: {}, voucher: String}
            types:
              Order: {payment: Payment, giftNote: String?}
            """
        var configs = ConfigDictionary(try TypeDefinitionLoader.load(text: types, file: "order.types.yaml"))
        try ConfigLoader().apply(
            text: "Order:\n  fields: [payment, {key: giftNote, visibleIf: 'payment.voucher != null'}]\n",
            file: "order.forms.yaml", to: &configs)
        var form = Form(
            values: .record(["payment": .record(["cash": .record([:])]), "giftNote": .null]), configs: configs,
            typeName: "Order")
        #expect(!form.fieldState(at: "giftNote").isVisible)
        try form.chooseAlternative("voucher", at: "payment")
        #expect(form.fieldState(at: "giftNote").isVisible)
        #expect(TextRenderer(width: 80).render(form).contains("Gift Note"))
    }
}
