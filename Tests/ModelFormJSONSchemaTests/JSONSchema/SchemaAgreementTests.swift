import Foundation
import ModelForm
import ModelFormJSONSchema
import ModelFormTesting
import ModelFormYAML
import Testing

/// Export, import and validation agree: the exported schema accepts what ModelForm writes
/// (its values JSON, `null` for an absent optional) and what the model's own `Codable`
/// encoding writes (an option set as its integer, a date as a number or an ISO date-time);
/// the form imported from it accepts the same values; `required` means present, so an
/// empty text or an empty multi-select the form accepted is accepted after the round trip.
@Suite struct SchemaAgreementTests {
    /// The Everything fixture (every field kind) with values its rules accept.
    static func valid() -> Everything {
        var model = Everything()
        model.name = "Ada"
        model.email = "ada@example.com"
        model.password = "secret-password"
        model.homepageURL = "https://example.com"
        model.price = 12.5
        model.agreed = true
        model.birthday = Date(timeIntervalSince1970: 638_928_000)  // 1990-04-01
        model.startTime = Date(timeIntervalSince1970: 34_200)  // 09:30
        model.createdAt = Date(timeIntervalSince1970: 1_714_558_500)  // 2024-05-01T10:15:00Z
        model.toppings = [.cheese]
        model.days = [.monday, .wednesday]
        model.billing = nil
        model.mentor = Person(name: "Grace")
        model.friends = [Person(name: "Alan")]
        model.tags = ["swift"]
        return model
    }

    static var schema: JSONValue { JSONSchemaExporter(configs: EverythingFixture.configs).schema(root: "Everything") }

    static func errors(_ json: String) throws -> [String] {
        JSONSchemaValidator(schema: schema).validate(try JSONParser.parse(json, file: "data.json").value).map(
            \.description)
    }

    @Test func theSchemaAcceptsWhatModelFormWrites() throws {
        let values = try FormValueEncoder().encode(Self.valid())
        let json = try ValuesFile.text(
            values, typeName: "Everything", configs: EverythingFixture.configs, syntax: .json)
        #expect(json.contains("\"billing\": null"))
        let errors = try Self.errors(json)
        #expect(errors.isEmpty, "\(errors)")
        if ProcessInfo.processInfo.environment["MODELFORM_EXTERNAL_CHECKS"] == "1" {
            #expect(try Self.pythonJSONSchemaAccepts(schema: Self.schema.prettyJSON(), data: json))
        }
    }

    @Test(arguments: ["deferred", "iso8601"])
    func theSchemaAcceptsTheModelsOwnEncoding(_ dates: String) throws {
        let encoder = JSONEncoder()
        if dates == "iso8601" { encoder.dateEncodingStrategy = .iso8601 }
        let json = String(decoding: try encoder.encode(Self.valid()), as: UTF8.self)
        let errors = try Self.errors(json)
        #expect(errors.isEmpty, "\(errors)")
        if ProcessInfo.processInfo.environment["MODELFORM_EXTERNAL_CHECKS"] == "1" {
            #expect(try Self.pythonJSONSchemaAccepts(schema: Self.schema.prettyJSON(), data: json))
        }
    }

    @Test func theImportedFormAcceptsTheSameValues() throws {
        let text = Self.schema.prettyJSON()
        let imported = try JSONSchemaImporter.importSchema(
            try JSONParser.parse(text, file: "e.schema.json"), file: "e.schema.json", name: "Everything", source: text)
        let configs = try imported.configs()
        let json = try ValuesFile.text(
            try FormValueEncoder().encode(Self.valid()), typeName: "Everything", configs: EverythingFixture.configs,
            syntax: .json)
        var format = ValuesFileFormat(typeName: imported.root, configs: configs)
        format.keepsUnknownProperties = true
        format.omitsAbsentValues = true
        let values = try format.read(text: json, file: "data.json")
        var form = try imported.form(values: values)
        #expect(form.validate().isEmpty, "\(form.validate())")
    }

    /// `required` means present: a form that accepted an empty text and an empty
    /// multi-select accepts them after `schema` then `import`, as Python jsonschema does;
    /// a `required` rule (non-empty) travels as `minLength: 1` / `minItems: 1`.
    @Test func anEmptyValueTheFormAcceptedIsAcceptedAfterTheRoundTrip() throws {
        struct Survey: Codable {
            var comment = ""
            var topics: Set<Everything.Topping> = []
            var name = ""
        }
        var configs = ConfigDictionary(try ModelDescription(type: Survey.self))
        try configs["Survey"]?.update("name") { $0.rules = [ValidationRule(.required)] }
        let schema = JSONSchemaExporter(configs: configs).schema(root: "Survey")
        let text = schema.prettyJSON()
        #expect(text.contains("\"minLength\": 1"))
        let imported = try JSONSchemaImporter.importSchema(
            try JSONParser.parse(text, file: "s.schema.json"), file: "s.schema.json", name: "Survey", source: text)
        var empty = try imported.form(
            values: .record(["comment": .string(""), "topics": .list([]), "name": .string("Ada")]))
        #expect(empty.validate().isEmpty, "\(empty.validate())")
        var noName = try imported.form(
            values: .record(["comment": .string(""), "topics": .list([]), "name": .string("")]))
        #expect(noName.validate().map(\.path) == ["name"])
    }

    /// Every bundled example: its values, as ModelForm writes them, pass the schema exported
    /// from its model, and the form imported from that schema accepts them too.
    @Test(arguments: ["registration", "settings"])
    func exportImportAndValidationAgreeOnTheBundledExamples(_ model: String) throws {
        let (configs, root) = try JSONSchemaRoundTripTests.configs(model)
        let schema = JSONSchemaExporter(configs: configs).schema(root: root)
        let values = try ValuesFile.read(
            text: PackagePaths.text("config/\(model).values.yaml"), file: "values", typeName: root, configs: configs)
        let json = try ValuesFile.text(values, typeName: root, configs: configs, syntax: .json)
        let errors = JSONSchemaValidator(schema: schema).validate(try JSONParser.parse(json, file: "values.json").value)
        #expect(errors.isEmpty, "\(errors)")
        let text = schema.prettyJSON()
        let imported = try JSONSchemaImporter.importSchema(
            try JSONParser.parse(text, file: "e.schema.json"), file: "e.schema.json", name: root, source: text)
        var format = ValuesFileFormat(typeName: imported.root, configs: try imported.configs())
        format.keepsUnknownProperties = true
        var form = try imported.form(values: try format.read(text: json, file: "values.json"))
        #expect(form.validate().isEmpty, "\(form.validate())")
        if ProcessInfo.processInfo.environment["MODELFORM_EXTERNAL_CHECKS"] == "1" {
            #expect(try Self.pythonJSONSchemaAccepts(schema: text, data: json), "Python jsonschema refuses the values")
        }
    }

    /// Python's `jsonschema` package (the reference the issue names) on a schema and data.
    static func pythonJSONSchemaAccepts(schema: String, data: String) throws -> Bool {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "modelform-pyjs-\(UUID().uuidString)"
        ).path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try schema.write(toFile: folder + "/schema.json", atomically: true, encoding: .utf8)
        try data.write(toFile: folder + "/data.json", atomically: true, encoding: .utf8)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [
            "python3", "-c",
            "import json, sys, jsonschema; s = json.load(open(sys.argv[1])); jsonschema.validators.validator_for(s)(s).validate(json.load(open(sys.argv[2])))",
            folder + "/schema.json", folder + "/data.json",
        ]
        try process.run()
        process.waitUntilExit()
        return process.terminationStatus == 0
    }
}
