import ModelForm
import ModelFormJSONSchema
import Testing

/// What the import generates but cannot read back (a `default` that is no value of its
/// property) is an error in the schema, at the keyword it came from, never in the generated
/// files; in another file of the schema, in that file.
@Suite struct GeneratedErrorPlaceTests {
    @Test(arguments: [
        (
            #"{"type": "integer", "default": "abc"}"#,
            "s.schema.json:3:54: error: #/properties/a/default: invalid default: 'abc' is not a whole number"
        ),
        (
            #"{"enum": ["x", "y"], "default": "z"}"#,
            "s.schema.json:3:55: error: #/properties/a/default: invalid default: 'z' is not one of the options"
        ),
        (
            #"{"type": "string", "format": "date", "default": "nope"}"#,
            "s.schema.json:3:71: error: #/properties/a/default: invalid default: 'nope' is not a date"
        ),
        (
            #"{"type": "array", "items": {"type": "integer"}, "default": ["x"]}"#,
            "s.schema.json:3:82: error: #/properties/a/default: invalid default: 'x' is not a whole number"
        ),
        (
            #"{"type": "object", "properties": {"n": {"type": "integer"}}, "default": {"n": "x"}}"#,
            "s.schema.json:3:95: error: #/properties/a/default: invalid default: n: expected Int, got text"
        ),
        (
            #"{"type": "array", "items": {"type": "object", "properties": {"n": {"type": "integer"}}}, "default": [{"n": 1}, {"n": []}]}"#,
            "s.schema.json:3:123: error: #/properties/a/default: invalid default: [1].n: expected Int, got a list"
        ),
    ])
    func anInvalidDefaultIsAnErrorAtTheDefault(_ property: String, _ message: String) throws {
        let text = "{\n  \"type\": \"object\",\n  \"properties\": {\"a\": \(property)}\n}\n"
        let imported = try JSONSchemaImporter.importSchema(
            try JSONParser.parse(text, file: "s.schema.json"), file: "s.schema.json", name: "S", source: text)
        do {
            _ = try imported.configs()
            Issue.record("read back \(property)")
        } catch {
            #expect("\(error)".hasPrefix(message), "\(error)")
            #expect(!"\(error)".contains("imported"), "\(error)")
        }
    }

    /// The import goes straight into configs: each setting's source is its keyword in the
    /// schema (else its property's schema), never a generated file.
    @Test func importedSettingsPointAtTheirKeywords() throws {
        let text = """
            {"type": "object", "properties": {
              "a": {"title": "Amount", "type": "integer",
                    "default": 5, "maximum": 9}}}
            """
        let imported = try JSONSchemaImporter.importSchema(
            try JSONParser.parse(text, file: "s.schema.json"), file: "s.schema.json", name: "S", source: text)
        let field = try #require(try imported.configs()["S"]?.field("a"))
        #expect(field.sources["title"] == "s.schema.json:2:18", "\(field.sources)")
        #expect(field.sources["default"] == "s.schema.json:3:20", "\(field.sources)")
        #expect(field.sources["rules"] == "s.schema.json:2:8", "the property's schema: \(field.sources)")
    }
}

/// A draft-04 schema is validated as draft-04: no `const`, `contains`, `propertyNames` or
/// `if`, and a boolean `exclusiveMinimum`/`exclusiveMaximum` makes its bound exclusive (the
/// verdicts Python's `jsonschema` reaches on the schemastore corpus).
@Suite struct Draft4ValidationTests {
    static func errors(_ schema: String, _ instance: String) throws -> [String] {
        let validator = JSONSchemaValidator(
            schema: try JSONParser.parse(
                #"{"$schema": "http://json-schema.org/draft-04/schema#", "# + schema, file: "s.json"
            ).value)
        return validator.validate(try JSONParser.parse(instance, file: "d.json").value).map(\.keyword)
    }

    @Test(arguments: [
        (#""const": 1}"#, "2", [String]()),
        (#""contains": {"type": "string"}}"#, "[1]", []),
        (#""propertyNames": {"maxLength": 1}}"#, #"{"long": 1}"#, []),
        (#""if": {"type": "string"}, "then": {"maxLength": 1}}"#, #""long""#, []),
        (#""minimum": 1, "exclusiveMinimum": true}"#, "1", ["minimum"]),
        (#""maximum": 5, "exclusiveMaximum": true}"#, "5", ["maximum"]),
        (#""maximum": 5, "exclusiveMaximum": false}"#, "5", []),
        (#""oneOf": [{"const": "a"}, {"const": "b"}]}"#, #""a""#, ["oneOf"]),
    ])
    func draft4KeywordsHoldAsItDefinesThem(_ schema: String, _ instance: String, _ failing: [String]) throws {
        #expect(try Self.errors(schema, instance) == failing)
    }
}
