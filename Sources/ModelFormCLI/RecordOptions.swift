import ArgumentParser

/// A record of a database instead of a values file: `--database` and `--record` (`edit`,
/// `render`).
struct RecordOptions: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "A record of this SQLite file or postgres:// database instead of a values file (with --record).",
            valueName: "file-or-url"))
    var database: String?

    @Option(
        help: ArgumentHelp("The id of the record (with --database; --type names its type), or new.", valueName: "id"))
    var record: String?

    func validate() throws {
        if record != nil, database == nil { throw ValidationError("--record needs --database") }
    }
}
