import Foundation
import ModelForm
import ModelFormRecords
import ModelFormSQLite
import ModelFormServer
import TestFixtures
import Testing

/// Lookups on a `RecordServer`: a `Reference<Department>` is a choice among the departments
/// by name, stored as the id, shown by name in the list; a department others refer to is not
/// deleted (the default policy) until nothing does.
@Suite struct RecordLookupTests {
    struct Department: Codable {
        var name = ""
    }
    struct Employee: Codable {
        var name = ""
        var department: Reference<Department>?
    }

    struct Served {
        var server: RecordServer
        var employees: SQLiteRecordStore
        var departments: SQLiteRecordStore
    }

    static func served(departments names: [String] = ["Sales", "Research"]) async throws -> Served {
        let configs = try ConfigDictionary(describing: Employee.self)
        let employees = try SQLiteRecordStore(path: ":memory:", typeName: "Employee", configs: configs)
        let departments = try SQLiteRecordStore(sharing: employees, typeName: "Department", configs: configs)
        for name in names { _ = try await departments.insert(.record(["name": .string(name)])) }
        _ = try await employees.insert(.record(["name": .string("Ada"), "department": .int(2)]))
        let server = RecordServer(
            configs: configs,
            tables: [
                RecordServer.Table(typeName: "Employee", records: employees),
                RecordServer.Table(typeName: "Department", records: departments),
            ], secret: BrowserSession.secret)
        return Served(server: server, employees: employees, departments: departments)
    }

    @Test func aLookupIsAChoiceAmongTheRecordsByTitleStoredAsTheId() async throws {
        let served = try await Self.served()
        let browser = BrowserSession(served.server)
        let page = await browser.get("/Employee/1")
        #expect(page.status == 200)
        #expect(page.text.contains(#"<option value="">None</option>"#), "\(page.text)")
        #expect(page.text.contains(#"<option value="1">Sales</option>"#))
        #expect(page.text.contains(#"<option value="2" selected>Research</option>"#))
        #expect(
            page.text.contains(#"</select> <a href="/Department/2" class="mf-link">Open Research</a>"#), "navigable")
        let saved = await browser.post("/Employee/1", [("name", "Ada"), ("department", "1"), ("_action", "save")])
        #expect(saved.status == 303, "\(saved.text)")
        #expect(try await served.employees.load(id: 1)?.values["department"] == .int(1))
        let list = await browser.get("/Employee/")
        #expect(list.text.contains(#"<a href="/Employee/1">Ada</a></td><td>Sales</td>"#), "\(list.text)")
        _ = await browser.get("/Employee/1")
        let none = await browser.post("/Employee/1", [("name", "Ada"), ("department", ""), ("_action", "save")])
        #expect(none.status == 303)
        let cleared = try await served.employees.load(id: 1)?.values["department"]
        #expect((cleared ?? .null) == .null, "\(String(describing: cleared))")
    }

    @Test func aChoiceThatIsNoRecordIsRefused() async throws {
        let served = try await Self.served()
        let browser = BrowserSession(served.server)
        _ = await browser.get("/Employee/1")
        let refused = await browser.post("/Employee/1", [("name", "Ada"), ("department", "9"), ("_action", "save")])
        #expect(refused.status == 422, "\(refused.text)")
        #expect(try await served.employees.load(id: 1)?.values["department"] == .int(2), "nothing saved")
    }

    @Test func aRecordOthersReferToIsNotDeletedUntilNoneDoes() async throws {
        let served = try await Self.served()
        let browser = BrowserSession(served.server)
        _ = await browser.get("/Employee/1")
        let token = try #require(browser.hidden("_csrf"))
        let question = await browser.get("/Department/delete/2")
        #expect(question.status == 200)
        #expect(question.text.contains("“Research” cannot be deleted: other records refer to it."))
        #expect(question.text.contains(#"1 record of Employee by Department: <a href="/Employee/1">Ada</a>"#))
        #expect(!question.text.contains("This cannot be undone"), "no delete button")
        let refused = await browser.post("/Department/delete/2", [("_csrf", token), ("_version", "1")])
        #expect(refused.status == 409 && refused.text.contains("cannot be deleted"))
        #expect(try await served.departments.load(id: 2) != nil)
        _ = try await served.employees.update(id: 1, with: .record(["name": .string("Ada")]), expecting: 1)
        _ = await browser.get("/Department/delete/2")
        let deleted = await browser.post("/Department/delete/2", [])
        #expect(deleted.status == 303)
        #expect(try await served.departments.load(id: 2) == nil)
    }

    @Test(.enabled(if: ProcessInfo.processInfo.environment["MODELFORM_EXTERNAL_CHECKS"] == "1"))
    func theLookupPagesPassNuAndAxe() async throws {
        let served = try await Self.served()
        let browser = BrowserSession(served.server)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("modelform-lookups-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        for (name, path) in [("employee", "/Employee/1"), ("list", "/Employee/"), ("referred", "/Department/delete/2")]
        {
            let page = await browser.get(path)
            #expect(page.status == 200, "\(path)")
            try page.text.write(to: folder.appendingPathComponent("\(name).html"), atomically: true, encoding: .utf8)
        }
        try ExternalCheckers.check("check_outputs.py", "--pages", folder.path)
    }
}
