import Foundation
import GRDB
import ModelForm
import ModelFormRecords
import ModelFormSQLite
import Testing

/// A SQLite store's search of three characters or more asks its trigram index for the rows
/// that may match; the table's `LIKE` keeps the search's meaning. The index follows every
/// write, and is made again when the type's text columns change.
@Suite struct SQLiteSearchIndexTests {
    struct Place: Codable {
        var name = ""
    }
    struct PlaceV2: Codable {
        var name = ""
        var motto: String?
    }

    static let index = "\"_modelform_search_Place\""

    static func names(_ store: SQLiteRecordStore, _ search: String) async throws -> [String] {
        try await store.list(RecordQuery(search: search)).compactMap {
            if case .string(let name)? = $0.values["name"] { name } else { nil }
        }
    }

    @Test func theIndexFindsWhatLikeMeansAndFollowsEveryWrite() async throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("search-\(UUID()).sqlite").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let configs = try ConfigDictionary(describing: Place.self)
        let store = try SQLiteRecordStore(path: path, typeName: "Place", configs: configs)
        var stored: [String: StoredRecord] = [:]
        for name in ["École", "école", "Cole Street", "Old Cole"] {
            stored[name] = try await store.insert(.record(["name": .string(name)]))
        }
        // The index folds É and é; LIKE, as every search, folds ASCII only.
        #expect(try await Self.names(store, "ÉCOLE") == ["École"])
        #expect(try await Self.names(store, "cole") == ["École", "école", "Cole Street", "Old Cole"])
        let old = try #require(stored["Old Cole"])
        _ = try await store.update(id: old.id, with: .record(["name": .string("New Town")]), expecting: old.version)
        let street = try #require(stored["Cole Street"])
        try await store.delete(id: street.id, expecting: street.version)
        #expect(try await Self.names(store, "cole") == ["École", "école"])
        #expect(try await Self.names(store, "town") == ["New Town"])

        // The rows come from the index: emptied behind the store's back, a search of three
        // characters finds nothing; one of two still reads every row.
        try await DatabaseQueue(path: path).write { db in
            try db.execute(sql: "INSERT INTO \(Self.index)(\(Self.index)) VALUES ('delete-all')")
        }
        #expect(try await Self.names(store, "town") == [])
        #expect(try await Self.names(store, "to") == ["New Town"])
    }

    /// Past 1,000 rows the index may match, the table is read instead (its first page comes
    /// early); below, the index decides which rows are read. Each seen by a row the index
    /// does not know (its trigger dropped behind the store's back).
    @Test func aSearchMostRowsMatchReadsTheTable() async throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("search-\(UUID()).sqlite").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let store = try SQLiteRecordStore(
            path: path, typeName: "Place", configs: try ConfigDictionary(describing: Place.self))
        try await DatabaseQueue(path: path).write { db in
            try db.execute(
                sql: """
                    WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 1001)
                    INSERT INTO "Place" (_version, "name") SELECT 1, 'Town ' || i FROM n;
                    DROP TRIGGER "_modelform_search_Place insert";
                    INSERT INTO "Place" (_version, "name") VALUES (1, 'Town unindexed'), (1, 'Hamlet unindexed');
                    """)
        }
        #expect(try await store.count(RecordQuery(search: "town")) == 1_002)
        #expect(try await Self.names(store, "town unind") == [])
        #expect(try await store.count(RecordQuery(search: "hamlet")) == 0)
    }

    @Test func aTypeWithANewTextColumnHasItsIndexMadeAgain() async throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("search-\(UUID()).sqlite").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let v1 = try SQLiteRecordStore(
            path: path, typeName: "Place", configs: try ConfigDictionary(describing: Place.self))
        _ = try await v1.insert(.record(["name": .string("Kew")]))
        try await DatabaseQueue(path: path).write { db in
            try db.execute(sql: #"UPDATE "Place" SET "name" = 'Kew Gardens'"#)  // another program's write
        }
        var model = try ConfigDictionary(describing: PlaceV2.self).model
        var entity = try #require(model.entity(model.root))
        entity.name = "Place"
        model.upsert(entity)
        model.root = "Place"
        let v2 = try SQLiteRecordStore(path: path, typeName: "Place", configs: ConfigDictionary(model))
        let columns = try await DatabaseQueue(path: path).read { db in try db.columns(in: "_modelform_search_Place") }
        #expect(columns.map(\.name) == ["name", "motto"])
        let kew = try #require(try await v2.list(RecordQuery()).first)
        _ = try await v2.update(
            id: kew.id, with: .record(["name": .string("Kew Gardens"), "motto": .string("Royal botanic")]),
            expecting: kew.version)
        #expect(try await Self.names(v2, "gardens") == ["Kew Gardens"])
        #expect(try await Self.names(v2, "botanic") == ["Kew Gardens"])
    }
}
