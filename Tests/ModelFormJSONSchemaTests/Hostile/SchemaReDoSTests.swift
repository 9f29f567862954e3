import ModelForm
import ModelFormJSONSchema
import Testing

/// The JSON Schema validator's pattern keyword ends a backtracking match in bounded work.
@Suite(.timeLimit(.minutes(1))) struct SchemaReDoSTests {
    static let value = String(repeating: "a", count: 30) + "!"

    @Test func theSchemaValidatorRefusesTheValue() throws {
        let schema = try JSONParser.parse(#"{"type": "string", "pattern": "^(a+)+$"}"#, file: "evil.schema.json")
        let errors = JSONSchemaValidator(schema: schema.value).validate(.string(Self.value))
        #expect(errors.map(\.message) == ["is too costly to check against the pattern ^(a+)+$"])
    }

    /// 400 costly items of one document share one budget (each alone may take 250 ms).
    @Test func aListOfCostlyItemsSharesOneBudget() throws {
        let schema = try JSONParser.parse(
            #"{"type": "array", "items": {"type": "string", "pattern": "^(a+)+$"}}"#, file: "evil.schema.json")
        let errors = JSONSchemaValidator(schema: schema.value).validate(
            .array(Array(repeating: .string(Self.value), count: 400)))
        #expect(errors.count == 400)
        #expect(errors.allSatisfy { $0.message == "is too costly to check against the pattern ^(a+)+$" })
    }
}
