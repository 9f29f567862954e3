import Foundation
import GRDB
import ModelForm
import ModelFormRecords
import ModelFormSQLite
import ModelFormYAML
import Testing

/// The SQLite store over a table another program made (no `_id`, no `_version`): used as it
/// is, never altered; its integer primary key is the id, a digest of the row the version, so
/// a stale save or delete is a conflict as in a table ModelForm made.
@Suite struct ForeignTableTests {
    static let schema = """
        CREATE TABLE departments (id INTEGER PRIMARY KEY, name TEXT NOT NULL);
        CREATE TABLE employees (
          id INTEGER PRIMARY KEY AUTOINCREMENT, name VARCHAR(80) NOT NULL, age INTEGER,
          active BOOLEAN NOT NULL DEFAULT 1, hired DATE, department_id INTEGER REFERENCES departments(id),
          badge TEXT, role TEXT NOT NULL DEFAULT 'member');
        INSERT INTO departments VALUES (7, 'Research');
        INSERT INTO employees (id, name, age, active, hired, department_id, badge)
          VALUES (41, 'Ada', 36, 1, '1843-07-01', 7, 'A-1'), (42, 'Grace', NULL, 0, NULL, NULL, NULL);
        """

    struct Place {
        let path: String
        let configs: ConfigDictionary

        init() throws {
            path = FileManager.default.temporaryDirectory.appendingPathComponent("foreign-\(UUID()).sqlite").path
            try DatabaseQueue(path: path).write { db in try db.execute(sql: ForeignTableTests.schema) }
            // The model as `modelform import --database` writes it, less the badge column.
            let types = """
                types:
                  employees: {name: String, age: Int?, active: Bool, hired: Date?, department_id: Int?, role: {enum: [admin, member]}}
                  departments: {name: String}
                """
            var configs = ConfigDictionary(try TypeDefinitionLoader.load(text: types, file: "staff.types.yaml"))
            try ConfigLoader().apply(
                text: "employees:\n  overrides:\n    department_id: {lookup: departments}\n", file: "staff.forms.yaml",
                to: &configs)
            self.configs = configs
        }

        func schema() throws -> [String] {
            try DatabaseQueue(path: path).read { db in
                try String.fetchAll(
                    db, sql: "SELECT name || ': ' || coalesce(sql, '') FROM sqlite_master ORDER BY name")
            }
        }

        func execute(_ sql: String) throws {
            try DatabaseQueue(path: path).write { db in try db.execute(sql: sql) }
        }
    }

    @Test func itsRowsAreRecordsSavedAtTheVersionTheEditorSaw() async throws {
        let place = try Place()
        defer { try? FileManager.default.removeItem(atPath: place.path) }
        let before = try place.schema()
        let store = try SQLiteRecordStore(path: place.path, typeName: "employees", configs: place.configs)
        let ada = try #require(try await store.load(id: 41))
        #expect(ada.values["name"] == .string("Ada") && ada.values["active"] == .bool(true))
        #expect(ada.values["department_id"] == .int(7))
        #expect(ada.values["role"] == .string("member"), "an enumeration in a text column, as its text")
        #expect(try await store.list(RecordQuery(search: "gra")).map(\.id) == [42])
        #expect(try await store.list(RecordQuery(sort: [RecordSort("name", ascending: false)])).map(\.id) == [42, 41])

        let older: FormValue = .record([
            "name": .string("Ada"), "age": .int(37), "active": .bool(true), "hired": try #require(ada.values["hired"]),
            "department_id": .int(7), "role": .string("admin"),
        ])
        let saved = try await store.update(id: 41, with: older, expecting: ada.version)
        #expect(saved.values["age"] == .int(37) && saved.version != ada.version)
        // A stale version (the row as it was before that save) changes nothing.
        await #expect(throws: RecordStoreError.conflict(current: saved)) {
            try await store.update(id: 41, with: ada.values, expecting: ada.version)
        }
        // Another program changes the row: the version the editor saw is stale.
        try place.execute("UPDATE employees SET badge = 'A-2', age = 38 WHERE id = 41")
        let changed = try #require(try await store.load(id: 41))
        await #expect(throws: RecordStoreError.conflict(current: changed)) {
            try await store.delete(id: 41, expecting: saved.version)
        }
        let badge = try await DatabaseQueue(path: place.path).read { db in
            try String.fetchOne(db, sql: "SELECT badge FROM employees WHERE id = 41")
        }
        #expect(badge == "A-2", "a column the type has no property for is left as it is")

        let role = try await DatabaseQueue(path: place.path).read { db in
            try String.fetchOne(db, sql: "SELECT role FROM employees WHERE id = 41")
        }
        #expect(role == "admin")
        let new = try await store.insert(
            .record(["name": .string("Edsger"), "active": .bool(true), "role": .string("member")]))
        #expect(new.id == 43)
        try await store.delete(id: new.id, expecting: new.version)
        #expect(try await store.load(id: 43) == nil)
        #expect(try place.schema() == before, "the table is not altered")
    }

    @Test func aTableItCannotUseAsItIsIsRefusedUnchanged() throws {
        let place = try Place()
        defer { try? FileManager.default.removeItem(atPath: place.path) }
        try place.execute("CREATE TABLE badges (code TEXT PRIMARY KEY, colour TEXT)")
        let before = try place.schema()
        let types = "types:\n  employees: {name: String, nickname: String?}\n  badges: {colour: String?}\n"
        let configs = ConfigDictionary(try TypeDefinitionLoader.load(text: types, file: "t.types.yaml"))
        #expect(
            throws: RecordStoreError.incompatibleTable(
                "employees", reason: "it has no column 'nickname' (and ModelForm changes no table it did not make)")
        ) { try SQLiteRecordStore(path: place.path, typeName: "employees", configs: configs) }
        #expect(
            throws: RecordStoreError.incompatibleTable(
                "badges",
                reason:
                    "it has no integer primary key to tell its records apart (and ModelForm changes no table it did not make)"
            )
        ) { try SQLiteRecordStore(path: place.path, typeName: "badges", configs: configs) }
        #expect(try place.schema() == before)
    }
}
