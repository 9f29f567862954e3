import Foundation
import ModelForm
import ModelFormPostgres
import ModelFormRecords
import PostgresNIO
import Testing

/// A PostgreSQL store makes a trigram index on each text column of its table, which the
/// search's own condition (`column::text ILIKE '%…%' ESCAPE '\'`) can use.
@Suite struct PostgresSearchIndexTests {
    struct Employee: Codable {
        var name = ""
        var email = ""
        var age = 0
    }

    @Test(.enabled(if: Backend.postgresURL != nil))
    func eachTextColumnHasATrigramIndexTheSearchUses() async throws {
        let place = try await StorePlace(.postgres)
        defer { Task { await place.close() } }
        let configs = try ConfigDictionary(describing: Employee.self)
        let store = try await place.store("Employee", configs)
        _ = try await store.insert(
            .record(["name": .string("Ada"), "email": .string("ada@example.com"), "age": .int(36)]))
        let indexes = try await place.rows(
            "SELECT pg_get_indexdef(indexrelid) FROM pg_index WHERE indrelid = '{Employee}'::regclass AND NOT indisprimary",
            table: "Employee")
        #expect(indexes.count == 2)
        #expect(
            indexes.allSatisfy { $0.first?.contains("USING gin") == true && $0.first?.contains("gin_trgm_ops") == true }
        )
        #expect(
            indexes.map { $0.first?.contains("(email ") == true || $0.first?.contains("(name ") == true } == [
                true, true,
            ])

        let plan = try await place.plan(
            #"SELECT COUNT(*) FROM {Employee} WHERE ("name"::text ILIKE '%4242%' ESCAPE '\' OR "email"::text ILIKE '%4242%' ESCAPE '\')"#,
            table: "Employee")
        #expect(
            plan.contains { $0.contains("Bitmap Index Scan on _modelform_search_") }, "\(plan.joined(separator: "\n"))")
        #expect(try await store.count(RecordQuery(search: "DA@EX")) == 1)

        // Opened again, nothing more is made.
        _ = try await place.store("Employee", configs)
        let again = try await place.rows(
            "SELECT count(*)::text FROM pg_index WHERE indrelid = '{Employee}'::regclass", table: "Employee")
        #expect(again == [["3"]], "the primary key and two trigram indexes")
    }

    /// Stores opened at once in a database without `pg_trgm` (processes starting together, or
    /// the tests): one creates the extension, the others wait for it and find it, and every
    /// table gets its indexes (a lost race on `CREATE EXTENSION` left a table without them).
    /// Three of them open the same table at once, which one of them makes.
    @Test(.enabled(if: Backend.postgresURL != nil))
    func storesOpenedAtOnceInAFreshDatabaseAllGetTheirIndexes() async throws {
        let database = try await FreshDatabase()
        do {
            let configs = try ConfigDictionary(describing: Employee.self)
            let schemas = (0..<6).map { "s\($0)" }
            for schema in schemas {
                _ = try await database.client.query(PostgresQuery(unsafeSQL: "CREATE SCHEMA \(schema)"))
            }
            try await withThrowingTaskGroup(of: Void.self) { group in
                for schema in schemas + ["s0", "s0"] {
                    group.addTask {
                        _ = try await PostgresRecordStore.open(
                            client: database.client, schema: schema, typeName: "Employee", configs: configs,
                            answerLimit: .seconds(120))
                    }
                }
                try await group.waitForAll()
            }
            var counts: [Int] = []
            for schema in schemas {
                let query: PostgresQuery =
                    "SELECT count(*)::int FROM pg_indexes WHERE schemaname = \(schema) AND indexname LIKE '_modelform_search_%'"
                for try await count in try await database.client.query(query).decode(Int.self) { counts.append(count) }
            }
            #expect(counts == Array(repeating: 2, count: schemas.count))
        } catch {
            await database.drop()
            throw error
        }
        await database.drop()
    }
}

/// A database of one test's own on the server `MODELFORM_POSTGRES_URL` names, dropped by
/// ``drop()``.
private struct FreshDatabase {
    let name = "test_" + UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "")
    let admin: PostgresClient
    let client: PostgresClient
    private let tasks: [Task<Void, Never>]

    init() async throws {
        let url = try #require(Backend.postgresURL)
        func configuration(_ database: String?) -> PostgresClient.Configuration {
            PostgresClient.Configuration(
                host: url.host ?? "127.0.0.1", port: url.port ?? 5432, username: url.user ?? "postgres",
                password: url.password, database: database, tls: .disable)
        }
        let home = String(url.path.dropFirst())
        admin = PostgresClient(configuration: configuration(home.isEmpty ? nil : home))
        client = PostgresClient(configuration: configuration(name))
        tasks = [Task { [admin] in await admin.run() }, Task { [client] in await client.run() }]
        try await admin.query(PostgresQuery(unsafeSQL: "CREATE DATABASE \(name)"))
    }

    func drop() async {
        tasks[1].cancel()
        _ = try? await admin.query(PostgresQuery(unsafeSQL: "DROP DATABASE IF EXISTS \(name) WITH (FORCE)"))
        tasks[0].cancel()
    }
}
