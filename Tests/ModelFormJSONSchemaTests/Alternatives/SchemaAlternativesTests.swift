import ModelForm
import ModelFormJSONSchema
import ModelFormYAML
import Testing

/// `oneOf` / `anyOf` of several kinds and `type` lists import as alternatives: the current
/// one found from the data, the others a switch away; what the form cannot tell apart
/// stays free JSON, with a note.
@Suite struct SchemaAlternativesTests {
    static func imported(_ property: String, file: String = "a.schema.json") throws -> ImportedSchema {
        let text = #"{"type": "object", "properties": {"a": "# + property + "}}"
        let document = try JSONParser.parse(text, file: file)
        return try JSONSchemaImporter.importSchema(document, file: file, name: "A")
    }

    static let stringOrList = #"{"oneOf": [{"type": "string"}, {"type": "array", "items": {"type": "string"}}]}"#
    static let pets = """
        {"anyOf": [
          {"type": "object", "properties": {"kind": {"const": "dog"}, "barks": {"type": "boolean"}}, "required": ["kind"]},
          {"type": "object", "properties": {"kind": {"const": "cat"}, "lives": {"type": "integer"}}, "required": ["kind"]}
        ]}
        """

    @Test(arguments: [
        (stringOrList, ["Text", "List"], true),
        (#"{"type": ["string", "integer", "null"]}"#, ["Text", "Whole number"], false),
        (pets, ["Dog", "Cat"], false),
        (
            #"{"anyOf": [{"type": "number", "title": "Seconds"}, {"type": "string", "title": "Duration"}]}"#,
            ["Seconds", "Duration"], false
        ),
        // The one object beside other kinds is titled by its kind (pubspec's `hosted`).
        (
            #"{"oneOf": [{"type": "string"}, {"type": "object", "properties": {"url": {"type": "string"}}}]}"#,
            ["Text", "Record"], true
        ),
    ])
    func alternativesOfSeveralKindsImport(_ schema: String, _ titles: [String], _ exclusive: Bool) throws {
        let configs = try Self.imported(schema).configs()
        let field = try #require(configs.root.field("a"))
        #expect(field.type == .alternatives)
        #expect(field.alternatives.map(\.title) == titles)
        #expect(field.alternativesAreExclusive == exclusive)
    }

    @Test(arguments: [
        (stringOrList, FormValue.string("one"), "Text"),
        (stringOrList, .list([.string("a"), .string("b")]), "List"),
        (pets, .record(["kind": .string("cat"), "lives": .int(9)]), "Cat"),
        (pets, .record(["kind": .string("dog")]), "Dog"),
    ])
    func theDataChoosesTheAlternativeAndValidates(_ schema: String, _ value: FormValue, _ title: String) throws {
        let imported = try Self.imported(schema)
        var form = try imported.form(values: .record(["a": value]))
        #expect(form.validate().isEmpty, "\(form.validate())")
        let row = form.tree().sections[0].rows[0]
        #expect(row.context.display == title)
    }

    @Test func switchingAlternativesKeepsWhatWasTypedAndTheSchemaAgrees() throws {
        let imported = try Self.imported(Self.pets)
        var form = try imported.form(values: .record(["a": .record(["kind": .string("dog"), "barks": .bool(true)])]))
        try form.chooseAlternative("Cat", at: "a")
        try form.setText("7", at: "a.lives")
        #expect(form.value(at: "a.kind") == .string("cat"))
        #expect(form.validate().isEmpty, "\(form.validate())")
        try form.chooseAlternative("Dog", at: "a")
        #expect(form.value(at: "a.barks") == .bool(true))
    }

    @Test(arguments: [
        (
            #"{"oneOf": [{"type": "string", "maxLength": 3}, {"type": "integer"}, {"type": "integer", "minimum": 5}]}"#,
            "alternatives 2 and 3 are both number"
        ),
        (#"{"anyOf": [{"type": "string"}, {}]}"#, "alternative 2 takes any value"),
    ])
    func alternativesTheFormCannotTellApartStayFreeJSON(_ schema: String, _ note: String) throws {
        let imported = try Self.imported(schema)
        let field = try #require(try imported.configs().root.field("a"))
        #expect(field.type == .json)
        #expect(
            imported.notes.contains { "\($0)".contains(note) && "\($0)".contains("a.schema.json:1:") },
            "\(imported.notes)")
    }

    @Test func alternativesThatContainThemselvesEndInFreeJSON() throws {
        let text = """
            {"type": "object", "properties": {"a": {"$ref": "#/$defs/t"}},
             "$defs": {"t": {"oneOf": [{"type": "string"}, {"type": "array", "items": {"$ref": "#/$defs/t"}}]}}}
            """
        let imported = try JSONSchemaImporter.importSchema(
            try JSONParser.parse(text, file: "t.schema.json"), file: "t.schema.json", name: "T")
        let field = try #require(try imported.configs().root.field("a"))
        #expect(field.type == .alternatives)
        #expect(imported.notes.contains { "\($0)".contains("contain themselves") }, "\(imported.notes)")
    }

    @Test func aThousandAlternativesImportAndChooseFast() throws {
        let alternatives = (0..<1000).map {
            #"{"type": "object", "properties": {"k": {"const": "v\#($0)"}}, "required": ["k"]}"#
        }
        let imported = try Self.imported(#"{"oneOf": ["# + alternatives.joined(separator: ", ") + "]}")
        var form = try imported.form(values: .record(["a": .record(["k": .string("v999")])]))
        #expect(form.validate().isEmpty)
        #expect(form.tree().sections[0].rows[0].context.display == "V 999")
    }

    @Test func aListOfAlternativesDrawsEachItemsChosenAlternative() throws {
        let imported = try Self.imported(
            #"{"type": "array", "items": {"anyOf": [{"type": "string"}, {"type": "object", "properties": {"run": {"type": "string"}}, "required": ["run"]}]}}"#
        )
        var form = try imported.form(
            values: .record(["a": .list([.string("lint"), .record(["run": .string("make test")])])]))
        #expect(form.validate().isEmpty, "\(form.validate())")
        try form.setText("make check", at: "a[1].run")
        #expect(form.value(at: "a[1].run") == .string("make check"))
        // Each item is a form of one row: the union, its chosen alternative below it.
        guard case .collection(let items) = form.tree().sections[0].rows[0].content, items.count == 2,
            case .form(let item) = items[1].content,
            case .alternative(let chosen?) = item.sections[0].rows[0].content
        else {
            Issue.record("the items are not drawn as unions")
            return
        }
        #expect(chosen.context.path == "a[1]")
    }

    @Test func exportWritesTheAlternativesBack() throws {
        let configs = try Self.imported(Self.stringOrList).configs()
        let schema = JSONSchemaExporter(configs: configs).schema(root: "A").inlineJSON
        #expect(schema.contains(#""oneOf""#), "\(schema)")
    }
}
