import ArgumentParser

/// The options every command uses to find a model, its forms, data, cells and theme.
struct ProjectOptions: ParsableArguments {
    @Argument(
        help: ArgumentHelp(
            "A type definition file (NAME.types.yaml) or a JSON Schema (NAME.schema.json). Without it, the schema the --data file names ($schema, a yaml-language-server comment, or in TOML #:schema), else the bundled example in config/. A data file that names its schema may be given here instead of with --data.",
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

    /// A data file given where the model goes (`modelform edit .github/dependabot.yml`) is
    /// the data, when it names its schema and is no model itself (not a `NAME.types.yaml`,
    /// not a schema: its declaration names no meta-schema).
    mutating func validate() throws {
        guard data == nil, let model, !model.hasSuffix(".types.yaml"), !model.hasSuffix(".schema.json"),
            Files.exists(model), let text = try? Files.read(model),
            let declaration = SchemaDeclaration.find(in: text, file: model), !declaration.namesAMetaSchema
        else { return }
        data = model
        self.model = nil
    }
}
