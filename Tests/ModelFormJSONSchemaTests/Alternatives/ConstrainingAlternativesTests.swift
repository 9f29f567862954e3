import ModelForm
import ModelFormJSONSchema
import ModelFormYAML
import Testing

/// Alternatives as real configuration schemas write them: a `null` alternative with a
/// comment beside it still makes a value optional (pubspec's dependencies); alternatives that
/// only say which keys must be there (rust-toolchain's "`channel` or `path`") leave the
/// object its own fields; and inline objects told apart by a key are titled by it.
@Suite struct ConstrainingAlternativesTests {
    static func imported(_ property: String) throws -> ImportedSchema {
        try SchemaAlternativesTests.imported(property)
    }

    /// pubspec's `dependency`, cut down: a version text, `null` with a comment, and objects
    /// told apart by the key each requires (or alone has).
    static let dependency = """
        {"oneOf": [
          {"type": "string"},
          {"$comment": "Syntax in yaml: `foo:`", "description": "Any version", "type": "null"},
          {"title": "SDK dependency", "type": "object", "properties": {"sdk": {"type": "string"}},
           "required": ["sdk"], "additionalProperties": false},
          {"type": "object", "properties": {"git": {"type": "string"}, "version": {"type": "string"}},
           "required": ["git"], "additionalProperties": false},
          {"type": "object", "properties": {"path": {"type": "string"}}, "additionalProperties": false}
        ]}
        """

    @Test func aNullAlternativeWithAnnotationsMakesTheUnionOptional() throws {
        let imported = try Self.imported(Self.dependency)
        #expect(imported.notes.isEmpty, "\(imported.notes)")
        let field = try #require(try imported.configs().root.field("a"))
        #expect(field.type == .alternatives)
        #expect(field.valueType?.isOptional == true)
        var form = try imported.form(values: .record(["a": .null]))
        #expect(form.validate().isEmpty, "\(form.validate())")
        form = try imported.form(values: .record(["a": .record(["git": .string("https://x/y.git")])]))
        #expect(form.validate().isEmpty, "\(form.validate())")
        #expect(form.tree().sections[0].rows[0].context.display == "Git")
    }

    @Test func inlineObjectsAreTitledByTheKeyOnlyTheyRequireOrHave() throws {
        let field = try #require(try Self.imported(Self.dependency).configs().root.field("a"))
        #expect(field.alternatives.map(\.title) == ["Text", "SDK dependency", "Git", "Path"])
    }

    /// rust-toolchain's `toolchain`: its own properties, and `oneOf` alternatives that only
    /// say which of two keys must be there.
    static let toolchain = """
        {"type": "object", "properties": {"channel": {"type": "string"}, "path": {"type": "string"},
           "targets": {"type": "array", "items": {"type": "string"}}},
         "oneOf": [{"not": {"properties": {"path": {"type": "string"}}, "required": ["path"]}},
                   {"required": ["path"]}],
         "dependentSchemas": {"path": {"not": {"required": ["channel"]}}}}
        """

    @Test func alternativesThatOnlyConstrainLeaveTheObjectItsFields() throws {
        let imported = try Self.imported(Self.toolchain)
        #expect(imported.notes.count == 1)
        #expect(
            imported.notes.contains {
                "\($0)".contains("a.schema.json:3:11")
                    && "\($0)".contains(
                        "#/properties/a/oneOf: 'oneOf' is checked by the schema; the form does not show it")
            }, "\(imported.notes)")
        let configs = try imported.configs()
        let field = try #require(configs.root.field("a"))
        let toolchain = try #require(configs.destination(of: field))
        #expect(toolchain.fields.compactMap(\.key) == ["channel", "path", "targets"])
        var form = try imported.form(values: .record(["a": .record(["channel": .string("stable")])]))
        #expect(form.validate().isEmpty, "\(form.validate())")
        try form.setText("/opt/rust", at: "a.path")
        #expect(!form.validate().isEmpty, "channel and path together: the schema's oneOf and dependencies refuse it")
    }

    /// libman's shape: a property on each library, or a default beside them; and a property
    /// that differs from one alternative to another.
    @Test func theAlternativesPropertiesBesideTheObjectsOwnAreOptionalFields() throws {
        let text = """
            {"type": "object", "properties": {"libraries": {"type": "array", "items": {"type": "string"}}},
             "anyOf": [
               {"properties": {"libraries": {"minItems": 1}}, "not": {"required": ["defaultProvider"]}},
               {"properties": {"defaultProvider": {"type": "string", "minLength": 1}, "mode": {"type": "string"}}},
               {"properties": {"mode": {"type": "integer"}, "extra": false}, "required": ["mode"]}
             ]}
            """
        let imported = try Self.imported(text)
        let configs = try imported.configs()
        let field = try #require(configs.root.field("a"))
        let object = try #require(configs.destination(of: field))
        #expect(object.fields.compactMap(\.key) == ["libraries", "defaultProvider", "mode"])
        #expect(object.field("defaultProvider")?.valueType?.isOptional == true)
        #expect(object.field("mode")?.type == .json)
        #expect(
            imported.notes.contains { "\($0)".contains("'mode' differs from alternative to alternative") },
            "\(imported.notes)")
        var form = try imported.form(
            values: .record(["a": .record(["libraries": .list([]), "defaultProvider": .string("cdnjs")])]))
        #expect(form.validate().isEmpty, "\(form.validate())")
        try form.setValue(.string(""), at: "a.defaultProvider")
        #expect(!form.validate().isEmpty, "the schema's minLength in its alternative")
    }

    @Test func anObjectOfOnlyConstrainingAlternativesIsNotAChoice() throws {
        let text = """
            {"properties": {"shell": {"type": "string"}, "cmd": {"type": "array", "items": {"type": "string"}}},
             "oneOf": [{"required": ["shell"]}, {"required": ["cmd"]}], "additionalProperties": false}
            """
        let imported = try Self.imported(text)
        let field = try #require(try imported.configs().root.field("a"))
        #expect(field.type == .subform)
        var form = try imported.form(values: .record(["a": .record(["shell": .string("make")])]))
        #expect(form.validate().isEmpty, "\(form.validate())")
        try form.setValue(.list([.string("make")]), at: "a.cmd")
        #expect(!form.validate().isEmpty)
    }
}
