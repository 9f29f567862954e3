import Foundation
import TestFixtures
import Testing

/// `modelform export TYPES --database F.sqlite`: a document for every record of every type,
/// named after the record (`Employee-1.html`), each related record's document beside it, each
/// lookup (to-one and to-many) a link to its record's document, an index of them all; the
/// records' text escaped for the format.
@Suite struct ExportRecordsTests {
    /// Employees with a department (a lookup), tags (a to-many lookup) and an address (a
    /// related record, stored in the employee's row).
    static func folder() throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("modelform-export-db-\(UUID())").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try """
        root: Employee
        types:
          Employee:
            name: String
            department: Int?
            tags: "[Int]"
            address: Address?
          Address:
            city: String
          Department:
            name: String
            founded: Date?
          Tag:
            name: String

        """.write(toFile: folder + "/staff.types.yaml", atomically: true, encoding: .utf8)
        try "Employee:\n  overrides:\n    department: {lookup: Department}\n    tags: {lookup: Tag}\n".write(
            toFile: folder + "/staff.forms.yaml", atomically: true, encoding: .utf8)
        // The tables, as ModelForm makes them; then the rows.
        for (type, answers) in [("Department", ["x", "", "y"]), ("Tag", ["x", "y"])] {
            let made = try EditRecordTests.edit(["--type", type, "--record", "new"], in: folder, answers: answers)
            try #require(made.status == 0, "\(made)")
        }
        let made = try EditRecordTests.edit(["--record", "new"], in: folder, answers: ["x", "", "0", "", "y"])
        try #require(made.status == 0, "\(made)")
        _ = try EditRecordTests.sqlite(
            """
            DELETE FROM Employee; DELETE FROM Department; DELETE FROM Tag;
            INSERT INTO Department (_id, _version, name) VALUES (1, 1, 'Research'), (2, 1, '<script>alert(1)</script> *R&D*');
            INSERT INTO Tag (_id, _version, name) VALUES (1, 1, 'remote'), (2, 1, 'lead');
            INSERT INTO Employee (_id, _version, name, department, tags, address)
              VALUES (1, 1, 'Ada', 1, '[1,2]', '{"city":"London"}'), (2, 1, 'Grace', 2, '[]', NULL);
            """, in: folder)
        return folder
    }

    static func export(_ arguments: [String], in folder: String) throws -> EditRecordTests.Run {
        try EditRecordTests.edit(arguments, in: folder, answers: [], command: "export")
    }

    static func read(_ path: String) -> String { (try? String(contentsOfFile: path, encoding: .utf8)) ?? "" }

    @Test func everyRecordIsADocumentAndEveryLookupALink() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let run = try Self.export(["--output", "site"], in: folder)
        #expect(run.status == 0 && run.output == "wrote 8 files to site\n", "\(run)")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder + "/site").sorted()
        #expect(
            files == [
                ".modelform-export", "Department-1.html", "Department-2.html", "Employee-1-address.html",
                "Employee-1.html", "Employee-2.html", "Tag-1.html", "Tag-2.html", "index.html",
            ])
        let ada = Self.read(folder + "/site/Employee-1.html")
        #expect(ada.contains("<h1>Employee: Ada</h1>"))
        #expect(ada.contains("<dt>Department</dt><dd><a href=\"Department-1.html\">Research</a></dd>"), "\(ada)")
        #expect(ada.contains("<a href=\"Tag-1.html\">remote</a>, <a href=\"Tag-2.html\">lead</a>"))
        #expect(ada.contains("<a href=\"Employee-1-address.html\">"))
        #expect(Self.read(folder + "/site/Employee-1-address.html").contains("London"))
        let grace = Self.read(folder + "/site/Employee-2.html")
        #expect(
            grace.contains(
                "<a href=\"Department-2.html\">&lt;script&gt;alert(1)&lt;/script&gt; *R&amp;D*</a>"), "\(grace)")
        #expect(!grace.contains("<script>"))
        let index = Self.read(folder + "/site/index.html")
        for (file, title) in [
            ("Employee-1.html", "Employee: Ada"), ("Employee-2.html", "Employee: Grace"),
            ("Department-1.html", "Department: Research"), ("Tag-2.html", "Tag: lead"),
        ] {
            #expect(index.contains("<a href=\"\(file)\">\(title)</a>"), "\(file) in\n\(index)")
        }
    }

    /// The documents and the index pass the Nu HTML Checker and axe-core.
    @Test(.enabled(if: ProcessInfo.processInfo.environment["MODELFORM_EXTERNAL_CHECKS"] == "1"))
    func theDocumentsPassNuAndAxe() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(try Self.export(["--output", "site"], in: folder).status == 0)
        try ExternalCheckers.checkPages(
            ["index", "Employee-1", "Employee-2", "Employee-1-address", "Department-2", "Tag-1"].map {
                ($0, Self.read(folder + "/site/\($0).html"))
            })
    }

    @Test func markdownLinksTheSameWayAndEscapes() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let run = try Self.export(["--output", "docs", "--format", "markdown"], in: folder)
        #expect(run.status == 0, "\(run)")
        let ada = Self.read(folder + "/docs/Employee-1.md")
        #expect(ada.contains("| Department | [Research](Department-1.md) |"), "\(ada)")
        #expect(ada.contains("☑ [remote](Tag-1.md) · ☑ [lead](Tag-2.md)"))
        let grace = Self.read(folder + "/docs/Employee-2.md")
        #expect(
            grace.contains("| Department | [\\<script\\>alert(1)\\</script\\> \\*R\\&D\\*](Department-2.md) |"),
            "\(grace)")
        #expect(
            Self.read(folder + "/docs/index.md").hasPrefix("# Employee records\n\n- [Employee: Ada](Employee-1.md)\n"))
    }

    @Test(arguments: [
        (["--output", "site", "--editable"], "--editable draws forms for a values file", Int32(64)),
        (["--output", "site", "--data", "x.values.yaml"], "give one of --data and --database", 64),
        (["--output", "staff.types.yaml"], "staff.types.yaml: error: exists and is not a folder", 2),
    ])
    func whatItCannotDoIsAClearError(arguments: [String], message: String, status: Int32) throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let run = try Self.export(arguments, in: folder)
        #expect(run.status == status && run.errors.contains(message), "\(run)")
        #expect(!FileManager.default.fileExists(atPath: folder + "/site"))
    }
}

extension ExportRecordsTests {
    /// A record that cannot be read (a value another program wrote) has a document in its
    /// place that says why, so a lookup's link to it leads somewhere; the others are as ever.
    @Test(arguments: [("site", "html"), ("docs", "md")])
    func aRecordThatCannotBeReadIsADocumentThatSaysWhy(_ output: String, _ fileExtension: String) throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        _ = try EditRecordTests.sqlite("UPDATE Department SET founded = 'in the sixties' WHERE _id = 2", in: folder)
        let format = fileExtension == "md" ? ["--format", "markdown"] : []
        let run = try Self.export(["--output", output] + format, in: folder)
        #expect(run.status == 0 && run.errors.contains("so Department #2 has no document"), "\(run)")
        // Markdown escapes the `#`; the reason is a code block there, a <pre> in HTML.
        let heading = fileExtension == "md" ? ##"Department \#2 cannot be read"## : "Department #2 cannot be read"
        let notice = Self.read(folder + "/\(output)/Department-2.\(fileExtension)")
        #expect(
            notice.contains(heading) && notice.contains("in the sixties") && notice.contains("is not a date"),
            "\(notice)")
        let grace = Self.read(folder + "/\(output)/Employee-2.\(fileExtension)")
        #expect(grace.contains("Department-2.\(fileExtension)"), "\(grace)")
        #expect(Self.read(folder + "/\(output)/index.\(fileExtension)").contains(heading))
        if fileExtension == "html", ProcessInfo.processInfo.environment["MODELFORM_EXTERNAL_CHECKS"] == "1" {
            try ExternalCheckers.checkPages([("Department-2", notice)])
        }
    }
}
