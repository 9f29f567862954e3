import ModelForm
import ModelFormJSONSchema
import ModelFormYAML
import Testing

/// JSON Schema tuples (`prefixItems`; draft-07's `items` as an array) import as a fixed row of
/// fields, each position titled and checked by its own schema, the items after them by
/// `items` (draft-07: `additionalItems`); the export writes them back in either draft.
@Suite struct SchemaTupleTests {
    static func imported(_ property: String, draft7: Bool = false) throws -> ImportedSchema {
        let schema = draft7 ? #""$schema": "http://json-schema.org/draft-07/schema#", "# : ""
        let text = #"{"# + schema + #""type": "object", "properties": {"a": "# + property + "}}"
        let document = try JSONParser.parse(text, file: "a.schema.json")
        return try JSONSchemaImporter.importSchema(document, file: "a.schema.json", name: "A")
    }

    @Test(arguments: [
        (
            #"{"type": "array", "prefixItems": [{"type": "number", "title": "X"}, {"type": "number", "title": "Y"}], "items": false}"#,
            false, "(Double, Double)", ["X", "Y"]
        ),
        (
            #"{"type": "array", "items": [{"type": "string"}, {"type": "boolean"}], "additionalItems": {"type": "number"}}"#,
            true, "(String, Bool, Double...)", ["A 1", "A 2"]
        ),
        (#"{"type": "array", "prefixItems": [{"type": "string"}]}"#, false, "(String, JSONValue...)", ["A 1"]),
    ])
    func aTupleImportsAsARowOfPositions(_ schema: String, _ draft7: Bool, _ type: String, _ titles: [String]) throws {
        let imported = try Self.imported(schema, draft7: draft7)
        #expect(imported.notes.isEmpty, "\(imported.notes)")
        let field = try #require(try imported.configs().root.field("a"))
        #expect(field.valueType?.name == type + "?")
        #expect(field.positions.map(\.title) == titles)
    }

    @Test func thePositionsAndWhatFollowsThemAreCheckedByTheSchemaAndTheForm() throws {
        let schema = """
            {"type": "array", "prefixItems": [{"type": "string", "minLength": 2}, {"type": "boolean"}], "items": false}
            """
        let imported = try Self.imported(schema)
        var form = try imported.form(values: .record(["a": .list([.string("ok"), .bool(true)])]))
        #expect(form.validate().isEmpty, "\(form.validate())")
        try form.setText("x", at: "a[0]")
        #expect(form.validate().contains { $0.path == "a[0]" }, "\(form.validate())")
        var long = try imported.form(values: .record(["a": .list([.string("ok"), .bool(true), .int(3)])]))
        #expect(!long.validate().isEmpty)
    }

    @Test(arguments: JSONSchemaDraft.allCases)
    func theExportWritesTheTupleBackAndReimportsTheSame(_ draft: JSONSchemaDraft) throws {
        let schema = """
            {"type": "array", "prefixItems": [{"type": "string", "title": "Name"}, {"type": "integer"}],
             "items": {"type": "number"}}
            """
        let configs = try Self.imported(schema).configs()
        let exported = JSONSchemaExporter(configs: configs, draft: draft).schema(root: "A")
        let property = try #require(
            exported["$defs"]?["A"]?["properties"]?["a"] ?? exported["definitions"]?["A"]?["properties"]?["a"])
        let positions = try #require(property[draft == .draft7 ? "items" : "prefixItems"]?.array)
        #expect(positions.count == 2)
        #expect(positions[0]["title"] == .string("Name"))
        #expect(property[draft == .draft7 ? "additionalItems" : "items"]?["type"] == .string("number"))
        let meta = try #require(JSONSchemaValidator.metaSchema(draft))
        #expect(meta.validate(exported).isEmpty)
        let document = try JSONParser.parse(exported.prettyJSON(), file: "again.schema.json")
        let again = try JSONSchemaImporter.importSchema(document, file: "again.schema.json", name: "A").configs()
        let second = JSONSchemaExporter(configs: again, draft: draft).schema(root: "A")
        #expect(exported.prettyJSON() == second.prettyJSON())
    }

    @Test func theRJSFUISchemaGivesEachPositionAndEachAlternativeItsOptions() throws {
        let text = """
            {"type": "object", "properties": {
              "point": {"type": "array", "prefixItems": [{"type": "string", "examples": ["x"]}, {"type": "number"}],
                        "items": {"type": "string", "examples": ["more"]}},
              "pick": {"oneOf": [{"type": "string"}, {"type": "integer"}]}}}
            """
        let imported = try JSONSchemaImporter.importSchema(
            try JSONParser.parse(text, file: "u.schema.json"), file: "u.schema.json", name: "U")
        var configs = try imported.configs()
        try configs["U"]?.update("pick") { $0.alternatives[0].placeholder = "a name" }
        let ui = JSONSchemaExporter(configs: configs).uiSchema(root: "U", dialect: .rjsf)
        #expect(
            ui["point"]?["items"]
                == .array([.object(JSONObject([("ui:placeholder", .string("x"))])), .object(JSONObject())]))
        #expect(ui["point"]?["additionalItems"]?["ui:placeholder"] == .string("more"))
        #expect(ui["pick"]?["oneOf"]?.array?.first?["ui:placeholder"] == .string("a name"))
    }

    @Test func aNameOrATupleIsAChoiceOfTwoKinds() throws {
        // remarkrc's plugin: a name, or a name and its options.
        let schema = """
            {"oneOf": [{"type": "string"}, {"type": "array", "additionalItems": true, "items": [{"type": "string"}]}]}
            """
        let imported = try Self.imported(schema, draft7: true)
        #expect(imported.notes.isEmpty, "\(imported.notes)")
        let field = try #require(try imported.configs().root.field("a"))
        #expect(field.type == .alternatives)
        var form = try imported.form(values: .record(["a": .list([.string("lint"), .record(["x": .int(1)])])]))
        #expect(form.validate().isEmpty, "\(form.validate())")
        #expect(form.tree().sections[0].rows[0].context.display == "List")
        try form.setText("other", at: "a[0]")
        #expect(form.value(at: "a") == .list([.string("other"), .record(["x": .int(1)])]))
    }
}
