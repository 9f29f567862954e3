import ArgumentParser
import Foundation
import ModelForm
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
              modelform schema --ui jsonforms
            """)

    @OptionGroup var project: ProjectOptions

    @Option(help: "2020-12 or 07.")
    var draft: String = "2020-12"

    @Option(
        help: ArgumentHelp(
            "Also a UI schema: rjsf or jsonforms; the output is then {\"schema\": ..., \"uiSchema\": ...}.",
            valueName: "dialect"))
    var ui: String?

    @Option(
        help: ArgumentHelp(
            "Write here (atomically) instead of standard output; - is standard output.", valueName: "file"))
    var output: String?

    func validate() throws {
        guard JSONSchemaDraft(rawValue: draft) != nil else { throw ValidationError("--draft takes 2020-12 or 07") }
        guard ui.map({ JSONSchemaExporter.UIDialect(rawValue: $0) != nil }) ?? true else {
            throw ValidationError("--ui takes rjsf or jsonforms")
        }
    }

    func run() throws {
        let project = try Project(project)
        let exporter = JSONSchemaExporter(
            configs: project.configs, draft: JSONSchemaDraft(rawValue: draft) ?? .draft2020)
        var result = exporter.schema(root: project.typeName)
        if let dialect = ui.flatMap(JSONSchemaExporter.UIDialect.init(rawValue:)) {
            result = .object(
                JSONObject([
                    ("schema", result), ("uiSchema", exporter.uiSchema(root: project.typeName, dialect: dialect)),
                ]))
        }
        try Files.write(result.prettyJSON() + "\n", to: output)
    }
}
