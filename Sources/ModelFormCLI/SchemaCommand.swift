import ArgumentParser
import Foundation
import ModelFormJSONSchema

struct SchemaCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "schema",
        abstract: "Write a model's JSON Schema.",
        discussion: """
        One $defs entry (draft-07: definitions) per type the root reaches, with titles, help as description, placeholders as examples, options as oneOf of const and title, rules as keywords and conditional fields as if/then.

        Examples:
          modelform schema
          modelform schema config/settings.types.yaml --draft 07 --output settings.schema.json
        """)

    @OptionGroup var project: ProjectOptions

    @Option(help: "2020-12 or 07.")
    var draft: String = "2020-12"

    @Option(help: ArgumentHelp("Write here (atomically) instead of standard output; - is standard output.", valueName: "file"))
    var output: String?

    func validate() throws {
        guard JSONSchemaDraft(rawValue: draft) != nil else { throw ValidationError("--draft takes 2020-12 or 07") }
    }

    func run() throws {
        let project = try Project(project)
        let exporter = JSONSchemaExporter(configs: project.configs, draft: JSONSchemaDraft(rawValue: draft) ?? .draft2020_12)
        try Files.write(exporter.schema(root: project.typeName).prettyJSON() + "\n", to: output)
    }
}
