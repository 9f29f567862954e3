import ModelForm
import ModelFormYAML
import Testing

/// `empty(...)` means what `required` means; where only a field's type could tell (an
/// unsigned number's 0 from a bitfield's), the forms file says so at its place.
@Suite struct EmptyConditionTests {
    static let types = """
        root: Order
        bitfields:
          Days: {Monday: 1, Tuesday: 2}
        types:
          Order:
            count: UInt
            days: Days
            note: String?
        """

    static func load(_ forms: String) throws -> ConfigDictionary {
        var configs = ConfigDictionary(try TypeDefinitionLoader.load(text: types, file: "order.types.yaml"))
        try ConfigLoader().apply(text: forms, file: "order.forms.yaml", to: &configs)
        return configs
    }

    @Test func anUnsignedNumberIsNeverTestedForEmptiness() throws {
        let forms = """
            Order:
              fields:
                - count
                - days
                - {key: note, visibleIf: not empty(count)}
            """
        let error = try #require(throws: DiagnosticList.self) { try Self.load(forms) }
        #expect(
            error.diagnostics.map(\.description) == [
                "order.forms.yaml:5:40: error: visibleIf: 'count' is an unsigned number, never empty unless it has "
                    + "no value: compare it (count == 0 or count == null)"
            ])
    }

    @Test func aBitfieldWithNoOptionIsEmpty() throws {
        let configs = try Self.load(
            """
            Order:
              fields:
                - count
                - days
                - {key: note, visibleIf: empty(days)}
            """)
        let none = Form(values: .record(["count": .uint(0), "days": .uint(0)]), configs: configs, typeName: "Order")
        let monday = Form(values: .record(["count": .uint(0), "days": .uint(1)]), configs: configs, typeName: "Order")
        #expect(none.fieldState(at: "note").isVisible)
        #expect(!monday.fieldState(at: "note").isVisible)
    }
}
