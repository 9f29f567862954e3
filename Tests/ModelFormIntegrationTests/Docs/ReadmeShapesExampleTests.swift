import ModelForm
import Testing

/// The README's example of the shapes a Swift model may have: maps, an enum with associated
/// values (an optional one too) and free JSON, edited through `Form` and committed back.
@Suite struct ReadmeShapesExampleTests {
    struct Address: Codable, Equatable, Sendable {
        var street = ""
        var city = ""
    }
    struct Account: Codable, Equatable, Sendable {
        var iban = ""
    }

    // doc: README.md
    enum Payment: FormAlternatives {
        case cash
        case amount(Double)
        case transfer(Account, note: String)
        static let formAlternatives: [Payment] = [.cash, .amount(0), .transfer(Account(), note: "")]
    }
    struct Order: Codable {
        var prices: [String: Int] = ["base": 10]
        var offices: [String: Address] = [:]
        var payment = Payment.cash
        var refund: Payment?
        var extra: JSONValue = ["gift": true]
    }
    // end doc

    @Test func readmeShapes() throws {
        // doc: README.md
        var form = try Form(editing: Order())
        try form.setText("12", at: #"prices["tax"]"#)  // a map's new entry
        try form.setText("Bergen", at: #"offices["West"].city"#)  // an entry's record
        try form.chooseAlternative("transfer", at: "payment")  // or setText("transfer", at:)
        try form.setText("rent", at: "payment.transfer.note")
        try form.setText(#"{"gift": false, "note": "thanks"}"#, at: "extra")
        let saved: Order = try form.commit()
        // end doc
        #expect(saved.prices == ["base": 10, "tax": 12])
        #expect(saved.offices["West"]?.city == "Bergen")
        guard case .transfer(let account, let note) = saved.payment else {
            Issue.record("not a transfer: \(saved.payment)")
            return
        }
        #expect(account == Account() && note == "rent" && saved.refund == nil)
        #expect(saved.extra == ["gift": false, "note": "thanks"])
    }
}
