import ArgumentParser

/// The options every command uses to find a model, its forms, data, cells and theme.
struct ProjectOptions: ParsableArguments {
    @Argument(
        help: ArgumentHelp(
            "A type definition file (NAME.types.yaml) or a JSON Schema (NAME.schema.json). Without it, the schema the --data file names ($schema, a yaml-language-server comment, or in TOML #:schema), else the bundled example in config/.",
            valueName: "model"))
    var model: String?

    @Option(
        name: .customLong("ui-schema"),
        help: ArgumentHelp(
            "For a JSON Schema model: a UI schema (react-jsonschema-form's uiSchema or a JSON Forms UI schema).",
            valueName: "file"))
    var uiSchema: String?

    @OptionGroup var schemas: SchemaDirectoryOptions

    @Option(help: ArgumentHelp("The type to show (default: the file's root type).", valueName: "name"))
    var type: String?

    @Option(
        help: ArgumentHelp(
            "A values file (YAML, JSON or TOML, or - for standard input). Default: NAME.values.yaml, else NAME.values.json, else NAME.values.toml, beside the model, if present.",
            valueName: "file"))
    var data: String?

    @Option(
        name: .customLong("config"),
        help: ArgumentHelp(
            "A form config file; repeat for more, later files win. Default: NAME.forms.yaml beside the model, if present.",
            valueName: "file"))
    var configs: [String] = []

    @Option(
        name: .customLong("cells"),
        help: ArgumentHelp("A folder of cell layouts, besides Cells/; repeat for more.", valueName: "dir"))
    var cellFolders: [String] = []

    @Option(
        help: ArgumentHelp(
            "A theme: a name in Themes/ or a folder (default: Themes/default when present).", valueName: "name"))
    var theme: String?
}
