import Foundation
import ModelForm
import ModelFormRecords
import ModelFormSQLite
import ModelFormServer
import TestFixtures
import Testing

/// A record another program wrote that its type cannot read (an email that is not one) does
/// not take the pages down: the change list shows it, marked; its lookup stays a choice; and a
/// delete that would have to write it (clearing its lookup) is refused with nothing changed.
@Suite struct UnreadableRecordTests {
    struct Department: Codable {
        var name = ""
    }
    struct Employee: Codable {
        var name = ""
        var email = ""
        var department: Reference<Department>?
    }
    struct Company: Codable {
        var department: Department
        var employees: [Employee]
    }

    struct Served {
        var server: RecordServer
        var departments: SQLiteRecordStore
        var employees: SQLiteRecordStore
    }

    /// Research (1) holds Ada (1) and Bob (2), whose email another program wrote.
    static func served(at path: String) async throws -> Served {
        var configs = try ConfigDictionary(describing: Company.self)
        try configs["Employee"]?.update("email") { $0.type = .email }
        try configs["Employee"]?.update("department") { $0.onDelete = .clear }
        var plain = configs
        try plain["Employee"]?.update("email") { $0.type = .text }
        let departments = try SQLiteRecordStore(path: path, typeName: "Department", configs: configs)
        _ = try await departments.insert(.record(["name": .string("Research")]))
        let other = try SQLiteRecordStore(path: path, typeName: "Employee", configs: plain)
        for (name, email) in [("Ada", "ada@example.com"), ("Bob", "not an address")] {
            _ = try await other.insert(
                .record(["name": .string(name), "email": .string(email), "department": .int(1)]))
        }
        let employees = try SQLiteRecordStore(sharing: departments, typeName: "Employee", configs: configs)
        let server = RecordServer(
            configs: configs,
            tables: [
                RecordServer.Table(typeName: "Department", records: departments),
                RecordServer.Table(typeName: "Employee", records: employees),
            ], secret: BrowserSession.secret)
        return Served(server: server, departments: departments, employees: employees)
    }

    static func temporaryPath() -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("company-\(UUID()).sqlite").path
    }

    @Test func theChangeListShowsItMarked() async throws {
        let path = Self.temporaryPath()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let served = try await Self.served(at: path)
        let list = await BrowserSession(served.server).get("/Employee/")
        #expect(list.status == 200, "\(list.text)")
        #expect(
            list.text.contains(#"<a href="/Employee/2">Bob</a> <strong class="mf-error">(cannot be read)</strong>"#))
        #expect(list.text.components(separatedBy: "(cannot be read)").count == 2, "Ada reads")
        let page = await BrowserSession(served.server).get("/Employee/1")
        #expect(page.status == 200, "\(page.text)")
    }

    @Test func aDeleteThatWouldWriteItIsRefusedWithNothingChanged() async throws {
        let path = Self.temporaryPath()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let served = try await Self.served(at: path)
        let browser = BrowserSession(served.server)
        let question = await browser.get("/Department/delete/1")
        #expect(
            question.text.contains(
                "“Research” cannot be deleted here: deleting it would clear the reference of these records, and they cannot be read"
            ), "\(question.text)")
        #expect(question.text.contains(#"<a href="/Employee/2">Bob</a>"#))
        let answer = await browser.post("/Department/delete/1", [])
        #expect(answer.status != 303, "\(answer.text)")
        #expect(try await served.departments.load(id: 1) != nil)
        #expect(try await served.employees.load(id: 1)?.values["department"] == .int(1))
    }
}
