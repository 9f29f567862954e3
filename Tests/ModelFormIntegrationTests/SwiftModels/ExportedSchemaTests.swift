import Foundation
import ModelForm
import ModelFormJSONSchema
import ModelFormTesting
import Testing

/// The schema exported from a Swift model accepts what the model's own `Codable` writes
/// (`JSONEncoder`'s defaults): one-value types as their value, dictionaries as objects,
/// nested lists, enums with payloads as whatever they write. ModelForm's validator and
/// Python's `jsonschema` both say so.
@Suite struct ExportedSchemaTests {
    /// A model, its schema, and its `JSONEncoder` output.
    struct Case: CustomTestStringConvertible {
        var name: String
        var schema: JSONValue
        var encoded: JSONValue
        var testDescription: String { name }

        init<Model: Codable & SendableMetatype>(_ name: String, _ model: Model) throws {
            self.name = name
            let form = try Form(editing: model)
            schema = JSONSchemaExporter(configs: form.configs).schema(root: form.typeName)
            let data = try JSONEncoder().encode(model)
            encoded = try JSONParser.parse(String(decoding: data, as: UTF8.self), file: "\(name).json").value
        }
    }

    static func cases() throws -> [Case] {
        try [
            Case("recipe", Recipe()), Case("registration", RegistrationForm.sample),
            Case("contract", ContractEmployee()),
            Case("plan", NestedListTests.Plan()), Case("pantry", ReproducibleOutputTests.Pantry()),
        ]
    }

    @Test func modelFormsValidatorAcceptsWhatCodableWrites() throws {
        for item in try Self.cases() {
            let errors = JSONSchemaValidator(schema: item.schema).validate(item.encoded)
            #expect(errors.isEmpty, "\(item.name): \(errors)")
        }
    }

    @Test(.enabled(if: PythonJsonschema.isInstalled, "Python's jsonschema package is not installed"))
    func pythonJsonschemaAcceptsWhatCodableWrites() throws {
        let cases = try Self.cases()
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("exported-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        var requests: [JSONValue] = []
        for item in cases {
            let path = scratch.appendingPathComponent("\(item.name).schema.json").path
            try item.schema.json.write(toFile: path, atomically: true, encoding: .utf8)
            requests.append(.object(JSONObject([("schema", .string(path)), ("data", item.encoded), ("toml", .null)])))
        }
        let results = try PythonJsonschema.verdicts(requests)
        #expect(results.count == cases.count)
        for (item, result) in zip(cases, results) {
            #expect(result["valid"] == .bool(true), "\(item.name): \(result["error"] ?? .null)")
        }
    }
}
