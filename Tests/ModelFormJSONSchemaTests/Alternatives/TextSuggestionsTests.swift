import ModelForm
import ModelFormJSONSchema
import ModelFormYAML
import Testing

/// Alternatives that are all strings (`anyOf: [{enum: [json, yaml]}, {type: string}]`, "one
/// of these or any text", or strings told apart by a pattern) import as a text field that
/// offers the constant strings as suggestions; the schema checks each save.
@Suite struct TextSuggestionsTests {
    static let schema = """
        {"type": "object", "properties": {
          "format": {"anyOf": [{"enum": ["json", "yaml"]}, {"type": "string"}]},
          "sizes": {"oneOf": [{"type": "string", "pattern": "^[0-9 x]+$"}, {"enum": ["any"]}]},
          "version": {"oneOf": [{"type": "string", "maxLength": 8}, {"type": "string", "pattern": "^v"}]},
          "permissions": {"type": "array", "items": {"anyOf": [{"type": "string"}, {"enum": ["tabs", "", "tabs"]}]}},
          "when": {"anyOf": [{"type": "string", "format": "date"}, {"enum": ["never"]}]},
          "publish_to": {"type": "string", "oneOf": [{"type": "string", "format": "uri"}, {"type": "string", "enum": ["none"]}]},
          "git_url": {"type": "string"}
        }}
        """

    static func imported() throws -> ImportedSchema {
        try JSONSchemaImporter.importSchema(
            try JSONParser.parse(schema, file: "s.schema.json"), file: "s.schema.json", name: "S")
    }

    @Test(arguments: [
        ("format", ["json", "yaml"]), ("sizes", ["any"]), ("version", []),
    ])
    func stringAlternativesAreATextWithSuggestions(_ key: String, _ suggestions: [String]) throws {
        let configs = try Self.imported().configs()
        let field = try #require(configs.root.field(key))
        #expect(field.type == .text)
        #expect(field.suggestions == suggestions)
    }

    /// pubspec's `publish_to`: a URL or `none`. A constant is a value of its own, not another
    /// way to write a URL; the field is a text that offers `none`, and the schema checks URLs.
    @Test func aURLOrAConstantIsATextThatOffersTheConstant() throws {
        let imported = try Self.imported()
        let field = try #require(try imported.configs().root.field("publish_to"))
        #expect(field.type == .text && field.suggestions == ["none"])
        var form = try imported.form(values: .record(["publish_to": .string("none")]))
        #expect(form.validate().isEmpty, "\(form.validate())")
        try form.setText("https://pub.example.com", at: "publish_to")
        #expect(form.validate().isEmpty, "\(form.validate())")
    }

    /// lefthook's `git_url` is any string: its name must not make the form refuse
    /// `git@github.com:org/repo` as a URL field would.
    @Test func aStringsKeyDoesNotMakeItAURLField() throws {
        let imported = try Self.imported()
        #expect(try imported.configs().root.field("git_url")?.type == .text)
        var form = try imported.form(values: .record(["git_url": .string("git@github.com:org/repo")]))
        try form.setText("git@github.com:org/other", at: "git_url")
        #expect(form.validate().isEmpty, "\(form.validate())")
    }

    @Test func aListsItemsOfferTheirSuggestionsOnceEachAndNoneEmpty() throws {
        let field = try #require(try Self.imported().configs().root.field("permissions"))
        #expect(field.template?.suggestions == ["tabs"])
    }

    @Test func aDateBesideAConstantIsNotPlainText() throws {
        let imported = try Self.imported()
        #expect(try imported.configs().root.field("when")?.type == .json)
        #expect(imported.notes.contains { "\($0)".contains("#/properties/when/anyOf") }, "\(imported.notes)")
    }

    @Test func anyTextIsTakenAndTheSchemaChecksIt() throws {
        var form = try Self.imported().form(values: .record(["format": .string("json"), "sizes": .string("any")]))
        #expect(form.validate().isEmpty, "\(form.validate())")
        try form.setText("toml", at: "format")
        try form.setText("16x16 32x32", at: "sizes")
        #expect(form.validate().isEmpty, "\(form.validate())")
        try form.setText("big", at: "sizes")
        #expect(form.validate().map(\.path) == ["sizes"])
    }

    @Test func theExportOffersThemAsExamples() throws {
        let configs = try Self.imported().configs()
        let exported = JSONSchemaExporter(configs: configs).schema(root: "S")
        #expect(
            exported.json.contains(#""format":{"type":["string","null"],"title":"Format","examples":["json","yaml"]}"#),
            "\(exported.json)")
    }
}
