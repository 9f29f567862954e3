import Foundation
import ModelForm
import ModelFormJSONSchema
import ModelFormYAML
import Testing

/// Every numeric keyword of a schema is range-checked: a count too large for `Int` is
/// clamped (no text or list reaches it), a negative or fractional count is a located error,
/// and nothing traps (a trap would end this test process). `check` runs through the CLI in
/// JSONSchemaCommandTests; here the importer and the validator that every command uses.
@Suite struct SchemaNumberTests {
    static let keywords = ["minLength", "maxLength", "minItems", "maxItems", "minProperties", "maxContains"]

    static func schema(_ keyword: String, _ number: String) throws -> JSONParser.Document {
        let text =
            #"{"type": "object", "properties": {"a": {"type": "string", "KEY": N}, "b": {"type": "array", "items": {"type": "string"}, "KEY": N}}}"#
            .replacingOccurrences(of: "KEY", with: keyword).replacingOccurrences(of: "N", with: number)
        return try JSONParser.parse(text, file: "n.schema.json")
    }

    @Test(arguments: ["1e19", "9223372036854775808", "1e400", "18446744073709551616"])
    func aHugeCountIsClamped(_ number: String) throws {
        for keyword in Self.keywords {
            let schema = try Self.schema(keyword, number)
            let imported = try JSONSchemaImporter.importSchema(schema, file: "n.schema.json", name: "N")
            var form = try imported.form(values: .record(["a": .string("text"), "b": .list([.string("x")])]))
            let messages = form.validate().map(\.message)
            #expect(
                messages.count == (keyword.hasPrefix("min") ? (keyword == "minProperties" ? 0 : 1) : 0),
                "\(keyword) \(number): \(messages)")
        }
    }

    @Test(arguments: ["-1e30", "-1", "1.5", "-9223372036854775809"])
    func aNegativeOrFractionalCountIsALocatedError(_ number: String) throws {
        for keyword in ["minLength", "maxLength", "minItems", "maxItems"] {
            let schema = try Self.schema(keyword, number)
            let error = #expect(throws: DiagnosticList.self) {
                try JSONSchemaImporter.importSchema(schema, file: "n.schema.json", name: "N")
            }
            let first = try #require(error?.diagnostics.first)
            #expect(
                first.message
                    == "#/properties/a/\(keyword): '\(keyword)' must be a non-negative whole number, not \(number)")
            #expect(first.mark.line == 1 && first.mark.column > 40, "\(first.mark)")
        }
    }

    @Test func boundsPastEveryNumberBoundNothingAndOthersAreErrors() throws {
        let open = try JSONParser.parse(
            #"{"type": "object", "properties": {"n": {"type": "number", "maximum": 1e400, "minimum": -1e400}}}"#,
            file: "b.schema.json")
        let imported = try JSONSchemaImporter.importSchema(open, file: "b.schema.json", name: "B")
        var form = try imported.form(values: .record(["n": .double(1e300)]))
        #expect(form.validate().isEmpty)
        let impossible = try JSONParser.parse(
            #"{"type": "object", "properties": {"n": {"type": "number", "minimum": 1e400}}}"#, file: "c.schema.json")
        #expect(throws: DiagnosticList.self) {
            try JSONSchemaImporter.importSchema(impossible, file: "c.schema.json", name: "C")
        }
        let defaults = try JSONParser.parse(
            #"{"type": "object", "properties": {"n": {"type": "integer", "default": 1e19}}}"#, file: "d.schema.json")
        #expect(throws: Never.self) { try JSONSchemaImporter.importSchema(defaults, file: "d.schema.json", name: "D") }
    }
}
