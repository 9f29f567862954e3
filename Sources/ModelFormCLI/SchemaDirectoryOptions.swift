import ArgumentParser

/// `--schema-dir`: where a JSON Schema's `$ref`s by URL are looked for, for every command
/// that reads a JSON Schema; then the folders of `MODELFORM_SCHEMA_PATH`.
struct SchemaDirectoryOptions: ParsableArguments {
    @Option(
        name: .customLong("schema-dir"),
        help: ArgumentHelp(
            "For a JSON Schema: a folder of schemas its $refs (and a data file's schema URL) may name by their $id, besides the schema's own folder; repeat for more, then the folders of MODELFORM_SCHEMA_PATH (separated by ':'). Nothing is fetched from the network.",
            valueName: "dir"))
    var given: [String] = []

    /// The `--schema-dir` folders, then those `MODELFORM_SCHEMA_PATH` names (`:` between
    /// them, as `PATH`; an empty part is none).
    var directories: [String] {
        given + (CLIEnvironment.current.variables["MODELFORM_SCHEMA_PATH"] ?? "").split(separator: ":").map(String.init)
    }
}
