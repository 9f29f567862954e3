import ArgumentParser
import Foundation
import ModelFormJSONSchema

struct ImportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Write a JSON Schema's equivalent type definition and forms file.",
        discussion: """
            Reads a JSON Schema (draft 2020-12, or draft-07 when its $schema says so) and writes NAME.types.yaml and NAME.forms.yaml into the output folder, NAME being the schema file's name without .schema.json. Every command also takes the schema itself wherever it takes a type definition. A $ref to another file is read from disk: a relative one beside the schema that makes it, any other by the $id of a schema in the schema's folder or a --schema-dir folder; nothing is fetched. What the forms cannot express as fields yet (oneOf/anyOf alternatives, a value of several types, tuples) is free JSON, with a note at its file:line:column and JSON pointer on standard error; the schema still checks every save.

            Examples:
              modelform import user.schema.json --output forms
              modelform import user.schema.json --ui-schema user.ui.json --output forms
              modelform render user.schema.json --data user.json
            """)

    @Argument(help: ArgumentHelp("The JSON Schema file.", valueName: "schema"))
    var schema: String

    @Option(
        name: .customLong("ui-schema"),
        help: ArgumentHelp(
            "A UI schema (react-jsonschema-form's uiSchema or a JSON Forms UI schema) for the root type.",
            valueName: "file"))
    var uiSchema: String?

    @OptionGroup var schemas: SchemaDirectoryOptions

    @Option(
        help: ArgumentHelp(
            "The folder to write NAME.types.yaml and NAME.forms.yaml into (created when missing).", valueName: "dir"))
    var output: String

    func run() throws {
        let environment = CLIEnvironment.current
        let text = try Files.read(schema)
        let imported = try Project.importSchema(
            text, file: schema, uiSchema: uiSchema, schemaDirectories: schemas.directories)
        let name = Project.baseName((schema as NSString).lastPathComponent) ?? (schema as NSString).lastPathComponent
        let folder = environment.path(output)
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        } catch {
            throw CLIError("\(output): error: \(Files.reason(error))", status: CLIError.ioFailure)
        }
        for (suffix, contents) in [
            (".types.yaml", try imported.typesText()), (".forms.yaml", try imported.formsText()),
        ] {
            try Files.write(contents, to: (output as NSString).appendingPathComponent(name + suffix))
        }
        for note in imported.notes { environment.complain("\(note.mark): note: \(note.message)\n") }
        environment.say("wrote \(name).types.yaml and \(name).forms.yaml to \(output) (root type \(imported.root))\n")
    }
}
