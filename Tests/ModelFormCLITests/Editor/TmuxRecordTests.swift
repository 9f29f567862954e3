import Foundation
import Testing

/// The records of a database in the terminal, full screen in tmux at 80x24: one record's
/// form (`--record`), and the list of a type's records it opens from.
@Suite struct TmuxRecordTests {
    static let hasTmux = FileManager.default.isExecutableFile(atPath: "/usr/bin/tmux")

    /// A record of a database edited full screen: a name typed, the department lookup chosen
    /// by name in its picker, Ctrl-S an update of the record.
    @Test(.enabled(if: Self.hasTmux)) func aRecordOfADatabaseIsEditedFullScreen() throws {
        let terminal = try TmuxTerminal(fixture: "trip")
        defer { terminal.close() }
        _ = try EditRecordListTests.staff(departments: ["Research", "Sales"], employees: ["Ada"], in: terminal.folder)
        try terminal.start("edit staff.types.yaml --database staff.sqlite --record 1")
        for (text, keys) in [
            ("› Name", ["Enter", "C-u", "Ada Lovelace", "Enter"]),
            ("Name        Ada Lovelace", ["Down", "Enter"]),
            ("Sales", ["S", "a", "l", "Enter"]),
            ("Department  Sales", ["C-s"]),
        ] {
            let screen = terminal.waitFor(text)
            try #require(screen.contains(text), "waited for \(text) on\n\(screen)")
            try terminal.send(keys)
        }
        #expect(terminal.waitForFile("status.txt") == "EXIT 0\n")
        #expect(
            try EditRecordTests.sqlite("SELECT name, department FROM Employee", in: terminal.folder)
                == "Ada Lovelace|2\n")
        #expect(terminal.waitForFile("after.txt") == terminal.read("before.txt"))
    }

    /// The list: a record opened, renamed and saved (back on the list, focused); a search;
    /// a delete the lookup refuses, then one it allows; a new record; q quits with the
    /// terminal restored.
    @Test(.enabled(if: Self.hasTmux)) func theListOpensSearchesAddsAndDeletesRecords() throws {
        let terminal = try TmuxTerminal(fixture: "trip")
        defer { terminal.close() }
        _ = try EditRecordListTests.staff(
            departments: ["Research", "Sales"], employees: ["Ada", "Grace", "Linus"], in: terminal.folder)
        try terminal.start("edit staff.types.yaml --database staff.sqlite")
        for (text, keys) in [
            ("› Ada    Research", ["Down", "Enter"]),
            ("› Name        Grace", ["Enter", "C-u", "Grace Hopper", "Enter", "C-s"]),
            ("saved Employee 2: name", ["/", "l", "i", "n", "Enter"]),
            ("Employee · 1 record matching “lin”", ["d"]),
            ("Delete Employee “Linus”? (y deletes)", ["y"]),
            ("Deleted Employee “Linus”.", ["Escape"]),
            ("Employee · 2 records", ["a"]),
            ("› Name", ["Enter", "Margaret", "Enter", "C-s"]),
            ("added Employee 4", ["q"]),  // Linus's 3 is never given again
        ] {
            let screen = terminal.waitFor(text)
            try #require(screen.contains(text), "waited for \(text) on\n\(screen)")
            try terminal.send(keys)
        }
        #expect(terminal.waitForFile("status.txt") == "EXIT 0\n")
        #expect(
            try EditRecordTests.sqlite("SELECT _id, name FROM Employee ORDER BY _id", in: terminal.folder)
                == "1|Ada\n2|Grace Hopper\n4|Margaret\n")
        #expect(terminal.waitForFile("after.txt") == terminal.read("before.txt"))
        let departments = try TmuxTerminal(fixture: "trip")
        defer { departments.close() }
        _ = try EditRecordListTests.staff(departments: ["Research"], employees: ["Ada"], in: departments.folder)
        try departments.start("edit staff.types.yaml --database staff.sqlite --type Department")
        let refused = "by Department: Ada."
        try #require(departments.waitFor("› Research").contains("› Research"), "\(departments.capture())")
        try departments.send(["d"])
        #expect(departments.waitFor(refused).contains(refused), "\(departments.capture())")
        try departments.send(["q"])
        #expect(departments.waitForFile("status.txt") == "EXIT 0\n")
    }
}
