import ArgumentParser
import Foundation
import ModelForm
import ModelFormPostgres
import ModelFormRecords
import ModelFormSQLite
import ModelFormServer
import NIOSSL
import PostgresNIO
import Synchronization

/// Where `serve --database` keeps the records: a SQLite file (the default), or a PostgreSQL
/// database named by a URL, `postgres://USER[:PASSWORD]@HOST[:PORT]/DATABASE` with
/// `?schema=NAME` (default `public`) and `?sslmode=disable|prefer|require` (default
/// `prefer`). A password not in the URL is read from `PGPASSWORD`.
enum RecordDatabase {
    case sqlite(path: String, shown: String)
    case postgres(PostgresClient.Configuration, schema: String, shown: String)

    /// How long one statement may run on PostgreSQL before the server cancels it (the page
    /// is then 503, with nothing changed).
    static let statementTimeout = "5s"

    /// Whether `argument` names a PostgreSQL database rather than a file.
    static func isURL(_ argument: String) -> Bool {
        argument.hasPrefix("postgres://") || argument.hasPrefix("postgresql://")
    }

    /// The database `argument` names.
    init(_ argument: String, environment: CLIEnvironment) throws {
        guard Self.isURL(argument) else {
            self = .sqlite(path: environment.path(argument), shown: argument)
            return
        }
        guard let url = URLComponents(string: argument), let host = url.host, !host.isEmpty else {
            throw ValidationError(
                "--database: '\(Self.redacted(argument))' is not a URL such as postgres://user@host/db")
        }
        let user = url.user ?? environment.variables["PGUSER"] ?? "postgres"
        let database = String(url.path.drop(while: { $0 == "/" }))
        var schema = "public"
        var tls = "prefer"
        for item in url.queryItems ?? [] {
            switch (item.name, item.value) {
            case ("schema", let value?) where !value.isEmpty: schema = value
            case ("sslmode", let value?) where ["disable", "prefer", "require"].contains(value): tls = value
            default:
                throw ValidationError(
                    "--database: '\(item.name)=\(item.value ?? "")' is not understood; a PostgreSQL URL takes schema=NAME and sslmode=disable, prefer or require"
                )
            }
        }
        var configuration = PostgresClient.Configuration(
            host: host, port: url.port ?? 5432, username: user,
            password: url.password ?? environment.variables["PGPASSWORD"], database: database.isEmpty ? user : database,
            tls: Self.tls(tls))
        configuration.options.additionalStartupParameters = [("statement_timeout", Self.statementTimeout)]
        self = .postgres(configuration, schema: schema, shown: Self.redacted(argument))
    }

    private static func tls(_ mode: String) -> PostgresClient.Configuration.TLS {
        switch mode {
        case "disable": return .disable
        case "require": return .require(.makeClientConfiguration())
        default: return .prefer(.makeClientConfiguration())
        }
    }

    /// The URL without its password, as messages show it.
    static func redacted(_ argument: String) -> String {
        guard var url = URLComponents(string: argument), url.password != nil else { return argument }
        url.password = "***"
        return url.string ?? argument
    }

    /// How messages name the database.
    var shown: String {
        switch self {
        case .sqlite(_, let shown): return shown
        case .postgres(_, _, let shown): return shown
        }
    }

    /// The tables of the database as its catalogue describes them (only read).
    func catalog() throws -> [CatalogTable] {
        switch self {
        case .sqlite(let path, _): return try SQLiteCatalog.tables(path: path)
        case .postgres(let configuration, let schema, _):
            let client = PostgresClient(configuration: configuration)
            let running = Task { await client.run() }
            defer { running.cancel() }
            return try Self.blocking(within: Self.connectTimeout) {
                try await PostgresCatalog.tables(client: client, schema: schema)
            }
        }
    }

    /// The name of the files `import` writes: the SQLite file's without its extension, or the
    /// PostgreSQL database's.
    var importName: String {
        switch self {
        case .sqlite(_, let shown): return ((shown as NSString).lastPathComponent as NSString).deletingPathExtension
        case .postgres(let configuration, _, _): return configuration.database ?? "database"
        }
    }

    /// The tables the database has now (none when it cannot be read: opening the tables
    /// then says why).
    func existingTables() -> Set<String> {
        if case .sqlite(let path, _) = self, !FileManager.default.fileExists(atPath: path) { return [] }
        return Set(((try? catalog()) ?? []).map(\.name))
    }

    /// Opens the tables of `typeNames` (creating or migrating them), then those of `others`
    /// that can be used as they are (`skipped` calls the rest, with why); `close` ends what
    /// the tables hold open once they are no longer used.
    func open(
        _ typeNames: [String], others: [String] = [], configs: ConfigDictionary,
        skipped: (String, any Error) -> Void = { _, _ in }
    ) throws -> (tables: [RecordServer.Table], close: @Sendable () -> Void) {
        let opened = try openInOrder(
            Self.openingOrder(typeNames, configs: configs), others: Self.openingOrder(others, configs: configs),
            configs: configs, skipped: skipped)
        // The tables in the order asked for (the index's), whatever order they were opened in.
        let order = Dictionary((typeNames + others).enumerated().map { ($1, $0) }) { first, _ in first }
        return (opened.tables.sorted { (order[$0.typeName] ?? 0) < (order[$1.typeName] ?? 0) }, opened.close)
    }

    /// `typeNames` with each after the types its lookups name (so that its table can refer
    /// to theirs), else in their order.
    static func openingOrder(_ typeNames: [String], configs: ConfigDictionary) -> [String] {
        let wanted = Set(typeNames)
        var order: [String] = []
        var seen = Set<String>()
        func visit(_ typeName: String) {
            guard seen.insert(typeName).inserted else { return }
            for target in configs[typeName]?.fields.compactMap(\.lookup) ?? [] where wanted.contains(target) {
                visit(target)
            }
            order.append(typeName)
        }
        typeNames.forEach(visit)
        return order
    }

    private func openInOrder(
        _ typeNames: [String], others: [String], configs: ConfigDictionary, skipped: (String, any Error) -> Void
    ) throws -> (tables: [RecordServer.Table], close: @Sendable () -> Void) {
        switch self {
        case .sqlite(let path, _):
            // One file, one set of connections: the first table's, shared by the others.
            var first: SQLiteRecordStore?
            var tables: [RecordServer.Table] = []
            func open(_ typeName: String) throws {
                let records =
                    try first.map { try SQLiteRecordStore(sharing: $0, typeName: typeName, configs: configs) }
                    ?? SQLiteRecordStore(path: path, typeName: typeName, configs: configs)
                first = first ?? records
                tables.append(RecordServer.Table(typeName: typeName, records: records))
            }
            for typeName in typeNames { try open(typeName) }
            for typeName in others {
                do { try open(typeName) } catch { skipped(typeName, error) }
            }
            return (tables, {})
        case .postgres(let configuration, let schema, _):
            let client = PostgresClient(configuration: configuration)
            let running = Task { await client.run() }
            do {
                let (tables, failures) = try Self.blocking(within: Self.connectTimeout) {
                    var tables: [RecordServer.Table] = []
                    var failures: [(String, any Error)] = []
                    for typeName in typeNames + others {
                        do {
                            let store = try await PostgresRecordStore.open(
                                client: client, schema: schema, typeName: typeName, configs: configs)
                            tables.append(RecordServer.Table(typeName: typeName, records: store))
                        } catch  where others.contains(typeName) {
                            failures.append((typeName, error))
                        }
                    }
                    return (tables, failures)
                }
                for (typeName, error) in failures { skipped(typeName, error) }
                return (tables, { running.cancel() })
            } catch {
                running.cancel()
                throw error
            }
        }
    }

    /// What went wrong, in the server's words where it gave some (PostgreSQL's errors hide
    /// their details from `description`).
    static func message(_ error: any Error) -> String {
        guard let error = error as? PSQLError else { return "\(error)" }
        if let message = error.serverInfo?[.message] { return message }
        if let underlying = error.underlying { return "\(error.code): \(underlying)" }
        return "\(error.code)"
    }

    /// How long opening the tables may take in all (each statement has the store's own
    /// limit of 10 s, which says more).
    static let connectTimeout = 30

    /// Runs `body` to its end from synchronous code; past `seconds` it is cancelled and the
    /// database is unreachable.
    static func blocking<T: Sendable>(
        within seconds: Int, _ body: @escaping @Sendable () async throws -> T
    ) throws -> T {
        let finished = DispatchSemaphore(value: 0)
        let result = Mutex<Result<T, any Error>?>(nil)
        let task = Task {
            do {
                let value = try await body()
                result.withLock { $0 = .success(value) }
            } catch { result.withLock { $0 = .failure(error) } }
            finished.signal()
        }
        guard finished.wait(timeout: .now() + .seconds(seconds)) == .success else {
            task.cancel()
            throw RecordStoreError.unavailable("no answer within \(seconds) s")
        }
        guard let outcome = result.withLock({ $0 }) else { throw CancellationError() }
        return try outcome.get()
    }
}
