import Foundation
import Testing

/// `modelform edit TYPES --database F.sqlite` without `--record`: the type's records listed
/// (here numbered, one question at a time), each opened, a new one added, the list searched
/// and paged, a record deleted after a question that says what goes with it, the lookups'
/// delete policies kept.
@Suite struct EditRecordListTests {
    /// A folder (a new one, or `folder`) with the staff types, `departments` and `employees`
    /// (each in the first department).
    static func staff(departments: [String], employees: [String], in folder: String? = nil) throws -> String {
        let folder = try EditRecordTests.folder(folder)
        for name in departments {
            let added = try EditRecordTests.edit(
                ["--type", "Department", "--record", "new"], in: folder, answers: [name, "y"])
            try #require(added.status == 0, "\(added)")
        }
        var sql = ""
        for (index, name) in employees.enumerated() {
            let quoted = "'" + name.replacingOccurrences(of: "'", with: "''") + "'"
            sql += "INSERT INTO Employee (_id, name, department, _version) VALUES (\(index + 1), \(quoted), 1, 1);"
        }
        if !employees.isEmpty {
            _ = try EditRecordTests.edit(["--record", "new"], in: folder, answers: ["Seed", "", "y"])
            _ = try EditRecordTests.sqlite("DELETE FROM Employee;" + sql, in: folder)
        }
        return folder
    }

    @Test func aRecordIsOpenedAddedSearchedAndDeletedFromTheList() throws {
        let folder = try Self.staff(departments: ["Research", "Sales"], employees: ["Ada", "Grace", "Linus"])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let run = try EditRecordTests.edit(
            [], in: folder,
            answers: [
                "2", "Grace Hopper", "2", "y",  // open Grace, rename, move to Sales, save
                "a", "Margaret", "1", "y",  // add one
                "/ hop",  // search
                "d1", "y",  // delete the one found
                "/", "q",
            ])
        #expect(run.status == 0, "\(run)")
        #expect(
            run.output.contains(
                "Employee: 3 records\n  1. Ada · Research\n  2. Grace · Research\n  3. Linus · Research\n"))
        #expect(run.output.contains("saved Employee 2: name, department\n"), "\(run.output)")
        #expect(run.output.contains("added Employee 4\n"))
        #expect(run.output.contains("Employee: 1 record matching “hop”\n  1. Grace Hopper · Sales\n"))
        #expect(run.output.contains("Delete Employee “Grace Hopper”? [y/N]: Deleted Employee “Grace Hopper”.\n"))
        #expect(
            run.output.hasSuffix(
                "Employee: 3 records\n  1. Ada · Research\n  2. Linus · Research\n  3. Margaret · Research\n"
                    + "a number opens a record; d and a number deletes one; a adds one; / and words search; q quits: "))
        #expect(
            try EditRecordTests.sqlite("SELECT _id, name, department FROM Employee ORDER BY _id", in: folder)
                == "1|Ada|1\n3|Linus|1\n4|Margaret|1\n")
    }

    @Test func aDeleteOthersReferToIsRefusedAndNothingChanges() throws {
        let folder = try Self.staff(departments: ["Research"], employees: ["Ada"])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let run = try EditRecordTests.edit(["--type", "Department"], in: folder, answers: ["d1", "q"])
        #expect(run.status == 0, "\(run)")
        #expect(
            run.output.contains(
                "“Research” cannot be deleted: other records refer to it. Change or delete them first. 1 record of Employee by Department: Ada.\n"
            ), "\(run.output)")
        #expect(try EditRecordTests.sqlite("SELECT count(*) FROM Department", in: folder) == "1\n")
    }

    @Test func aCascadeIsSaidBeforeItIsDone() throws {
        let folder = try Self.staff(departments: ["Research"], employees: ["Ada", "Grace"])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try "Employee:\n  overrides:\n    department: {lookup: Department, onDelete: cascade}\n".write(
            toFile: folder + "/staff.forms.yaml", atomically: true, encoding: .utf8)
        let kept = try EditRecordTests.edit(["--type", "Department"], in: folder, answers: ["d1", "n", "q"])
        #expect(
            kept.output.contains(
                "Delete Department “Research”? Deleting it also deletes these records (they refer to it, or to a record deleted with it): 2 records of Employee by Department: Ada, Grace. [y/N]: not deleted\n"
            ), "\(kept.output)")
        #expect(try EditRecordTests.sqlite("SELECT count(*) FROM Employee", in: folder) == "2\n")
        let deleted = try EditRecordTests.edit(["--type", "Department"], in: folder, answers: ["d1", "y", "q"])
        #expect(deleted.output.contains("Deleted Department “Research”.\nDepartment: 0 records\n"), "\(deleted.output)")
        #expect(try EditRecordTests.sqlite("SELECT count(*) FROM Employee", in: folder) == "0\n")
    }

    /// 120 records: pages of 50, `>` and `<` between them, a page past the end not offered.
    @Test func aLongListIsPaged() throws {
        let folder = try Self.staff(departments: ["Research"], employees: (1...120).map { "Person \($0)" })
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let run = try EditRecordTests.edit([], in: folder, answers: [">", ">", ">", "<", "q"])
        #expect(run.output.contains("Employee: 120 records, page 1 of 3\n  1. Person 1 · Research\n"), "\(run.output)")
        #expect(run.output.contains("Employee: 120 records, page 3 of 3\n  1. Person 101 · Research\n"))
        #expect(!run.output.contains("page 4"))
        #expect(run.output.contains("> next page; < previous page; q quits"))
        #expect(
            run.output.hasSuffix(
                "page 2 of 3\n" + (51...100).map { "  \($0 - 50). Person \($0) · Research\n" }.joined()
                    + "a number opens a record; d and a number deletes one; a adds one; / and words search; > next page; < previous page; q quits: "
            ))
    }

    /// A search with SQL and LIKE metacharacters is text; a name with escape sequences is
    /// shown in caret notation; an answer that is none of the choices says so.
    @Test func hostileTextIsOnlyText() throws {
        let folder = try Self.staff(departments: ["Research"], employees: ["a%_\\'b", "x\u{1B}[2Jy"])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let run = try EditRecordTests.edit([], in: folder, answers: ["/ %_\\'", "/", "9", "q"])
        #expect(run.output.contains("Employee: 1 record matching “%_\\'”\n  1. a%_\\'b · Research\n"), "\(run.output)")
        #expect(run.output.contains("  2. x^[[2Jy · Research\n"))
        #expect(!run.output.contains("\u{1B}"))
        #expect(run.output.contains("! '9' is none of these\n"))
    }

    @Test func renderNeedsARecord() throws {
        let folder = try Self.staff(departments: [], employees: [])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let run = try EditRecordTests.edit([], in: folder, answers: [], command: "render")
        #expect(run.status == 64 && run.errors.contains("render --database needs --record ID"), "\(run)")
    }
}
