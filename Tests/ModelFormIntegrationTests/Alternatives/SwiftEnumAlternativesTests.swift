import Foundation
import ModelForm
import ModelFormJSONSchema
import ModelFormMarkdown
import ModelFormText
import Testing

/// Swift enums with associated values (``FormAlternatives``) as alternatives: described
/// from their samples, drawn, edited through `Form`, and committed back through the
/// `Codable` conformance Swift synthesizes.
@Suite struct SwiftEnumAlternativesTests {
    struct Account: Codable, Equatable, Sendable {
        var iban = ""
        var holder = ""
    }

    enum Payment: FormAlternatives, Equatable {
        case cash
        case amount(Double)
        case transfer(Account, note: String)
        static let formAlternatives: [Payment] = [.cash, .amount(0), .transfer(Account(), note: "")]
    }

    struct Order: Codable, Equatable {
        var item = "Lamp"
        var payment = Payment.cash
        var refund: Payment?
        var prices: [String: Int] = ["base": 10]
        var extra: JSONValue = ["gift": true]
    }

    @Test func theCasesAreTaggedAlternativesOfTheirValues() throws {
        let form = try Form(editing: Order())
        let payment = try #require(form.configs.root.field("payment"))
        #expect(payment.type == .alternatives)
        #expect(payment.alternatives.map(\.key) == ["cash", "amount", "transfer"])
        #expect(payment.alternatives.map(\.title) == ["Cash", "Amount", "Transfer"])
        let transfer = try #require(form.configs["Payment.transfer"])
        #expect(transfer.fields.compactMap(\.key) == ["_0", "note"])
        #expect(form.configs.root.field("refund")?.type == .alternatives)
        // The probe route (no instance) sees the same.
        let probed = try ModelDescription(type: Order.self)
        let root = probed.entity(probed.root)
        #expect(root?.property("payment")?.valueType == payment.valueType)
    }

    @Test func editedThroughTheFormAndCommittedBack() throws {
        var form = try Form(editing: Order())
        try form.chooseAlternative("transfer", at: "payment")
        try form.setText("NO93 8601 1117 947", at: "payment.transfer._0.iban")
        try form.setText("rent", at: "payment.transfer.note")
        try form.setText("amount", at: "refund")
        try form.setText("12.5", at: "refund.amount._0")
        try form.setText("12", at: #"prices["tax"]"#)
        let saved: Order = try form.commit()
        #expect(saved.payment == .transfer(Account(iban: "NO93 8601 1117 947"), note: "rent"))
        #expect(saved.refund == .amount(12.5))
        #expect(saved.prices == ["base": 10, "tax": 12])
        // Back to cash and to the transfer again: what was typed comes back.
        try form.setText("cash", at: "payment")
        #expect(try form.commit().payment == .cash)
        try form.chooseAlternative("Transfer", at: "payment")
        #expect(try form.commit().payment == .transfer(Account(iban: "NO93 8601 1117 947"), note: "rent"))
    }

    @Test func textAndMarkdownDrawTheChosenCase() throws {
        var order = Order()
        order.payment = .transfer(Account(iban: "DE89", holder: "Ada"), note: "deposit")
        let form = try Form(editing: order)
        let text = TextRenderer(width: 80).render(form)
        #expect(text.contains("Payment  Transfer"), "\(text)")
        #expect(text.contains("deposit"), "\(text)")
        #expect(text.contains("DE89"), "\(text)")
        let markdown = MarkdownRenderer().render(form)
        #expect(markdown.contains("| Payment | Transfer |"), "\(markdown)")
    }

    enum Twice: FormAlternatives {
        case one
        static let formAlternatives: [Twice] = [.one, .one]
    }
    enum Empty: FormAlternatives {
        case one
        static let formAlternatives: [Empty] = []
    }
    struct HoldsTwice: Codable { var value = Twice.one }
    struct HoldsEmpty: Codable { var value = Empty.one }

    @Test func aWrongListOfSamplesIsAnErrorAtItsPath() {
        #expect(throws: DescriptionError.self) { try Form(editing: HoldsTwice()) }
        #expect(throws: DescriptionError.self) { try Form(editing: HoldsEmpty()) }
        do {
            _ = try Form(editing: HoldsTwice())
        } catch {
            #expect("\(error)".contains("value"), "\(error)")
            #expect("\(error)".contains("twice"), "\(error)")
        }
    }
}

extension SwiftEnumAlternativesTests {
    /// The exported schema holds what `JSONEncoder` writes for every case, and refuses a
    /// record of two cases.
    @Test func theExportedSchemaHoldsWhatJSONEncoderWrites() throws {
        let form = try Form(editing: Order())
        let schema = JSONSchemaExporter(configs: form.configs).schema(root: form.typeName)
        let validator = JSONSchemaValidator(schema: schema)
        for payment in Payment.formAlternatives + [.transfer(Account(iban: "x", holder: "y"), note: "z")] {
            var order = Order()
            order.payment = payment
            order.refund = payment
            let data = try JSONEncoder().encode(order)
            let json = try JSONParser.parse(String(decoding: data, as: UTF8.self), file: "order.json").value
            #expect(validator.validate(json).isEmpty, "\(validator.validate(json)) for \(json.inlineJSON)")
        }
        let two = try JSONParser.parse(
            #"{"item": "x", "payment": {"cash": {}, "amount": {"_0": 1}}, "prices": {}, "extra": null}"#,
            file: "two.json"
        ).value
        #expect(!validator.validate(two).isEmpty)
    }
}
