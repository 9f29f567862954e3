import ModelForm
import ModelFormJSONSchema
import Testing

/// The JSON Schema validator's pattern keyword ends a backtracking match in bounded work.
@Suite struct SchemaReDoSTests {
    static let value = String(repeating: "a", count: 30) + "!"

    @Test func theSchemaValidatorRefusesTheValue() throws {
        let schema = try JSONParser.parse(#"{"type": "string", "pattern": "^(a+)+$"}"#, file: "evil.schema.json")
        let errors = JSONSchemaValidator(schema: schema.value).validate(.string(Self.value))
        #expect(errors.map(\.message) == ["is too costly to check against the pattern ^(a+)+$"])
    }
}
