import ArgumentParser

/// `--schema-dir`: where a JSON Schema's `$ref`s by URL are looked for, for every command
/// that reads a JSON Schema.
struct SchemaDirectoryOptions: ParsableArguments {
    @Option(
        name: .customLong("schema-dir"),
        help: ArgumentHelp(
            "For a JSON Schema: a folder of schemas its $refs may name by their $id (besides the schema's own folder); repeat for more. Nothing is fetched from the network.",
            valueName: "dir"))
    var directories: [String] = []
}
