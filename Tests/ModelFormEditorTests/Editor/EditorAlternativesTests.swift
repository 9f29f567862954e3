import ModelForm
import ModelFormEditor
import ModelFormYAML
import Testing

/// Unions in the terminal editor: Enter on a union's row offers its alternatives; choosing
/// a record alternative opens its fields as a page; the prompt mode asks which alternative
/// by number, then the chosen one's questions.
@Suite struct EditorAlternativesTests {
    static let types = """
        root: Order
        unions:
          Payment: {cash: {}, card: {number: String}, voucher: String}
        types:
          Order: {item: String, payment: Payment}
        """

    static func form() throws -> Form<FormValue> {
        let configs = ConfigDictionary(try TypeDefinitionLoader.load(text: types, file: "order.types.yaml"))
        return Form(
            values: .record(["item": .string("Lamp"), "payment": .record(["cash": .record([:])])]), configs: configs,
            typeName: "Order")
    }

    @Test func enterOffersTheAlternativesAndARecordOneOpensAsAPage() throws {
        var state = EditorState(form: try Self.form())
        var screen = EditorScreen(width: 80, height: 24)
        #expect(screen.frame(state).lines.contains { $0.contains("Payment") && $0.contains("Cash") })
        state.handle(.down)  // to Payment
        state.handle(.enter)
        guard case .picking(let picker) = state.mode else {
            Issue.record("no picker: \(state.mode)")
            return
        }
        #expect(picker.choices.map(\.title) == ["Cash", "Card", "Voucher"])
        #expect(picker.choices.map(\.isSelected) == [true, false, false])
        state.handle(.down)  // Card
        state.handle(.enter)
        #expect(state.form.values[FormPath("payment")] == .record(["card": .record(["number": .string("")])]))
        #expect(state.shownPath == "payment", "the card's fields open as a page")
        #expect(state.breadcrumb.last == "Payment: Card")
        state.handle(.enter)  // edit Number
        for character in "4242" { state.handle(.character(character)) }
        state.handle(.enter)
        #expect(state.form.values[FormPath("payment.card.number")] == .string("4242"))
    }

    @Test func thePromptModeAsksWhichAlternativeThenItsQuestions() throws {
        var form = try Self.form()
        var written = ""
        var lastPrompt = ""
        // The longer prompt first: "Payment › Voucher" also starts with "Payment".
        let answers = [("Payment › Voucher", "XMAS"), ("Payment", "3"), ("Save changes?", "y")]
        let editor = AccessibleEditor(
            readLine: { answers.first { lastPrompt.hasPrefix($0.0) }?.1 ?? "" },
            write: { text in
                written += text
                lastPrompt = String(text.split(separator: "\n", omittingEmptySubsequences: false).last ?? "")
            })
        let outcome = editor.run(&form)
        guard case .saved(let values)? = outcome else {
            Issue.record("not saved: \(written)")
            return
        }
        #expect(values[FormPath("payment")] == .record(["voucher": .string("XMAS")]), "\(written)")
        #expect(written.contains("1) Cash  2) Card  3) Voucher"), "\(written)")
    }
}
