import ModelForm
import ModelFormYAML
import Testing

/// The Alternatives article's example, compiled and run.
@Suite struct AlternativesExampleTests {
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
