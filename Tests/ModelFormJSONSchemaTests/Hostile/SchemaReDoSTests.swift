import ModelForm
import ModelFormJSONSchema
import Testing

/// The JSON Schema validator's pattern keyword ends a backtracking match in bounded work.
@Suite(.timeLimit(.minutes(10))) struct SchemaReDoSTests {
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

    /// A form imported from the schema refuses the value without naming the pattern it
    /// translated for ICU (`[\s\S]*?(?:^(a+)+$)[\s\S]*`), which its author never wrote.
    @Test func theImportedFormRefusesItWithoutTheTranslatedPattern() throws {
        let schema = try JSONParser.parse(
            #"{"type": "object", "properties": {"v": {"type": "string", "pattern": "^(a+)+$"}}}"#,
            file: "evil.schema.json")
        let imported = try JSONSchemaImporter.importSchema(schema, file: "evil.schema.json", name: "Evil")
        var form = try imported.form(values: .record(["v": .string("a")]))
        try form.setText(Self.value, at: "v")
        let messages = form.validate().map(\.message)
        #expect(messages == ["is too costly to check against this field's pattern; shorten it"])
    }
}
