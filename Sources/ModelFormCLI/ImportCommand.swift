import ArgumentParser
import Foundation
import ModelForm
import ModelFormJSONSchema
import ModelFormRecords
import ModelFormSQLite
import ModelFormYAML

struct ImportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Write a JSON Schema's (or a SQLite database's) equivalent type definition and forms file.",
        discussion: """
            Reads a JSON Schema (draft 2020-12, or draft-07 when its $schema says so) and writes NAME.types.yaml and NAME.forms.yaml into the output folder, NAME being the schema file's name without .schema.json. Every command also takes the schema itself wherever it takes a type definition. A $ref to another file is read from disk: a relative one beside the schema that makes it, any other by the $id of a schema in the schema's folder or a --schema-dir folder; nothing is fetched. What the forms cannot express as fields yet (oneOf/anyOf alternatives of one kind, a property that differs from one if/then branch to another) is free JSON, with a note at its file:line:column and JSON pointer on standard error; the schema still checks every save.

            With --database FILE it reads a SQLite file's tables instead (opened read-only), or with --database postgres://USER@HOST/DATABASE a PostgreSQL schema's (?schema=NAME, default public; only read): a type per table named by the table, a property per column named by the column (its declared type read as PostgreSQL and SQLite name types; NOT NULL makes it required; a CHECK (column IN (...)) an enumeration), a lookup for each one-column foreign key to another table's integer primary key, and the defaults that are literals. NAME is the file's name without its extension, or the PostgreSQL database's name. The id is an integer primary key the database numbers (SQLite's INTEGER PRIMARY KEY, PostgreSQL's serial or identity). A table ModelForm made (its _id and _version columns) reads back as the type it was made from, less its nested structure (a subform or a list is free JSON). What the files cannot say is a note on standard error.

            Examples:
              modelform import user.schema.json --output forms
              modelform import --database staff.sqlite --output forms
              modelform import user.schema.json --ui-schema user.ui.json --output forms
              modelform render user.schema.json --data user.json
            """)

    @Argument(help: ArgumentHelp("The JSON Schema file.", valueName: "schema"))
    var schema: String?

    @Option(
        help: ArgumentHelp(
            "A SQLite file (or a postgres:// URL) whose tables to import instead of a schema (read, never written).",
            valueName: "file|url"))
    var database: String?

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

    func validate() throws {
        switch (schema, database) {
        case (nil, nil): throw ValidationError("import needs a JSON Schema file or --database FILE")
        case (_?, _?): throw ValidationError("give a JSON Schema file or --database FILE, not both")
        default: break
        }
    }

    func run() throws {
        let environment = CLIEnvironment.current
        guard let schema else { return try importDatabase(database ?? "", environment: environment) }
        let text = try Files.read(schema)
        let imported = try Project.importSchema(
            text, file: schema, uiSchema: uiSchema, schemaDirectories: schemas.directories)
        let name = Project.baseName((schema as NSString).lastPathComponent) ?? (schema as NSString).lastPathComponent
        try write(name, types: try imported.typesText(), forms: try imported.formsText(), environment: environment)
        for note in imported.notes { environment.complain("\(note.mark): note: \(note.message)\n") }
        environment.say("wrote \(name).types.yaml and \(name).forms.yaml to \(output) (root type \(imported.root))\n")
    }

    /// Writes `NAME.types.yaml` and `NAME.forms.yaml` into the output folder.
    private func write(_ name: String, types: String, forms: String, environment: CLIEnvironment) throws {
        let folder = environment.path(output)
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        } catch {
            throw CLIError("\(output): error: \(Files.reason(error))", status: CLIError.ioFailure)
        }
        for (suffix, contents) in [(".types.yaml", types), (".forms.yaml", forms)] {
            try Files.write(contents, to: (output as NSString).appendingPathComponent(name + suffix))
        }
    }

    private func importDatabase(_ database: String, environment: CLIEnvironment) throws {
        let place = try RecordDatabase(database, environment: environment)
        let tables: [CatalogTable]
        do {
            tables = try place.catalog()
        } catch let error as RecordStoreError {
            throw CLIError("error: \(place.shown): \(error)", status: CLIError.ioFailure)
        } catch {
            throw CLIError(
                "error: \(place.shown): not a database it can read: \(RecordDatabase.message(error))",
                status: CLIError.ioFailure)
        }
        guard !tables.isEmpty else { throw CLIError("error: \(place.shown): the database has no tables") }
        let imported = DatabaseImport(tables: tables)
        let name = place.importName
        let header = "# Imported from the tables of \(place.shown) by modelform import.\n"
        try write(
            name, types: header + (try YAMLEmitter.emit(imported.types)),
            forms: header + (imported.forms == .record(FormRecord()) ? "{}\n" : try YAMLEmitter.emit(imported.forms)),
            environment: environment)
        for note in imported.notes { environment.complain("\(place.shown): note: \(note)\n") }
        environment.say(
            "wrote \(name).types.yaml and \(name).forms.yaml to \(output) (\(tables.count) tables, root type \(imported.root))\n"
        )
    }
}
