import Foundation
import ModelForm
import ModelFormPostgres
import ModelFormRecords
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
}
