import Foundation
import ModelForm
import ModelFormRecords
import ModelFormServer

/// A database opened for the records of a project's types (`serve`, `edit` and `render`
/// with `--database`): its tables, a record server over them, and the way to close it.
struct RecordWorkspace {
    let project: Project
    /// The database as messages name it (a password left out).
    let shown: String
    var server: RecordServer
    let close: @Sendable () -> Void

    /// Opens the tables of the root type and the types its lookups name; with `everyType`,
    /// also the types no other holds as a part and the other types whose tables the database
    /// has (all of them, after `import --database`), each left out with a note on standard
    /// error when its table does not fit.
    init(
        project: Project, database: String, environment: CLIEnvironment, everyType: Bool,
        secret: [UInt8] = CSRFProtection.randomSecret()
    ) throws {
        self.project = project
        let place = try RecordDatabase(database, environment: environment)
        shown = place.shown
        let typeNames =
            [project.typeName] + ServeCommand.lookupTargets(project.configs).filter { $0 != project.typeName }
        var others: [String] = []
        if everyType {
            let existing = place.existingTables()
            let standalone = Set(ServeCommand.standaloneTypes(project.configs))
            others = project.configs.typeNames.filter {
                (existing.contains($0) || standalone.contains($0)) && !typeNames.contains($0)
            }
        }
        let opened: (tables: [RecordServer.Table], close: @Sendable () -> Void)
        do {
            opened = try place.open(typeNames, others: others, configs: project.configs) { typeName, error in
                environment.complain("\(place.shown): note: table '\(typeName)' is not served: \(error)\n")
            }
        } catch {
            throw CLIError("error: \(place.shown): \(RecordDatabase.message(error))", status: CLIError.ioFailure)
        }
        close = opened.close
        server = RecordServer(
            configs: project.configs, environment: project.form.environment, tables: opened.tables, secret: secret)
    }

    /// `body`'s result, waited for (at most the connection timeout); a database error as
    /// the command's error, naming the database.
    func run<Result: Sendable>(_ body: @escaping @Sendable () async throws -> Result) throws -> Result {
        do { return try RecordDatabase.blocking(within: RecordDatabase.connectTimeout, body) } catch {
            throw CLIError("error: \(shown): \(RecordDatabase.message(error))", status: CLIError.ioFailure)
        }
    }
}
