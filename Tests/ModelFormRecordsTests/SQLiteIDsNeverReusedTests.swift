import Foundation
import GRDB
import ModelForm
import ModelFormRecords
import ModelFormSQLite
import Testing

/// A table an earlier ModelForm made, whose `_id` SQLite reused after the newest record was
/// deleted, is rebuilt once with `AUTOINCREMENT` when a store opens it: its rows with their
/// ids and versions, its index, and the foreign keys of the tables that refer to it kept.
@Suite struct SQLiteIDsNeverReusedTests {
    struct Person: Codable {
        var name = ""
    }

    static let oldTables = """
        CREATE TABLE "Person" (_id INTEGER PRIMARY KEY, _version INTEGER NOT NULL, "name" TEXT);
        INSERT INTO "Person" VALUES (1, 3, 'Ada'), (2, 1, 'Grace'), (3, 1, 'Alan');
        CREATE INDEX "Person by name" ON "Person"("name");
        CREATE TABLE "Note" (_id INTEGER PRIMARY KEY, _version INTEGER NOT NULL,
            "person" INTEGER REFERENCES "Person"(_id) ON DELETE RESTRICT);
        INSERT INTO "Note" VALUES (1, 1, 2);
        """

    static func schema(_ path: String) throws -> [String] {
        try DatabaseQueue(path: path).read { db in
            try String.fetchAll(db, sql: "SELECT sql FROM sqlite_master WHERE sql IS NOT NULL ORDER BY name")
        }
    }

    @Test func aTableMadeBeforeIsRebuiltKeepingItsRowsIndexAndReferences() async throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("ids-\(UUID()).sqlite").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        try await DatabaseQueue(path: path).write { db in try db.execute(sql: Self.oldTables) }
        let configs = try ConfigDictionary(describing: Person.self)

        let store = try SQLiteRecordStore(path: path, typeName: "Person", configs: configs)
        let rows = try await store.list(RecordQuery())
        #expect(rows.map(\.id) == [1, 2, 3] && rows.map(\.version) == [3, 1, 1])
        #expect(rows.map { $0.values["name"] } == ["Ada", "Grace", "Alan"].map(FormValue.string))
        let schema = try Self.schema(path)
        #expect(schema.contains { $0.hasPrefix("CREATE TABLE \"Person\" (_id INTEGER PRIMARY KEY AUTOINCREMENT, ") })
        #expect(schema.contains("CREATE INDEX \"Person by name\" ON \"Person\"(\"name\")"))
        #expect(!schema.contains { $0.contains("_modelform_rebuild") })

        await #expect(
            performing: { try await store.delete(id: 2, expecting: 1) },
            throws: { if case .referenced? = $0 as? RecordStoreError { true } else { false } })
        try await store.delete(id: 3, expecting: 1)
        let added = try await store.insert(.record(["name": .string("Barbara")]))
        #expect(added.id == 4)

        // Opened again, nothing is rebuilt: the schema is as it was.
        _ = try SQLiteRecordStore(path: path, typeName: "Person", configs: configs)
        #expect(try Self.schema(path) == schema)
    }

    @Test func aNewTableNeverReusesAnId() async throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("ids-\(UUID()).sqlite").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let store = try SQLiteRecordStore(
            path: path, typeName: "Person", configs: try ConfigDictionary(describing: Person.self))
        #expect(try Self.schema(path).contains { $0.contains("_id INTEGER PRIMARY KEY AUTOINCREMENT") })
        let first = try await store.insert(.record(["name": .string("Ada")]))
        try await store.delete(id: first.id, expecting: first.version)
        #expect(try await store.insert(.record(["name": .string("Grace")])).id == first.id + 1)
    }
}
