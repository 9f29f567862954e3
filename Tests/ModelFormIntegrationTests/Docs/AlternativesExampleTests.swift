import ModelForm
import ModelFormYAML
import Testing

/// The Alternatives article's examples, compiled and run.
@Suite struct AlternativesExampleTests {
    struct Account: Codable, Equatable, Sendable {
        var iban = ""
    }

    // doc: Sources/ModelForm/ModelForm.docc/Alternatives.md
    enum Payment: FormAlternatives {
        case cash
        case amount(Double)
        case transfer(Account, note: String)
        static let formAlternatives: [Payment] = [.cash, .amount(0), .transfer(Account(), note: "")]
    }
    struct Order: Codable {
        var item = "Lamp"
        var payment = Payment.cash
        var refund: Payment?
    }
    // end doc

    @Test func swiftEnums() throws {
        // doc: Sources/ModelForm/ModelForm.docc/Alternatives.md
        var form = try Form(editing: Order())
        try form.chooseAlternative("transfer", at: "payment")
        try form.setText("NO93 8601 1117 947", at: "payment.transfer._0.iban")
        try form.setText("rent", at: "payment.transfer.note")
        let saved: Order = try form.commit()  // .transfer(Account(iban: "NO93..."), note: "rent")
        // end doc
        guard case .transfer(let account, let note) = saved.payment else {
            Issue.record("not a transfer: \(saved.payment)")
            return
        }
        #expect(account == Account(iban: "NO93 8601 1117 947") && note == "rent")
    }

    @Test func alternativesArticle() throws {
        let types = """
            unions:
              Payment: {cash: {}, card: {number: String, expiry: Date?}, voucher: String}
            types:
              Order: {item: String, payment: Payment}
            """
        let configs = ConfigDictionary(try TypeDefinitionLoader.load(text: types, file: "order.types.yaml"))
        let values: FormValue = .record([
            "item": .string("Lamp"), "payment": .record(["card": .record(["number": .string("4242")])]),
        ])
        var form = Form(values: values, configs: configs, typeName: "Order")
        // doc: Sources/ModelForm/ModelForm.docc/Alternatives.md
        try form.setText("5555", at: "payment.card.number")  // into the chosen alternative
        try form.chooseAlternative("voucher", at: "payment")  // {voucher: ""}
        try form.setText("card", at: "payment")  // back: number is 5555 again
        try form.setText("XMAS", at: "payment.voucher")  // a write below a tag switches to it
        // end doc
        #expect(form.value(at: "payment") == .record(["voucher": .string("XMAS")]))
        try form.chooseAlternative("card", at: "payment")
        #expect(form.value(at: "payment.card.number") == .string("5555"))
    }
}
