import ModelForm
import ModelFormJSONSchema
import ModelFormYAML
import Testing

/// "A list of globs, or one pattern": a list of free values beside a scalar is a real
/// alternative, and data may hold either (GitHub issue forms' `labels`, lefthook's
/// `exclude`): a union of a list and a text, each read and written back as it was.
@Suite struct ListOrOneValueTests {
    static func schema(_ alternatives: String) -> String {
        #"{"title": "Hook", "type": "object", "properties": {"exclude": {"oneOf": \#(alternatives)}}}"#
    }

    static let orders = [
        #"[{"type": "array", "items": {"type": "string"}}, {"type": "string"}]"#,
        #"[{"type": "string"}, {"type": "array", "items": {"type": "string"}}]"#,
    ]

    @Test(arguments: orders)
    func eitherFormOfTheDataIsReadAndWrittenBackAsItWas(_ alternatives: String) throws {
        let text = Self.schema(alternatives)
        let imported = try JSONSchemaImporter.importSchema(
            try JSONParser.parse(text, file: "hook.schema.json"), file: "hook.schema.json", name: "Hook", source: text)
        #expect(imported.notes.isEmpty, "\(imported.notes)")
        let configs = try imported.configs()
        #expect(configs.root.field("exclude")?.type == .alternatives)
        var format = ValuesFileFormat(typeName: "Hook", configs: configs)
        format.omitsAbsentValues = true
        for data in [#"{"exclude": "application.rb|routes.rb"}"#, #"{"exclude": ["*.min.js", "vendor/**"]}"#] {
            let values = try format.read(text: data, file: "hook.json")
            let written = try format.text(values, syntax: .json)
            #expect(try format.read(text: written, file: "again.json") == values)
            #expect(try JSONParser.parse(written, file: "w").value == (try JSONParser.parse(data, file: "d").value))
        }
    }

    /// What the exporter writes for an option set (its titles, or its integer) is still one
    /// field: the integer is only another way its value is written.
    @Test func anOptionSetsTitlesBesideItsIntegerAreStillOneField() throws {
        let text = Self.schema(
            #"[{"type": "array", "uniqueItems": true, "items": {"oneOf": [{"const": "Email"}, {"const": "Push"}]}}, {"type": "integer"}]"#
        )
        let imported = try JSONSchemaImporter.importSchema(
            try JSONParser.parse(text, file: "hook.schema.json"), file: "hook.schema.json", name: "Hook", source: text)
        let field = try imported.configs().root.field("exclude")
        #expect(imported.notes.isEmpty && field?.type == .bitfield)
    }
}
