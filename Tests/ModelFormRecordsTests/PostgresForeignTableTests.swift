import Foundation
import ModelForm
import ModelFormRecords
import ModelFormYAML
import Testing

/// The PostgreSQL store over a table another program made, as the SQLite store's
/// (`ForeignTableTests`): used as it is, its serial key the id, a digest of the row the
/// version, checked and written by one statement.
@Suite struct PostgresForeignTableTests {
    static let types = """
        types:
          employees: {name: String, age: Int?, active: Bool, hired: Date?, notes: JSON}
        """

    @Test(.enabled(if: Backend.postgresURL != nil))
    func itsRowsAreRecordsSavedAtTheVersionTheEditorSaw() async throws {
        let place = try await StorePlace(.postgres)
        defer { Task { await place.close() } }
        try await place.execute(
            """
            CREATE TABLE {employees} (id serial PRIMARY KEY, name varchar(80) NOT NULL, age integer,
              active boolean NOT NULL DEFAULT true, hired date, notes jsonb, badge text)
            """, table: "employees")
        try await place.execute(
            """
            INSERT INTO {employees} (name, age, active, hired, notes, badge)
              VALUES ('Ada', 36, true, '1843-07-01', '{"a": [1, 2]}', 'A-1'), ('Grace', NULL, false, NULL, NULL, NULL);
            """, table: "employees")
        let schema = try await place.columns("employees")
        let configs = ConfigDictionary(try TypeDefinitionLoader.load(text: Self.types, file: "staff.types.yaml"))
        let store = try await place.store("employees", configs)
        let ada = try #require(try await store.load(id: 1))
        #expect(ada.values["name"] == .string("Ada") && ada.values["active"] == .bool(true))
        #expect(try await store.list(RecordQuery(search: "gra")).map(\.id) == [2])

        let older: FormValue = .record([
            "name": .string("Ada"), "age": .int(37), "active": .bool(true), "hired": try #require(ada.values["hired"]),
            "notes": try #require(ada.values["notes"]),
        ])
        let saved = try await store.update(id: 1, with: older, expecting: ada.version)
        #expect(saved.values["age"] == .int(37) && saved.version != ada.version)
        await #expect(throws: RecordStoreError.conflict(current: saved)) {
            try await store.update(id: 1, with: ada.values, expecting: ada.version)
        }
        try await place.execute("UPDATE {employees} SET age = 38, badge = 'A-2' WHERE id = 1", table: "employees")
        let changed = try #require(try await store.load(id: 1))
        await #expect(throws: RecordStoreError.conflict(current: changed)) {
            try await store.delete(id: 1, expecting: saved.version)
        }
        let new = try await store.insert(.record(["name": .string("Edsger"), "active": .bool(true)]))
        #expect(new.id == 3)
        try await store.delete(id: new.id, expecting: new.version)
        #expect(try await store.load(id: 3) == nil)
        #expect(try await place.columns("employees") == schema, "the table is not altered")

        try await place.execute("CREATE TABLE {tags} (code text PRIMARY KEY, colour text)", table: "tags")
        let tags = ConfigDictionary(
            try TypeDefinitionLoader.load(text: "types:\n  tags: {colour: String?}\n", file: "t"))
        await #expect(
            throws: RecordStoreError.incompatibleTable(
                "tags",
                reason:
                    "it has no integer primary key the database numbers (serial or identity) to tell its records apart (and ModelForm changes no table it did not make)"
            )
        ) { try await place.store("tags", tags) }
    }
}
