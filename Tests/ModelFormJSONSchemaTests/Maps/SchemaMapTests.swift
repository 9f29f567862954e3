import ModelForm
import ModelFormJSONSchema
import ModelFormYAML
import Testing

/// An object schema of free keys is a map: `additionalProperties` or `patternProperties`
/// with a schema (the first pattern's), with `minProperties` / `maxProperties` as its
/// bounds, and its key patterns and `propertyNames` as its key rules.
@Suite struct SchemaMapTests {
    static func imported(_ property: String) throws -> ImportedSchema {
        let text = #"{"type": "object", "properties": {"m": "# + property + "}}"
        let document = try JSONParser.parse(text, file: "m.schema.json")
        return try JSONSchemaImporter.importSchema(document, file: "m.schema.json", name: "M")
    }

    @Test(arguments: [
        (#"{"type": "object", "additionalProperties": {"type": "string"}}"#, ValueType.optional(.dictionary(.string))),
        (#"{"additionalProperties": {"type": "integer"}}"#, .optional(.dictionary(.integer(bits: 64)))),
        (#"{"type": "object", "patternProperties": {"^x-": {"type": "boolean"}}}"#, .optional(.dictionary(.bool))),
        (
            #"{"type": "object", "additionalProperties": {"type": ["string", "null"]}}"#,
            .optional(.dictionary(.optional(.string)))
        ),
        (
            #"{"type": "object", "additionalProperties": {"type": "array", "items": {"type": "string"}}}"#,
            .optional(.dictionary(.array(.string)))
        ),
        (
            #"{"type": "object", "additionalProperties": {"type": "object", "additionalProperties": {"type": "number"}}}"#,
            .optional(.dictionary(.dictionary(.float(bits: 64))))
        ),
    ])
    func aMapOfFreeKeysImports(_ schema: String, _ type: ValueType) throws {
        let configs = try Self.imported(schema).configs()
        let field = try #require(configs.root.field("m"))
        #expect(field.valueType == type)
        #expect(field.type == .map)
    }

    @Test func aMapOfObjectsHasAnEntityAndItsBoundsAreRules() throws {
        let imported = try Self.imported(
            #"{"type": "object", "minProperties": 1, "maxProperties": 3, "additionalProperties": {"type": "object", "properties": {"image": {"type": "string"}}, "required": ["image"]}}"#
        )
        let configs = try imported.configs()
        let field = try #require(configs.root.field("m"))
        #expect(field.template?.relationship?.target == "MM")
        #expect(configs["MM"]?.fields.map(\.key) == ["image"])
        #expect(field.rules.map(\.kind) == [.length(min: 1, max: 3)])
        var form = try imported.form(values: .record(["m": .record(["web": .record(["image": .string("nginx")])])]))
        #expect(form.validate().isEmpty)
        try form.setText("", at: "m.web.image")
        try form.renameEntry(at: "m.web", to: "api")
        #expect(form.value(at: "m.api.image") == .string(""))
    }

    @Test func aKeyOutsideThePatternsIsRefused() throws {
        let imported = try Self.imported(
            #"{"type": "object", "patternProperties": {"^x-": {"type": "string"}}, "additionalProperties": false}"#)
        var form = try imported.form(values: .record(["m": .record(["x-a": .string("1")])]))
        #expect(form.validate().isEmpty)
        // The form refuses the key itself (its key rules), before the schema's validator would.
        #expect(throws: FormError.self) { try form.addEntry("other", to: "m") }
    }

    @Test func aRootMapIsOneValue() throws {
        let document = try JSONParser.parse(
            #"{"type": "object", "additionalProperties": {"type": "string"}}"#, file: "r.schema.json")
        let imported = try JSONSchemaImporter.importSchema(document, file: "r.schema.json", name: "Env")
        #expect(imported.wrapsValue)
        #expect(try imported.configs().root.field("value")?.type == .map)
    }

    @Test func anArrayDefaultImports() throws {
        let configs = try Self.imported(
            #"{"type": "array", "items": {"type": "string"}, "default": ["DEFAULT", "x"]}"#
        ).configs()
        #expect(configs.root.field("m")?.defaultValue == .list([.string("DEFAULT"), .string("x")]))
    }

    @Test(arguments: JSONSchemaDraft.allCases)
    func mapsExportAndImportBackTheSame(draft: JSONSchemaDraft) throws {
        let types = """
            types:
              Package:
                scripts: "[String: String]"
                services: "[String: Service]?"
                matrix: "[String: [String]]"
              Service:
                image: String
                env: "[String: Int]"
            """
        var configs = ConfigDictionary(try TypeDefinitionLoader.load(text: types, file: "p.types.yaml"))
        try configs["Package"]?.update("scripts") { $0.rules = [ValidationRule(.length(min: 1, max: 9))] }
        let first = JSONSchemaExporter(configs: configs, draft: draft).schema(root: "Package")
        #expect(first.prettyJSON().contains(#""minProperties": 1"#))
        let text = first.prettyJSON()
        let imported = try JSONSchemaImporter.importSchema(
            try JSONParser.parse(text, file: "p.schema.json"), file: "p.schema.json", name: "Package", source: text)
        let again = try imported.configs()
        #expect(again["Package"]?.field("services")?.valueType == .optional(.dictionary(.model("Service"))))
        let second = JSONSchemaExporter(configs: again, draft: draft).schema(root: imported.root)
        #expect(first.prettyJSON() == second.prettyJSON())
        let meta = try #require(JSONSchemaValidator.metaSchema(draft))
        #expect(meta.validate(first).isEmpty)
    }
}

/// A map's keys under its schema's rules: `propertyNames`, and the patterns of
/// `patternProperties` when no other key is allowed, are the map's `keyRules`: a key that
/// breaks one is refused when added or renamed, an entry read with one is an error at its
/// path, and export writes them back as `propertyNames`.
@Suite struct MapKeyRuleTests {
    static func imported(_ map: String) throws -> ImportedSchema {
        let text = #"{"type": "object", "properties": {"m": "# + map + "}}"
        return try JSONSchemaImporter.importSchema(
            try JSONParser.parse(text, file: "k.schema.json"), file: "k.schema.json", name: "K", source: text)
    }

    @Test(arguments: [
        (
            #"{"type": "object", "propertyNames": {"pattern": "^[a-z]+$", "maxLength": 5}, "additionalProperties": {"type": "string"}}"#,
            ["abc"], ["ABC", "toolong"]
        ),
        (
            #"{"type": "object", "patternProperties": {"^x-": {"type": "string"}, "^y-": {"type": "string"}}, "additionalProperties": false}"#,
            ["x-a", "y-b"], ["z-c"]
        ),
    ])
    func aKeyMustKeepTheRules(_ map: String, _ allowed: [String], _ refused: [String]) throws {
        let imported = try Self.imported(map)
        let field = try #require(try imported.configs().root.field("m"))
        #expect(!field.keyRules.isEmpty)
        var form = try imported.form(values: .record(["m": .record([:])]))
        for key in allowed { try form.addEntry(key, to: "m") }
        for key in refused {
            do {
                try form.addEntry(key, to: "m")
                Issue.record("added \(key)")
            } catch {
                #expect("\(error)".contains("the key \(FormPath.quoted(key)) "), "\(error)")
            }
            #expect(throws: FormError.self) {
                try form.renameEntry(at: FormPath([.key("m"), .key(allowed[0])]), to: key)
            }
        }
        #expect(form.validate().isEmpty, "\(form.errors)")
        // Data read with such a key: an error at the entry, from the form's rules.
        let bad = try imported.form(values: .record(["m": .record([refused[0]: .string("v")])]))
        var checked = bad
        #expect(checked.validate().contains { $0.path == FormPath([.key("m"), .key(refused[0])]) && $0.rule == "key" })
    }

    @Test(arguments: JSONSchemaDraft.allCases)
    func keyRulesExportAsPropertyNamesAndImportBack(draft: JSONSchemaDraft) throws {
        let configs = try Self.imported(
            #"{"type": "object", "propertyNames": {"pattern": "^[a-z]+$"}, "additionalProperties": {"type": "integer"}}"#
        ).configs()
        let first = JSONSchemaExporter(configs: configs, draft: draft).schema(root: "K")
        #expect(first.prettyJSON().contains(#""propertyNames""#))
        let text = first.prettyJSON()
        let again = try JSONSchemaImporter.importSchema(
            try JSONParser.parse(text, file: "again.schema.json"), file: "again.schema.json", name: "K", source: text)
        let second = JSONSchemaExporter(configs: try again.configs(), draft: draft).schema(root: again.root)
        #expect(first.prettyJSON() == second.prettyJSON())
    }
}
