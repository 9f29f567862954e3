import Foundation
import Testing

/// `modelform import --database`: a SQLite file made by another program (the `sqlite3`
/// shell) becomes NAME.types.yaml and NAME.forms.yaml that the other commands take.
@Suite struct ImportDatabaseTests {
    static func sqlite(_ sql: String, at path: String) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["sqlite3", path, sql]
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
    }

    @Test func aDatabaseItDidNotMakeIsImported() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("modelform-import-\(UUID())").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try Self.sqlite(
            """
            CREATE TABLE departments (id INTEGER PRIMARY KEY, name TEXT NOT NULL);
            CREATE TABLE employees (id INTEGER PRIMARY KEY, name TEXT NOT NULL, hired DATE DEFAULT CURRENT_DATE,
              department_id INTEGER REFERENCES departments(id));
            """, at: folder + "/staff.sqlite")
        let run = CLIRun(["import", "--database", "staff.sqlite", "--output", "forms"], directory: folder)
        #expect(run.status == 0, "\(run.errors)")
        #expect(
            run.output == "wrote staff.types.yaml and staff.forms.yaml to forms (2 tables, root type departments)\n")
        #expect(
            run.errors
                == "staff.sqlite: note: employees.hired: its default CURRENT_DATE is the database's own; the form starts it empty\n"
        )
        let forms = try String(contentsOfFile: folder + "/forms/staff.forms.yaml", encoding: .utf8)
        #expect(forms.contains("department_id:\n      lookup: departments\n      title: Department"), "\(forms)")
        let described = CLIRun(["describe", "forms/staff.types.yaml", "--type", "employees"], directory: folder)
        #expect(described.status == 0, "\(described.errors)")
        #expect(described.output.contains("lookup: departments"), "\(described.output)")
    }

    @Test(arguments: [
        (["import"], 64, "import needs a JSON Schema file or --database FILE"),
        (["import", "a.schema.json", "--database", "a.sqlite"], 64, "not both"),
        (
            ["import", "--database", "postgres://localhost/app"], 64,
            "importing a PostgreSQL database's tables is not there yet"
        ),
        (["import", "--database", "missing.sqlite"], 2, "error: missing.sqlite: the database is unavailable: "),
    ])
    func whatItCannotImportIsAClearError(arguments: [String], status: Int32, message: String) {
        let run = CLIRun(arguments + ["--output", FileManager.default.temporaryDirectory.path + "/unused-\(UUID())"])
        #expect(run.status == status, "\(arguments): \(run.errors)")
        #expect(run.errors.contains(message), "\(run.errors)")
    }
}
