import Foundation
import TestFixtures
import Testing

/// A data file that names its schema (`# yaml-language-server: $schema=...`, a `$schema`
/// property) is enough: without a model, commands take the schema it names, found by path
/// beside it or by `$id` in a `--schema-dir` folder; a schema not on disk is a located error.
@Suite struct SchemaDeclarationTests {
    static func scratch() throws -> Scratch {
        let scratch = try Scratch()
        try FileManager.default.createDirectory(
            atPath: scratch.file("schemas"), withIntermediateDirectories: true)
        // The shared order schema, with an `$id` to be found by.
        let order = #"{"$id": "https://example.com/order.json","# + SchemaFixtures.order.dropFirst()
        try order.write(toFile: scratch.file("schemas/order.json"), atomically: true, encoding: .utf8)
        return scratch
    }

    @Test func aModelineNamesTheSchemaByPath() throws {
        let scratch = try Self.scratch()
        defer { scratch.remove() }
        try "# yaml-language-server: $schema=schemas/order.json\nname: Tea  # kept\nquantity: 10\n".write(
            toFile: scratch.file("order.yaml"), atomically: true, encoding: .utf8)
        let rendered = CLIRun(["render", "--data", "order.yaml"], directory: scratch.path)
        #expect(rendered.status == 0, "\(rendered.errors)")
        #expect(rendered.output.contains("Tea"), "\(rendered.output)")
        let refused = CLIRun(["apply", "--data", "order.yaml", "--set", "quantity=7"], directory: scratch.path)
        #expect(refused.status == 1 && refused.errors.contains("multiple of 5"), "\(refused.errors)")
        let saved = CLIRun(["apply", "--data", "order.yaml", "--set", "quantity=15"], directory: scratch.path)
        #expect(saved.status == 0, "\(saved.errors)")
        #expect(
            try scratch.read("order.yaml")
                == "# yaml-language-server: $schema=schemas/order.json\nname: Tea  # kept\nquantity: 15\n")
    }

    /// A TOML file names its schema as Taplo reads it (`#:schema PATH`), and `apply` edits
    /// it in place: the changed value's bytes, and no other.
    @Test func aTOMLSchemaCommentNamesTheSchemaAndApplyEditsTheFileInPlace() throws {
        let scratch = try Self.scratch()
        defer { scratch.remove() }
        let original = "#:schema schemas/order.json\n# An order\nname = 'Tea'  # kept\nquantity = 10\n"
        try original.write(toFile: scratch.file("order.toml"), atomically: true, encoding: .utf8)
        let rendered = CLIRun(["render", "--data", "order.toml"], directory: scratch.path)
        #expect(rendered.status == 0 && rendered.output.contains("Tea"), "\(rendered.errors)")
        let refused = CLIRun(["apply", "--data", "order.toml", "--set", "quantity=7"], directory: scratch.path)
        #expect(refused.status == 1 && refused.errors.contains("multiple of 5"), "\(refused.errors)")
        let saved = CLIRun(["apply", "--data", "order.toml", "--set", "quantity=15"], directory: scratch.path)
        #expect(saved.status == 0, "\(saved.errors)")
        #expect(try scratch.read("order.toml") == original.replacingOccurrences(of: "10", with: "15"))
        let checked = CLIRun(["check", "order.toml"], directory: scratch.path)
        #expect(checked.status == 0, "\(checked.errors)")
        try "#:schema schemas/order.json\nname = 'Tea'\nname = 'Tea'\n".write(
            toFile: scratch.file("bad.toml"), atomically: true, encoding: .utf8)
        let bad = CLIRun(["render", "--data", "bad.toml"], directory: scratch.path)
        #expect(
            bad.status == 1 && bad.errors.hasPrefix("bad.toml:3:1: error: the key 'name' is defined twice"),
            "\(bad.errors)")
    }

    @Test func aSchemaPropertyNamesItByURLFoundInASchemaFolder() throws {
        let scratch = try Self.scratch()
        defer { scratch.remove() }
        try #"{"$schema": "https://example.com/order.json", "name": "Tea", "quantity": 10}"#.write(
            toFile: scratch.file("order.json"), atomically: true, encoding: .utf8)
        let found = CLIRun(["render", "--data", "order.json", "--schema-dir", "schemas"], directory: scratch.path)
        #expect(found.status == 0 && found.output.contains("Tea"), "\(found.errors)")
        // The folders of MODELFORM_SCHEMA_PATH too, after any --schema-dir ("nowhere" is none).
        let fromPath = CLIRun(
            ["render", "--data", "order.json"], directory: scratch.path,
            variables: ["MODELFORM_SCHEMA_PATH": "nowhere::schemas"])
        #expect(fromPath.status == 0 && fromPath.output.contains("Tea"), "\(fromPath.errors)")
        let missing = CLIRun(["render", "--data", "order.json"], directory: scratch.path)
        #expect(missing.status == 2)
        #expect(
            missing.errors.hasPrefix(
                "order.json:1:13: error: the file names its schema by URL, https://example.com/order.json, and ModelForm fetches nothing"
            ), "\(missing.errors)")
    }

    @Test func aPathThatIsNotThereIsALocatedErrorAndAModelGivenWins() throws {
        let scratch = try Self.scratch()
        defer { scratch.remove() }
        try "#  yaml-language-server: $schema=../nowhere.json\nname: Tea\n".write(
            toFile: scratch.file("order.yaml"), atomically: true, encoding: .utf8)
        let missing = CLIRun(["render", "--data", "order.yaml"], directory: scratch.path)
        #expect(missing.status == 2)
        #expect(
            missing.errors.hasPrefix("order.yaml:1:34: error: the schema the file names, ../nowhere.json, is not at"),
            "\(missing.errors)")
        let given = CLIRun(["render", "schemas/order.json", "--data", "order.yaml"], directory: scratch.path)
        #expect(given.status == 0, "\(given.errors)")
    }

    /// A local copy of a schema collection serves references to the collection's own layout
    /// or its other URLs (`../../schemas/json/order.json`, `https://www.example.org/order.json`).
    @Test(arguments: [
        "# yaml-language-server: $schema=../../schemas/json/order.json\nname: Tea\n",
        "$schema: https://www.example.org/order.json\nname: Tea\n",
    ])
    func aSchemaFolderServesTheSchemaByItsFileName(_ data: String) throws {
        let scratch = try Self.scratch()
        defer { scratch.remove() }
        try data.write(toFile: scratch.file("order.yaml"), atomically: true, encoding: .utf8)
        let run = CLIRun(["render", "--data", "order.yaml", "--schema-dir", "schemas"], directory: scratch.path)
        #expect(run.status == 0 && run.output.contains("Tea"), "\(run.errors)")
    }

    @Test func checkChecksAFileAgainstTheSchemaItNames() throws {
        let scratch = try Self.scratch()
        defer { scratch.remove() }
        let modeline = "# yaml-language-server: $schema=schemas/order.json\n"
        try (modeline + "name: Tea\nquantity: 10\n").write(
            toFile: scratch.file("good.yml"), atomically: true, encoding: .utf8)
        try (modeline + "name: Tea\nquantity: 7\n").write(
            toFile: scratch.file("bad.yml"), atomically: true, encoding: .utf8)
        try "$schema: https://example.com/elsewhere.json\nname: Tea\n".write(
            toFile: scratch.file("far.yml"), atomically: true, encoding: .utf8)
        let good = CLIRun(["check", "good.yml"], directory: scratch.path)
        #expect(good.status == 0 && good.output == "checked 1 file: 0 errors\n", "\(good.output)\(good.errors)")
        let bad = CLIRun(["check", "bad.yml", "far.yml"], directory: scratch.path)
        #expect(bad.status == 1)
        #expect(bad.errors.contains("bad.yml:3:11: error: 'quantity': must be a multiple of 5"), "\(bad.errors)")
        #expect(
            bad.errors.contains(
                "far.yml:1:10: error: the file names its schema by URL, https://example.com/elsewhere.json"),
            "\(bad.errors)")
    }

    /// A schema names its meta-schema: it is checked as a schema (imported), not as data.
    @Test func aFileThatNamesAMetaSchemaIsASchema() throws {
        let scratch = try Self.scratch()
        defer { scratch.remove() }
        let good = CLIRun(["check", "schemas/order.json"], directory: scratch.path)
        #expect(good.status == 0, "\(good.errors)")
        try
            ##"{"$schema": "https://json-schema.org/draft/2020-12/schema", "type": "object", "properties": {"a": {"type": "string", "minLength": -1}}}"##
            .write(toFile: scratch.file("schemas/broken.json"), atomically: true, encoding: .utf8)
        let broken = CLIRun(["check", "schemas/broken.json"], directory: scratch.path)
        #expect(broken.status == 1 && broken.errors.contains("schemas/broken.json:1:"), "\(broken.errors)")
    }
}
