import ModelForm
import ModelFormJSONSchema
import ModelFormYAML
import Testing

/// An object property's `default` (`"owner": {"default": {"name": "Ada"}}`) imports as the
/// related record's default: an edit into the absent record starts from it, over the related
/// type's own defaults; data that has the record keeps what it has. It was dropped.
@Suite struct ObjectDefaultTests {
    static let schema = """
        {"title": "Repo", "type": "object", "properties": {
          "name": {"type": "string"},
          "owner": {
            "type": "object",
            "properties": {"name": {"type": "string"}, "age": {"type": "integer"}, "team": {"type": "string"}},
            "default": {"name": "Ada", "age": 36}
          }
        }}
        """

    static func form(_ data: String) throws -> Form<FormValue> {
        let imported = try JSONSchemaImporter.importSchema(
            try JSONParser.parse(schema, file: "repo.schema.json"), file: "repo.schema.json", name: "Repo",
            source: schema)
        let configs = try imported.configs()
        var format = ValuesFileFormat(typeName: "Repo", configs: configs)
        format.omitsAbsentValues = true
        return try imported.form(values: try format.read(text: data, file: "repo.json"))
    }

    @Test func anEditIntoTheAbsentRecordStartsFromTheDefault() throws {
        var form = try Self.form(#"{"name": "modelform"}"#)
        #expect(form.config.field("owner")?.defaultValue == .record(["name": .string("Ada"), "age": .int(36)]))
        #expect(form.value(at: "owner") == nil, "absent in the data")
        try form.setText("core", at: "owner.team")
        #expect(form.value(at: "owner") == .record(["name": .string("Ada"), "age": .int(36), "team": .string("core")]))
    }

    @Test func aRecordTheDataHasKeepsWhatItHas() throws {
        var form = try Self.form(#"{"owner": {"name": "Grace"}}"#)
        try form.setText("core", at: "owner.team")
        #expect(form.value(at: "owner.name") == .string("Grace") && form.value(at: "owner.age") == nil)
    }
}
