import Foundation
import Testing

/// `modelform edit TYPES --database F.sqlite --record ID|new`: one record edited in the
/// terminal (here one question per field), its lookup a choice among the other type's
/// records by name; saved as an insert or as an update at the version read, which someone
/// else's save since refuses with nothing written.
@Suite struct EditRecordTests {
    struct Run {
        var status: Int32
        var output: String
        var errors: String
    }

    /// The built `modelform` in `folder`, `answers` written to its standard input one line
    /// at a time; `between` runs after `pause` lines are written.
    static func edit(
        _ arguments: [String], in folder: String, answers: [String], pause: Int? = nil, between: () throws -> Void = {},
        command: String = "edit"
    ) throws -> Run {
        let process = Process()
        process.executableURL = EndToEndTests.binary
        process.arguments = [command, "staff.types.yaml", "--database", "staff.sqlite"] + arguments
        process.currentDirectoryURL = URL(fileURLWithPath: folder)
        let input = Pipe()
        let output = Pipe()
        let errors = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = errors
        // A command that stops early closes its input: a write then fails instead of
        // ending the test process.
        signal(SIGPIPE, SIG_IGN)
        try process.run()
        for (index, answer) in answers.enumerated() {
            if index == pause { try between() }
            try? input.fileHandleForWriting.write(contentsOf: Data((answer + "\n").utf8))
        }
        try? input.fileHandleForWriting.close()
        let out = output.fileHandleForReading.readDataToEndOfFile()
        let err = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Run(
            status: process.terminationStatus, output: String(decoding: out, as: UTF8.self),
            errors: String(decoding: err, as: UTF8.self))
    }

    /// `folder` (a new one by default) with the staff types: Employee, whose department is a
    /// lookup of a Department.
    static func folder(_ folder: String? = nil) throws -> String {
        let folder =
            folder ?? FileManager.default.temporaryDirectory.appendingPathComponent("modelform-edit-db-\(UUID())").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try
            "root: Employee\ntypes:\n  Employee:\n    name: String\n    department: Int?\n  Department:\n    name: String\n"
            .write(toFile: folder + "/staff.types.yaml", atomically: true, encoding: .utf8)
        try "Employee:\n  overrides:\n    department: {lookup: Department}\n".write(
            toFile: folder + "/staff.forms.yaml", atomically: true, encoding: .utf8)
        return folder
    }

    static func sqlite(_ sql: String, in folder: String) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/sqlite3")
        process.arguments = [folder + "/staff.sqlite", sql]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }

    @Test func aRecordIsAddedAndEditedWithItsLookupChosenByName() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let department = try Self.edit(
            ["--type", "Department", "--record", "new"], in: folder, answers: ["Research", "y"])
        #expect(department.status == 0 && department.output.hasSuffix("added Department 1\n"), "\(department)")
        let added = try Self.edit(["--record", "new"], in: folder, answers: ["Ada", "1", "y"])
        #expect(added.output.contains("0) None  1) Research"), "the lookup is a choice by name: \(added.output)")
        #expect(added.status == 0 && added.output.hasSuffix("added Employee 1\n"), "\(added)")
        let same = try Self.edit(["--record", "1"], in: folder, answers: ["", "", "y"])
        #expect(same.output.contains("Department (a number) [Research]"), "\(same.output)")
        #expect(same.output.hasSuffix("no changes\n"))
        let saved = try Self.edit(["--record", "1"], in: folder, answers: ["Ada L.", "0", "y"])
        #expect(saved.status == 0 && saved.output.hasSuffix("saved Employee 1: name, department\n"), "\(saved)")
        #expect(try Self.sqlite("SELECT name, department IS NULL FROM Employee", in: folder) == "Ada L.|1\n")
        let cancelled = try Self.edit(["--record", "1"], in: folder, answers: ["Grace", "", "n"])
        #expect(cancelled.status == 130 && cancelled.output.hasSuffix("cancelled; Employee 1 is unchanged\n"))
        _ = try Self.edit(["--record", "1"], in: folder, answers: ["", "1", "y"])
        let rendered = try Self.edit(
            ["--record", "1", "--format", "markdown"], in: folder, answers: [], command: "render")
        #expect(rendered.status == 0 && rendered.output.contains("| Department | Research |"), "by name: \(rendered)")
    }

    @Test func someoneElsesSaveSinceItWasReadIsAConflictAndNothingIsWritten() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let added = try Self.edit(["--record", "new"], in: folder, answers: ["Ada", "", "y"])
        #expect(added.status == 0, "\(added)")
        let refused = try Self.edit(["--record", "1"], in: folder, answers: ["Grace", "", "y"], pause: 2) {
            // Another program saves the record while the editor asks.
            Thread.sleep(forTimeInterval: 0.5)
            _ = try Self.sqlite("UPDATE Employee SET name = 'Bob', _version = _version + 1", in: folder)
        }
        #expect(refused.status == 1, "\(refused)")
        #expect(
            refused.errors.contains(
                "error: staff.sqlite: Employee 1 was changed or deleted by someone else since it was read; nothing was saved"
            ), "\(refused.errors)")
        #expect(try Self.sqlite("SELECT name FROM Employee", in: folder) == "Bob\n")
    }

    @Test(arguments: [
        (["--record", "9"], "error: staff.sqlite: there is no Employee record 9", Int32(1)),
        (["--record", "07"], "error: --record 07: a record's id (1, 2, ...) or new", 1),
        (["--type", "Nobody"], "error: unknown type 'Nobody'", 1),
    ])
    func aRecordItCannotEditIsAClearError(arguments: [String], message: String, status: Int32) throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let run = try Self.edit(arguments, in: folder, answers: [])
        #expect(run.status == status && run.errors.contains(message), "\(run)")
    }
}
