import Foundation
import ModelForm
import ModelFormJSONSchema
import TestFixtures
import Testing

/// A JSON Schema wherever a type definition goes: `render`, `check`, `apply` and `edit` on
/// `NAME.schema.json` with its data in `NAME.values.json`; `import` and `schema`; located
/// errors for what cannot be imported.
@Suite struct JSONSchemaCommandTests {
    static let data = "{\n  \"name\": \"Tea\",\n  \"quantity\": 10,\n  \"gift\": true\n}\n"

    static func scratch() throws -> Scratch {
        let scratch = try Scratch()
        try SchemaFixtures.order.write(
            toFile: scratch.file("order.schema.json"), atomically: true, encoding: .utf8)
        try data.write(toFile: scratch.file("order.values.json"), atomically: true, encoding: .utf8)
        return scratch
    }

    @Test func applyRefusesWhatOnlyTheSchemaRefusesAndKeepsWhatTheFormDoesNotShow() throws {
        let scratch = try Self.scratch()
        defer { scratch.remove() }
        let refused = CLIRun(["apply", "order.schema.json", "--set", "quantity=7"], directory: scratch.path)
        #expect(refused.status == 1)
        #expect(refused.errors == "order.values.json: error: quantity: must be a multiple of 5 [multipleOf]\n")
        #expect(try scratch.read("order.values.json") == Self.data)
        let saved = CLIRun(
            ["apply", "order.schema.json", "--set", "quantity=15", "--set", "shipping.city=Oslo"],
            directory: scratch.path)
        #expect(saved.status == 0, "\(saved.errors)")
        // The unknown property is kept; absent optional values (notes, shipping.floor) are left out, not null.
        #expect(
            try scratch.read("order.values.json") == """
                {
                  "name": "Tea",
                  "quantity": 15,
                  "gift": true,
                  "shipping": {
                    "city": "Oslo"
                  }
                }

                """)
        let check = CLIRun(["check", "order.schema.json"], directory: scratch.path)
        #expect(check.status == 0, "\(check.errors)")
    }

    /// A `$ref` by URL is read from a `--schema-dir` folder (relative to the working
    /// folder), in `import`, `render`, `apply` and `check` alike; without it, a located error.
    @Test func schemaDirSuppliesAReferencedSchema() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        try FileManager.default.createDirectory(atPath: scratch.file("lib"), withIntermediateDirectories: true)
        try #"{"title": "Note", "type": "object", "properties": {"text": {"$ref": "https://example.com/text.json"}}}"#
            .write(toFile: scratch.file("note.schema.json"), atomically: true, encoding: .utf8)
        try #"{"$id": "https://example.com/text.json", "type": "string", "maxLength": 5}"#
            .write(toFile: scratch.file("lib/text.json"), atomically: true, encoding: .utf8)
        try "{\"text\": \"hi\"}\n".write(toFile: scratch.file("note.values.json"), atomically: true, encoding: .utf8)
        let missing = CLIRun(["render", "note.schema.json"], directory: scratch.path)
        #expect(missing.status == 1)
        #expect(
            missing.errors.contains(
                "note.schema.json:1:69: error: #/properties/text: the schema refers to 'https://example.com/text.json'"),
            "\(missing.errors)")
        // The schema's line is quoted under the error (the model's text is read again for it).
        #expect(
            missing.errors.contains(#" 1 | …: "Note", "type": "object", "properties": {"text""#), "\(missing.errors)")
        for arguments in [
            ["import", "note.schema.json", "--output", "forms"], ["render", "note.schema.json"],
            ["check", "note.schema.json", "note.values.json"],
        ] {
            let run = CLIRun(arguments + ["--schema-dir", "lib"], directory: scratch.path)
            #expect(run.status == 0, "\(arguments): \(run.errors)")
        }
        let refused = CLIRun(
            ["apply", "note.schema.json", "--schema-dir", "lib", "--set", "text=toolong"], directory: scratch.path)
        #expect(
            refused.status == 1 && refused.errors.contains("text: must be at most 5 characters"), "\(refused.errors)")
    }

    /// `describe` says what a map's entries are, and which map holds a type's other keys.
    @Test func describeShowsMapsAndTheOtherKeys() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        try
            #"{"title": "S", "type": "object", "properties": {"tags": {"type": "object", "additionalProperties": {"type": "string"}}}, "additionalProperties": {"type": "integer"}}"#
            .write(toFile: scratch.file("s.schema.json"), atomically: true, encoding: .utf8)
        let run = CLIRun(["describe", "s.schema.json"], directory: scratch.path)
        #expect(run.status == 0, "\(run.errors)")
        #expect(run.output.contains("    tags  [map]  \"Tags\"  : [String: String]?\n"), "\(run.output)")
        #expect(run.output.contains("        entries: [text], cell: field type 'text'"), "\(run.output)")
        #expect(
            run.output.contains("otherProperties  [map]")
                && run.output.contains("        holds the keys no other property names (in the data, beside them)\n"),
            "\(run.output)")
    }

    @Test func theEditorAsksAgainForWhatTheSchemaRefuses() throws {
        let scratch = try Self.scratch()
        defer { scratch.remove() }
        // Name, Quantity, Notes, Price (refused at once and asked again), Shipping › City,
        // Shipping › Floor, save.
        let run = CLIRun(["edit", "order.schema.json"], directory: scratch.path, input: "\n\n\n0\n2.5\n\n\ny\n")
        #expect(run.status == 0, "\(run.errors)")
        #expect(run.output.contains("Price: ! must be more than 0\nPrice [0]: "), "\(run.output)")
        #expect(try scratch.read("order.values.json").contains("\"price\": 2.5"))
    }

    @Test(arguments: [
        ("order.values.json", "{\"name\": \"T\", \"quantity\": 7, \"notes\": 5}\n", ["1:10", "1:27", "1:39"]),
        ("order.values.yaml", "name: T\nquantity: 7\nnotes: 5\n", ["1:7", "2:11", "3:8"]),
    ])
    func checkPutsEachSchemaErrorAtItsLineAndColumn(file: String, data: String, places: [String]) throws {
        let scratch = try Self.scratch()
        defer { scratch.remove() }
        try FileManager.default.removeItem(atPath: scratch.file("order.values.json"))
        try data.write(toFile: scratch.file(file), atomically: true, encoding: .utf8)
        let run = CLIRun(["check", "order.schema.json"], directory: scratch.path)
        #expect(run.status == 1)
        let located = run.errors.split(separator: "\n").map(String.init).filter { $0.hasPrefix(file + ":") }
        let messages = [
            "'name': must be at least 2 characters", "'quantity': must be a multiple of 5", "'notes': must be a string",
        ]
        #expect(located == zip(places, messages).map { "\(file):\($0): error: \($1)" })
    }

    /// A schema whose root is one value: its data is that value, edited as the form's one
    /// field and written back as the value alone.
    @Test(arguments: [
        (
            "{\"title\": \"Nickname\", \"type\": \"string\", \"minLength\": 2}", "\"Ada\"\n", "value=G", "value=Grace",
            "\"Grace\"\n"
        ),
        (
            "{\"type\": \"array\", \"items\": {\"type\": \"integer\", \"multipleOf\": 5}}", "[5, 10]\n", "value[1]=7",
            "value[1]=15", "[5, 15]\n"
        ),
    ])
    func aSchemaWhoseRootIsOneValueIsEditedAsOne(
        schema: String, data: String, refused: String, accepted: String, written: String
    ) throws {
        let scratch = try Self.scratch()
        defer { scratch.remove() }
        try schema.write(toFile: scratch.file("one.schema.json"), atomically: true, encoding: .utf8)
        try data.write(toFile: scratch.file("one.values.json"), atomically: true, encoding: .utf8)
        let no = CLIRun(["apply", "one.schema.json", "--set", refused], directory: scratch.path)
        #expect(no.status == 1 && no.errors.hasPrefix("one.values.json: error: value"), "\(no.errors)")
        #expect(try scratch.read("one.values.json") == data)
        let yes = CLIRun(["apply", "one.schema.json", "--set", accepted], directory: scratch.path)
        #expect(yes.status == 0, "\(yes.errors)")
        #expect(try scratch.read("one.values.json") == written)
        #expect(CLIRun(["check", "one.schema.json"], directory: scratch.path).status == 0)
    }

    @Test func describePointsImportedSettingsAtTheSchema() throws {
        let scratch = try Self.scratch()
        defer { scratch.remove() }
        let run = CLIRun(["describe", "order.schema.json"], directory: scratch.path)
        #expect(run.status == 0, "\(run.errors)")
        #expect(run.output.contains("configs: imported from order.schema.json\nchecks: the schema's own keywords too"))
        #expect(run.output.contains("rules: length   from order.schema.json:7:13\n"), "\(run.output)")
        #expect(!run.output.contains("(imported"))
    }

    @Test func importWritesFilesThatRenderAsTheSchemaDoes() throws {
        let scratch = try Self.scratch()
        defer { scratch.remove() }
        try "{\"name\": \"Tea\", \"quantity\": 10}\n".write(
            toFile: scratch.file("plain.json"), atomically: true, encoding: .utf8)
        let imported = CLIRun(["import", "order.schema.json", "--output", "forms"], directory: scratch.path)
        #expect(imported.status == 0, "\(imported.errors)")
        #expect(imported.output == "wrote order.types.yaml and order.forms.yaml to forms (root type Order)\n")
        for format in ["text", "markdown", "html"] {
            let fromSchema = CLIRun(
                ["render", "order.schema.json", "--data", "plain.json", "--format", format], directory: scratch.path)
            let fromFiles = CLIRun(
                ["render", "forms/order.types.yaml", "--data", "plain.json", "--format", format],
                directory: scratch.path)
            #expect(fromSchema.status == 0 && fromFiles.status == 0, "\(fromSchema.errors)\(fromFiles.errors)")
            #expect(fromSchema.output == fromFiles.output, "\(format)")
        }
    }

    @Test func whatTheFormsCannotExpressIsFreeJSONWithANote() throws {
        let scratch = try Self.scratch()
        defer { scratch.remove() }
        let schema =
            "{\n  \"type\": \"object\",\n  \"properties\": {\n    \"pet\": {\"oneOf\": [{\"type\": \"object\"}, {\"not\": {}}]}\n  }\n}\n"
        try schema.write(toFile: scratch.file("pet.schema.json"), atomically: true, encoding: .utf8)
        try #"{"pet": {"name": "Rex", "age": 3}}"#.write(
            toFile: scratch.file("pet.values.json"), atomically: true, encoding: .utf8)
        let note =
            "pet.schema.json:4:22: note: #/properties/pet/oneOf: 'oneOf' alternative 2 takes any value: the form cannot tell them apart yet, so the value is free JSON"
        let imported = CLIRun(["import", "pet.schema.json", "--output", "forms"], directory: scratch.path)
        #expect(imported.status == 0 && imported.errors.contains(note), "\(imported.errors)")
        let described = CLIRun(["describe", "pet.schema.json"], directory: scratch.path)
        #expect(described.output.contains("note: " + note.replacingOccurrences(of: " note:", with: "")))
        #expect(described.output.contains("pet  [json]"), "\(described.output)")
        let rendered = CLIRun(["render", "pet.schema.json", "--format", "text"], directory: scratch.path)
        #expect(rendered.output.contains(#"{"name": "Rex", "age": 3}"#), "\(rendered.output)")
        // The schema still checks what the form does not express.
        try #"{"pet": 5}"#.write(toFile: scratch.file("pet.values.json"), atomically: true, encoding: .utf8)
        let checked = CLIRun(["check", "pet.values.json"], directory: scratch.path)
        #expect(
            checked.status == 1 && checked.errors.contains("pet.values.json:1:9: error: 'pet': does not match any"),
            "\(checked.errors)")
        // A mistake in the schema is still an error, at its place, and nothing is written.
        try schema.replacingOccurrences(of: #"{"oneOf""#, with: #"{"pattern": "(", "oneOf""#)
            .write(toFile: scratch.file("pet.schema.json"), atomically: true, encoding: .utf8)
        try? FileManager.default.removeItem(atPath: scratch.file("forms"))
        for arguments in [["import", "pet.schema.json", "--output", "forms"], ["render", "pet.schema.json"]] {
            let run = CLIRun(arguments, directory: scratch.path)
            #expect(run.status == 1, "\(arguments)")
            #expect(run.errors.contains("pet.schema.json:4:"), "\(arguments): \(run.errors)")
            #expect(!run.errors.hasPrefix("Error:"), "\(run.errors)")
        }
        #expect(!FileManager.default.fileExists(atPath: scratch.file("forms")))
    }

    @Test(arguments: [
        ("07", "http://json-schema.org/draft-07/schema#"), ("2020-12", "https://json-schema.org/draft/2020-12/schema"),
    ])
    func schemaExportsTheBundledExampleWithItsUISchema(draft: String, uri: String) throws {
        let run = CLIRun(["schema", "--draft", draft, "--ui", "rjsf"])
        #expect(run.status == 0, "\(run.errors)")
        let exported = try JSONParser.parse(run.output, file: "stdout").value
        guard case .object(let both) = exported, let schema = both["schema"], case .object(let ui)? = both["uiSchema"]
        else {
            Issue.record("not {schema, uiSchema}: \(run.output.prefix(200))")
            return
        }
        guard case .object(let object) = schema else { return }
        #expect(object["$schema"] == .string(uri))
        #expect(ui["ui:order"] != nil)
        let version = try #require(JSONSchemaDraft(rawValue: draft))
        let meta = try #require(JSONSchemaValidator.metaSchema(version))
        #expect(meta.validate(schema).isEmpty)
    }
}
