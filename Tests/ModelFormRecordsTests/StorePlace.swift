import Foundation
import GRDB
import Logging
import ModelForm
import ModelFormPostgres
import ModelFormRecords
import ModelFormSQLite
import PostgresNIO

/// Where a test's stores live: a private SQLite database, a SQLite file, or a schema of its
/// own in the PostgreSQL server `MODELFORM_POSTGRES_URL` names (`postgres://user@host:port/db`;
/// CI starts one). Every store test runs on each, so both stores keep one contract.
enum Backend: String, CaseIterable, CustomStringConvertible, Sendable {
    case sqliteMemory = "SQLite in memory"
    case sqliteFile = "SQLite file"
    case postgres = "PostgreSQL"

    var description: String { rawValue }

    static var postgresURL: URLComponents? {
        ProcessInfo.processInfo.environment["MODELFORM_POSTGRES_URL"].flatMap(URLComponents.init(string:))
    }

    /// The backends this run reaches: PostgreSQL only where a server is named.
    static let available: [Backend] = allCases.filter { $0 != .postgres || postgresURL != nil }
    /// Those that persist between two stores (not the private in-memory database).
    static let shared: [Backend] = available.filter { $0 != .sqliteMemory }

    func place() async throws -> StorePlace { try await StorePlace(self) }
}

/// One test's place for stores, removed by ``close()``.
final class StorePlace: Sendable {
    let backend: Backend
    private let path: String
    private let schema: String
    private let client: PostgresClient?
    private let running: Task<Void, Never>?

    init(_ backend: Backend) async throws {
        self.backend = backend
        path =
            backend == .sqliteFile
            ? FileManager.default.temporaryDirectory.appendingPathComponent("records-\(UUID()).sqlite").path
            : ":memory:"
        schema = "test_" + UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "")
        guard backend == .postgres, let url = Backend.postgresURL else {
            client = nil
            running = nil
            return
        }
        var configuration = PostgresClient.Configuration(
            host: url.host ?? "127.0.0.1", port: url.port ?? 5432, username: url.user ?? "postgres",
            password: url.password, database: String(url.path.dropFirst()).isEmpty ? nil : String(url.path.dropFirst()),
            tls: .disable)
        configuration.options.additionalStartupParameters = [("statement_timeout", "10s")]
        let client = PostgresClient(configuration: configuration)
        self.client = client
        running = Task { await client.run() }
        try await client.query(PostgresQuery(unsafeSQL: "CREATE SCHEMA \(schema)"))
    }

    /// A store of `typeName` here (a second one sees what the first saved, but in memory).
    func store(_ typeName: String, _ configs: ConfigDictionary) async throws -> any RecordStore {
        if let client {
            // The suite shares two threads with tests that block theirs: a query may wait
            // for one far longer than on a server, which is not the database being gone.
            return try await PostgresRecordStore.open(
                client: client, schema: schema, typeName: typeName, configs: configs, answerLimit: Self.answerLimit)
        }
        return try SQLiteRecordStore(path: path, typeName: typeName, configs: configs)
    }

    /// A store of `typeName` in the same database as `other`, for one transaction over both
    /// (SQLite: the same connections; PostgreSQL: the same client).
    func store(_ typeName: String, _ configs: ConfigDictionary, sharing other: any RecordStore) async throws
        -> any RecordStore
    {
        guard let other = other as? SQLiteRecordStore else { return try await store(typeName, configs) }
        return try SQLiteRecordStore(sharing: other, typeName: typeName, configs: configs)
    }

    /// Runs SQL behind the store's back (a row someone else broke); `{Person}` in it names
    /// the table of `Person` here.
    func execute(_ sql: String, table typeName: String) async throws {
        if let client {
            let table = "\"\(schema)\".\"\(typeName)\""
            try await client.query(
                PostgresQuery(unsafeSQL: sql.replacingOccurrences(of: "{\(typeName)}", with: table)))
        } else {
            let statement = sql.replacingOccurrences(of: "{\(typeName)}", with: "\"\(typeName)\"")
            try await DatabaseQueue(path: path).write { db in try db.execute(sql: statement) }
        }
    }

    /// `typeName`'s table with its schema, quoted.
    func qualified(_ typeName: String) -> String { "\"\(schema)\".\"\(typeName)\"" }

    /// A table's columns and their types, in order (PostgreSQL only).
    func columns(_ typeName: String) async throws -> [String] {
        guard let client else { return [] }
        var result: [String] = []
        let query: PostgresQuery =
            "SELECT column_name::text || ' ' || data_type::text FROM information_schema.columns WHERE table_schema = \(schema) AND table_name = \(typeName) ORDER BY ordinal_position"
        for try await (column) in try await client.query(query).decode(String.self) { result.append(column) }
        return result
    }

    /// The rows of a query, each column as text (`NULL` for null); `{Person}` in it names the
    /// table of `Person` here (PostgreSQL only).
    func rows(_ sql: String, table typeName: String) async throws -> [[String]] {
        guard let client else { return [] }
        let statement = sql.replacingOccurrences(of: "{\(typeName)}", with: qualified(typeName))
        var result: [[String]] = []
        for try await row in try await client.query(PostgresQuery(unsafeSQL: statement)) {
            result.append(try row.makeRandomAccess().map { try $0.decode(String?.self) ?? "NULL" })
        }
        return result
    }

    /// The plan of a query with sequential scans off where the planner has a choice, one line
    /// a row; `{Person}` in it names the table of `Person` here (PostgreSQL only).
    func plan(_ sql: String, table typeName: String) async throws -> [String] {
        guard let client else { return [] }
        let statement = "EXPLAIN " + sql.replacingOccurrences(of: "{\(typeName)}", with: qualified(typeName))
        return try await client.withConnection { connection in
            _ = try await connection.query("SET enable_seqscan = off", logger: Self.logger)
            defer { Task { _ = try? await connection.query("RESET enable_seqscan", logger: Self.logger) } }
            var lines: [String] = []
            for try await line in try await connection.query(PostgresQuery(unsafeSQL: statement), logger: Self.logger)
                .decode(String.self)
            {
                lines.append(line)
            }
            return lines
        }
    }

    private static let logger = Logger(label: "StorePlace")
    /// How long a test's statement may wait for its answer (10 s is what users get).
    private static let answerLimit: Duration = .seconds(120)

    /// The tables here as their catalogue describes them (PostgreSQL only), with the stores'
    /// longer answer limit for the same reason.
    func catalog() async throws -> [CatalogTable] {
        guard let client else { return [] }
        return try await PostgresCatalog.tables(client: client, schema: schema, answerLimit: Self.answerLimit)
    }

    /// How errors name a record of `typeName` here.
    func label(_ typeName: String) -> String {
        client == nil ? "\(path): \(typeName)" : "postgres \(schema).\(typeName)"
    }

    func close() async {
        if let client {
            _ = try? await client.query(PostgresQuery(unsafeSQL: "DROP SCHEMA \(schema) CASCADE"))
            running?.cancel()
        } else if backend == .sqliteFile {
            try? FileManager.default.removeItem(atPath: path)
        }
    }
}
