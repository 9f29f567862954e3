import ModelForm
import ModelFormJSONSchema
import ModelFormYAML
import Testing

/// An object's keys beside its `properties` (`additionalProperties` with a schema, or one
/// `patternProperties` pattern): a map of other keys, its entries written beside the
/// properties, the schema's errors about them at the map's entries.
@Suite struct OtherKeysTests {
    static let schema = """
        {
          "title": "Service",
          "type": "object",
          "properties": {
            "name": {"type": "string"},
            "replicas": {"type": "integer"},
            "otherProperties": {"type": "boolean"}
          },
          "required": ["name"],
          "additionalProperties": {"type": "integer", "minimum": 0, "title": "Limits"}
        }
        """

    static func imported(_ text: String = schema) throws -> ImportedSchema {
        try JSONSchemaImporter.importSchema(
            try JSONParser.parse(text, file: "s.schema.json"), file: "s.schema.json", name: "Service", source: text)
    }

    static func format(_ configs: ConfigDictionary) -> ValuesFileFormat {
        var format = ValuesFileFormat(typeName: "Service", configs: configs)
        format.keepsUnknownProperties = true
        format.omitsAbsentValues = true
        return format
    }

    @Test func theOtherKeysAreAMapOfTheirOwnNamedApartFromTheProperties() throws {
        let imported = try Self.imported()
        let configs = try imported.configs()
        #expect(configs.model.entity("Service")?.otherKeys == "otherProperties2")
        let field = try #require(configs.root.field("otherProperties2"))
        #expect(field.type == .map && field.title == "Limits")
        #expect(field.valueType == .dictionary(.integer(bits: 64)))
        #expect(
            try imported.typesText().contains("otherProperties2:\n      type: '[String: Int]'\n      otherKeys: true"))
    }

    @Test func aValuesFileReadsThemIntoTheMapAndWritesThemBeside() throws {
        let configs = try Self.imported().configs()
        let format = Self.format(configs)
        let values = try format.read(
            text: #"{"name": "web", "cpu": 2, "replicas": 3, "otherProperties": true, "memory": 512}"#,
            file: "s.json")
        #expect(values["otherProperties2"] == .record(["cpu": .int(2), "memory": .int(512)]))
        #expect(values["otherProperties"] == .bool(true))
        let text = try format.text(values, syntax: .json)
        #expect(
            text
                == "{\n  \"name\": \"web\",\n  \"cpu\": 2,\n  \"memory\": 512,\n  \"replicas\": 3,\n  \"otherProperties\": true\n}\n"
        )
        #expect(try format.read(text: text, file: "again.json") == values)
    }

    @Test func theSchemasErrorsAboutThemAreAtTheMapsEntries() throws {
        let imported = try Self.imported()
        var form = try imported.form(
            values: .record(["name": .string("web"), "otherProperties2": .record(["cpu": .int(2)])]))
        #expect(form.validate().isEmpty)
        try form.setText("-1", at: #"otherProperties2["cpu"]"#)
        #expect(form.validate().map(\.path.description) == ["otherProperties2.cpu"])
    }

    @Test func anEntryCannotTakeAPropertysKey() throws {
        var form = try Self.imported().form(
            values: .record(["name": .string("web"), "otherProperties2": .record([:])]))
        #expect(throws: FormError.self) { try form.addEntry("replicas", to: "otherProperties2") }
        try form.addEntry("cpu", to: "otherProperties2")
        do {
            try form.renameEntry(at: #"otherProperties2["cpu"]"#, to: "name")
            Issue.record("renamed to a property's key")
        } catch {
            #expect("\(error)".contains(#"the key "name" is a property of its own"#), "\(error)")
        }
        // Set through a path, such an entry fails validation: nothing is committed.
        try form.setText("3", at: #"otherProperties2["replicas"]"#)
        #expect(form.validate().map(\.message).contains(#"the key "replicas" is a property of its own"#))
        #expect(throws: FormError.self) { try form.commit() }
        // The map's own name is no property's: an entry may have it.
        try form.removeItem(at: #"otherProperties2["replicas"]"#)
        try form.addEntry("otherProperties2", to: "otherProperties2")
        #expect(form.validate().isEmpty, "\(form.errors)")
    }

    /// What a schema's other keys import as: their map's key and its entries' type, `""`
    /// for no map (`{}` takes any value: they are kept as they are). Other keys of several
    /// kinds are a map of free JSON, with a note where the schema says so.
    @Test(
        arguments: [
            (#"{"patternProperties": {"^x-": {"type": "string"}}}"#, "otherProperties", ValueType.string, false),
            (#"{"additionalProperties": {"type": "string"}}"#, "otherProperties", .string, false),
            (#"{"additionalProperties": {}}"#, "", nil, false),
            (
                #"{"patternProperties": {"^x-": {"type": "string"}, "^y-": {"type": "string"}}}"#, "otherProperties",
                .json, true
            ),
            (
                #"{"patternProperties": {"^x-": {"type": "string"}}, "additionalProperties": {"type": "integer"}}"#,
                "otherProperties", .json, true
            ),
        ] as [(String, String, ValueType?, Bool)])
    func whatHoldsTheOtherKeys(_ keywords: String, _ map: String, _ entries: ValueType?, _ noted: Bool) throws {
        let text = #"{"type": "object", "properties": {"a": {"type": "string"}}, "# + keywords.dropFirst()
        let imported = try Self.imported(text)
        let configs = try imported.configs()
        #expect((configs.model.entity("Service")?.otherKeys ?? "") == map)
        if let entries {
            #expect(configs.root.field(map)?.valueType?.entryType?.unwrapped == entries)
        }
        #expect(imported.notes.contains { "\($0.mark)".hasPrefix("s.schema.json:1:") } == noted, "\(imported.notes)")
    }

    @Test(arguments: JSONSchemaDraft.allCases)
    func theyExportAsAdditionalPropertiesAndImportBackTheSame(draft: JSONSchemaDraft) throws {
        let configs = try Self.imported().configs()
        let first = JSONSchemaExporter(configs: configs, draft: draft).schema(root: "Service")
        #expect(first["$defs"]?["Service"]?["additionalProperties"] != nil || first["definitions"] != nil)
        let text = first.prettyJSON()
        let again = try Self.imported(text).configs()
        #expect(again.model.entity("Service")?.otherKeys == "otherProperties2")
        #expect(JSONSchemaExporter(configs: again, draft: draft).schema(root: "Service").prettyJSON() == text)
    }

    /// A JSON pointer's number is a map's key where the form has a map there.
    @Test func aNumberInAPointerIsAKeyInAMap() throws {
        let types = "types:\n  Manifest:\n    icons: \"[String: String]\"\n    shots: \"[String]\"\n"
        let configs = ConfigDictionary(try TypeDefinitionLoader.load(text: types, file: "m.types.yaml"))
        let text = #"{"type": "object", "properties": {"icons": {"additionalProperties": {"maxLength": 1}}}}"#
        let validator = JSONSchemaValidator(schema: try JSONParser.parse(text, file: "m.schema.json").value)
        let errors = try validator.fieldErrors(
            .record(["icons": .record(["16": .string("ab")]), "shots": .list([])]), typeName: "Manifest",
            configs: configs)
        #expect(errors.map(\.path) == [FormPath([.key("icons"), .key("16")])])
    }
}

/// Maps in the UI schemas: RJSF's options for a map's entries under `additionalProperties`,
/// the map of other keys never a property (nor a JSON Forms control), and the pair read back.
@Suite struct MapUISchemaTests {
    static let types = """
        types:
          Service:
            name: String
            notes: "[String: String]"
            limits: {type: "[String: String]", otherKeys: true}
        """
    static let forms = """
        Service:
          fields:
            - name
            - {key: notes, template: {type: longtext}}
            - {key: limits, template: {placeholder: "e.g. 2"}}
        """

    static func configs() throws -> ConfigDictionary {
        var configs = ConfigDictionary(try TypeDefinitionLoader.load(text: types, file: "s.types.yaml"))
        try ConfigLoader().apply(text: forms, file: "s.forms.yaml", to: &configs)
        return configs
    }

    @Test func rjsfTakesTheEntriesOptionsAndNoPropertyForTheOtherKeys() throws {
        let exporter = JSONSchemaExporter(configs: try Self.configs())
        let ui = exporter.uiSchema(root: "Service", dialect: .rjsf)
        #expect(ui["ui:order"] == .array([.string("name"), .string("notes"), .string("*")]))
        #expect(ui["notes"]?["additionalProperties"]?["ui:widget"] == .string("textarea"))
        #expect(ui["additionalProperties"]?["ui:placeholder"] == .string("e.g. 2"))
        #expect(ui["limits"] == nil)
        let forms = exporter.uiSchema(root: "Service", dialect: .jsonforms)
        #expect(!forms.prettyJSON().contains("limits"))
        #expect(forms.prettyJSON().contains("#/properties/notes"))
        let schema = exporter.schema(root: "Service").prettyJSON()
        let uiText = ui.prettyJSON()
        let imported = try JSONSchemaImporter.importSchema(
            try JSONParser.parse(schema, file: "s.schema.json"), file: "s.schema.json", name: "Service",
            source: schema, ui: try JSONParser.parse(uiText, file: "s.ui.json"), uiFile: "s.ui.json", uiSource: uiText)
        let again = try imported.configs()
        #expect(again.root.fields.compactMap(\.key) == ["name", "notes", "otherProperties"])
    }
}
