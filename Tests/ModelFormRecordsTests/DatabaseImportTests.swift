import Foundation
import GRDB
import ModelForm
import ModelFormRecords
import ModelFormSQLite
import ModelFormYAML
import Testing

/// `modelform import --database`'s reading: a SQLite file's tables become a type definition
/// and a forms file that load, with foreign keys as lookups, CHECK lists as enumerations,
/// literal defaults, and a note for what they cannot say; the file is not written.
@Suite struct DatabaseImportTests {
    static let schema = """
        CREATE TABLE departments (id INTEGER PRIMARY KEY, name TEXT NOT NULL, floor INTEGER);
        CREATE TABLE employees (
          id INTEGER PRIMARY KEY AUTOINCREMENT,
          name VARCHAR(80) NOT NULL,
          email TEXT UNIQUE,
          role TEXT NOT NULL DEFAULT 'member' CHECK (role IN ('admin', 'member', 'o''brien')),
          salary NUMERIC(10,2),
          rating REAL DEFAULT 2.5,
          active BOOLEAN NOT NULL DEFAULT 1,
          hired DATE DEFAULT CURRENT_DATE,
          "department_id" INTEGER REFERENCES departments(id) ON DELETE SET NULL,
          badge TEXT REFERENCES badges(code),
          photo BLOB,
          extra
        );
        CREATE TABLE badges (code TEXT PRIMARY KEY, colour TEXT DEFAULT ('it''s' || 'x'));
        CREATE TABLE shifts (
          id INTEGER PRIMARY KEY,
          employee_id INTEGER NOT NULL REFERENCES employees(id) ON DELETE CASCADE,
          lead_id INTEGER NOT NULL REFERENCES employees(id) ON DELETE SET NULL,
          room_id INTEGER REFERENCES departments(id) ON DELETE RESTRICT
        );
        """

    static func database() throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("import-\(UUID()).sqlite").path
        try DatabaseQueue(path: path).write { db in try db.execute(sql: schema) }
        return path
    }

    static let expectedTypes = """
        root: badges
        types:
          badges:
            code: String?
            colour: String?
          departments:
            name: String
            floor: Int?
          employees:
            name: String
            email: String?
            role:
              enum: [admin, member, o'brien]
            salary: Decimal?
            rating: Double?
            active: Bool
            hired: Date?
            department_id: Int?
            badge: String?
            photo: Data?
            extra: JSON
          shifts:
            employee_id: Int
            lead_id: Int
            room_id: Int?

        """

    static let expectedForms = """
        employees:
          overrides:
            role:
              default: member
            rating:
              default: 2.5
            active:
              default: true
            department_id:
              lookup: departments
              title: Department
              onDelete: clear
        shifts:
          overrides:
            employee_id:
              lookup: employees
              title: Employee
              onDelete: cascade
            lead_id:
              lookup: employees
              title: Lead
            room_id:
              lookup: departments
              title: Room

        """

    @Test func aDatabasesTablesBecomeTypesAndForms() throws {
        let path = try Self.database()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        let imported = DatabaseImport(tables: try SQLiteCatalog.tables(path: path))
        #expect(try YAMLEmitter.emit(imported.types) == Self.expectedTypes)
        #expect(try YAMLEmitter.emit(imported.forms) == Self.expectedForms)
        #expect(
            imported.notes == [
                "badges.colour: its default 'it''s' || 'x' is the database's own; the form starts it empty",
                "badges: it has no integer primary key, so its records cannot be told apart by id",
                "employees.hired: its default CURRENT_DATE is the database's own; the form starts it empty",
                "employees.badge: its foreign key to 'badges' is not a lookup (a lookup holds an integer id of a table here)",
                "shifts.lead_id: its foreign key's ON DELETE SET NULL is not a delete policy here; a delete is refused while a record refers",
            ])
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before, "read, not written")

        // The two files load: a lookup, a default, an enumeration.
        var configs = try ConfigDictionary(
            TypeDefinitionLoader.load(text: try YAMLEmitter.emit(imported.types), file: "staff.types.yaml"))
        try ConfigLoader().apply(text: try YAMLEmitter.emit(imported.forms), file: "staff.forms.yaml", to: &configs)
        let employee = try #require(configs["employees"])
        #expect(employee.field("department_id")?.lookup == "departments")
        #expect(employee.field("department_id")?.title == "Department")
        #expect(employee.field("department_id")?.onDelete == .clear)
        #expect(configs["shifts"]?.field("employee_id")?.onDelete == .cascade)
        #expect(configs["shifts"]?.field("room_id")?.onDelete == .refuse)
        #expect(employee.field("active")?.defaultValue == .bool(true))
        #expect(
            employee.field("role")?.options.map(\.value) == [.string("admin"), .string("member"), .string("o'brien")])
    }

    @Test(arguments: [
        ("INTEGER", "Int"), ("bigint", "Int"), ("serial", "Int"), ("VARCHAR(40)", "String"),
        ("character varying", "String"), ("uuid", "String"), ("BOOLEAN", "Bool"), ("boolean", "Bool"),
        ("DATE", "Date"), ("timestamp with time zone", "Date"), ("DATETIME", "String"), ("time", "String"),
        ("timestamp without time zone", "Date"), ("TIMESTAMP", "String"), ("time without time zone", "String"),
        ("REAL", "Double"), ("double precision", "Double"), ("FLOAT", "Double"), ("NUMERIC(10,2)", "Decimal"),
        ("decimal", "Decimal"), ("BLOB", "Data"), ("bytea", "Data"), ("jsonb", "JSON"), ("JSON TEXT", "JSON"),
        ("", "JSON"), ("GEOMETRY", "String"),
    ])
    func aDeclaredTypeIsReadAsBothDatabasesNameIt(declared: String, type: String) throws {
        let imported = DatabaseImport(tables: [
            CatalogTable(name: "t", columns: [CatalogColumn(name: "c", declaredType: declared, isNotNull: true)])
        ])
        #expect(try YAMLEmitter.emit(imported.types) == "root: t\ntypes:\n  t:\n    c: \(type)\n", "\(declared)")
    }

    @Test func aTableModelFormMadeReadsBackAsItsType() async throws {
        struct Person: Codable {
            var name = ""
            var age = 0
            var nickname: String?
        }
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("import-\(UUID()).sqlite").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let store = try SQLiteRecordStore(
            path: path, typeName: "Person", configs: try ConfigDictionary(describing: Person.self))
        _ = try await store.insert(.record(["name": .string("Ada"), "age": .int(36)]))
        let imported = DatabaseImport(tables: try SQLiteCatalog.tables(path: path))
        // A subform or a list would be free JSON: the table keeps no more than JSON text.
        #expect(
            try YAMLEmitter.emit(imported.types)
                == "root: Person\ntypes:\n  Person:\n    name: String?\n    age: Int?\n    nickname: String?\n")
        #expect(imported.notes.isEmpty)
    }

    @Test func aFileThatIsNoDatabaseIsAnError() throws {
        #expect(throws: RecordStoreError.unavailable("/no/such/file.sqlite: no such file")) {
            try SQLiteCatalog.tables(path: "/no/such/file.sqlite")
        }
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("import-\(UUID()).sqlite").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        try "not a database, only text".write(toFile: path, atomically: true, encoding: .utf8)
        #expect(throws: (any Error).self) { try SQLiteCatalog.tables(path: path) }
    }
}
