import Foundation
import ModelForm
import ModelFormJSONSchema
import Testing

/// Large schemas and data are read in linear time (figures in the closing note; no timing
/// is asserted): 30,000 `enum` values, 10,000 properties, 40,000 items under `uniqueItems`.
/// Each took tens of seconds when the parser recounted a long line for every value, the
/// importer searched its properties for each new one, and `uniqueItems` compared every pair.
@Suite struct LargeSchemaTests {
    static func json(_ value: Any) throws -> String {
        String(decoding: try JSONSerialization.data(withJSONObject: value), as: UTF8.self)
    }

    @Test func aLargeEnumAndManyPropertiesImport() throws {
        let cases = (0..<30_000).map { "v\($0)" }
        let properties = Dictionary(uniqueKeysWithValues: (0..<10_000).map { ("p\($0)", ["type": "string"]) })
        let text = try Self.json([
            "type": "object",
            "properties": [
                "c": ["type": "string", "enum": cases], "more": ["type": "object", "properties": properties],
            ],
        ])
        let document = try JSONParser.parse(text, file: "large.schema.json")
        let imported = try JSONSchemaImporter.importSchema(document, file: "large.schema.json", name: "Large")
        let configs = try imported.configs()
        #expect(configs["LargeMore"]?.fields.count == 10_000)
        #expect(configs["Large"]?.fields.first { $0.key == "c" }?.options.count == 30_000)
        // A location deep in the one long line is still exact.
        #expect(document.mark("/properties/more/properties/p9999")?.line == 1)
    }

    @Test func uniqueItemsUsesJSONSchemaEquality() throws {
        let schema = try JSONParser.parse(#"{"type": "array", "uniqueItems": true}"#, file: "u.schema.json").value
        let validator = JSONSchemaValidator(schema: schema)
        let many = try JSONParser.parse(try Self.json((0..<40_000).map { "v\($0)" }), file: "many.json").value
        #expect(validator.validate(many).isEmpty)
        for (data, unique) in [
            (#"[{"a": 1, "b": 2}, {"b": 2, "a": 1}]"#, false), (#"[1, 1.0]"#, false), (#"[1, true]"#, true),
            (#"[[1, {"x": null}], [1, {"x": null}]]"#, false), (#"[{"a": 1}, {"a": 2}, {"b": 1}]"#, true),
            (#"["é", "e\u0301"]"#, true),
        ] {
            let value = try JSONParser.parse(data, file: "d.json").value
            #expect(validator.validate(value).isEmpty == unique, "\(data)")
        }
    }
}
