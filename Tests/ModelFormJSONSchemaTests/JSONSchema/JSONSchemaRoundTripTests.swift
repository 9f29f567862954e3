import Foundation
import ModelForm
import ModelFormJSONSchema
import ModelFormTesting
import ModelFormYAML
import Testing

/// Export, import, export again: the same schema, for the bundled models in both drafts; and
/// every exported schema is valid against its draft's meta-schema.
@Suite struct JSONSchemaRoundTripTests {
    static func configs(_ model: String) throws -> (ConfigDictionary, String) {
        let base = "config/" + model
        var configs = ConfigDictionary(
            try TypeDefinitionLoader.load(text: PackagePaths.text(base + ".types.yaml"), file: base + ".types.yaml"))
        try ConfigLoader().apply(
            text: PackagePaths.text(base + ".forms.yaml"), file: base + ".forms.yaml", to: &configs)
        return (configs, configs.model.root)
    }

    static func importing(_ schema: JSONValue) throws -> (ConfigDictionary, String) {
        let text = schema.prettyJSON()
        let imported = try JSONSchemaImporter.importSchema(
            try JSONParser.parse(text, file: "exported.schema.json"), file: "exported.schema.json", name: "Form",
            source: text)
        return (try imported.configs(), imported.root)
    }

    @Test(arguments: ["registration", "settings"], JSONSchemaDraft.allCases)
    func exportImportExportGivesTheSameSchema(model: String, draft: JSONSchemaDraft) throws {
        let (configs, root) = try Self.configs(model)
        let first = JSONSchemaExporter(configs: configs, draft: draft).schema(root: root)
        let (again, againRoot) = try Self.importing(first)
        let second = JSONSchemaExporter(configs: again, draft: draft).schema(root: againRoot)
        #expect(
            first.prettyJSON() == second.prettyJSON(), "\(Golden.difference(first.prettyJSON(), second.prettyJSON()))")
        let meta = try #require(JSONSchemaValidator.metaSchema(draft))
        #expect(meta.validate(first).isEmpty, "\(meta.validate(first).prefix(3))")
    }

    @Test func theExportedSchemaAcceptsTheBundledValuesAndRefusesBrokenOnes() throws {
        let (configs, root) = try Self.configs("registration")
        let validator = JSONSchemaValidator(schema: JSONSchemaExporter(configs: configs).schema(root: root))
        let values = try ValuesFile.read(
            text: PackagePaths.text("config/registration.values.yaml"), file: "values", typeName: root, configs: configs
        )
        let text = try ValuesFile.text(values, typeName: root, configs: configs, syntax: .json)
        let data = try JSONParser.parse(text, file: "values.json").value
        #expect(validator.validate(data).isEmpty, "\(validator.validate(data))")
        guard case .object(var broken) = data else {
            Issue.record("not an object")
            return
        }
        broken["email"] = .string("ada at example")
        broken["age"] = .number(JSONNumber(7))
        #expect(validator.validate(.object(broken)).map(\.pointer).sorted() == ["/age", "/email"])
    }
}
