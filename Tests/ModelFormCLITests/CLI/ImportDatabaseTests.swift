import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

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

    @Test func theImportedModelServesTheDatabaseAsItIs() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("modelform-import-\(UUID())").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try Self.sqlite(
            """
            CREATE TABLE departments (id INTEGER PRIMARY KEY, name TEXT NOT NULL);
            CREATE TABLE employees (id INTEGER PRIMARY KEY, name TEXT NOT NULL,
              department_id INTEGER REFERENCES departments(id));
            CREATE TABLE projects (id INTEGER PRIMARY KEY, title TEXT NOT NULL);
            CREATE TABLE tags (code TEXT PRIMARY KEY);
            INSERT INTO departments VALUES (3, 'Research');
            INSERT INTO employees VALUES (9, 'Ada', 3);
            INSERT INTO projects VALUES (1, 'Engine');
            """, at: folder + "/staff.sqlite")
        let before = try Self.schema(folder + "/staff.sqlite")
        #expect(CLIRun(["import", "--database", "staff.sqlite", "--output", "."], directory: folder).status == 0)
        // The root is departments (the first by name); employees, projects and tags have tables too.
        let served = try ServeCommandTests.Served(
            ["staff.types.yaml", "--database", "staff.sqlite", "--port", "0"], in: folder)
        let address = String(served.firstLine().split(separator: " ").first { $0.hasPrefix("http://") } ?? "")
        let session = URLSession(configuration: .ephemeral)
        let index = try await ServeDatabaseTests.get(address, session: session).page
        for type in ["departments", "employees", "projects"] {
            #expect(index.contains(#"<a href="/\#(type)/">"#), "\(type): \(index)")
        }
        #expect(!index.contains("/tags/"), "no integer primary key: not served")
        let list = try await ServeDatabaseTests.get(address + "employees/", session: session).page
        #expect(list.contains(#"<a href="/employees/9">Ada</a></td><td>Research</td>"#), "\(list)")
        let new = try await ServeDatabaseTests.get(address + "projects/new", session: session)
        let response = try await ServeDatabaseTests.saveNew(
            address, "projects/new", fields: "title=Loom", token: try #require(new.token), session: session)
        #expect(response.url?.path == "/projects/2", "\(String(describing: response.url))")
        #expect(served.stop(removing: false).status == 0)
        #expect(try Self.schema(folder + "/staff.sqlite") == before, "the schema is as it was")
        let errors = String(decoding: served.errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(
            errors.contains(
                "staff.sqlite: note: table 'tags' is not served: table 'tags' does not fit its type: it has no integer primary key"
            ), "\(errors)")
    }

    /// The `sqlite3` shell's `.schema` of a file.
    static func schema(_ path: String) throws -> String {
        let process = Process()
        let output = Pipe()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["sqlite3", path, ".schema"]
        process.standardOutput = output
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return text
    }

    @Test(arguments: [
        (["import"], 64, "import needs a JSON Schema file or --database FILE"),
        (["import", "a.schema.json", "--database", "a.sqlite"], 64, "not both"),
        (["import", "--database", "postgres://localhost/app?ssl=1"], 64, "'ssl=1' is not understood"),
        (["import", "--database", "missing.sqlite"], 2, "error: missing.sqlite: the database is unavailable: "),
    ])
    func whatItCannotImportIsAClearError(arguments: [String], status: Int32, message: String) {
        let run = CLIRun(arguments + ["--output", FileManager.default.temporaryDirectory.path + "/unused-\(UUID())"])
        #expect(run.status == status, "\(arguments): \(run.errors)")
        #expect(run.errors.contains(message), "\(run.errors)")
    }
}
