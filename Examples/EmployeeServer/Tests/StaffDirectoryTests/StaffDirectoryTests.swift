import Foundation
import Hummingbird
import HummingbirdTesting
import ModelForm
import ModelFormHummingbird
import ModelFormRecords
import StaffDirectory
import Testing

/// The example end to end, as a person uses it in a browser without JavaScript: find an
/// employee by search, follow their department, add a department and an employee in it with
/// two skills, and delete a skill (refused while an employee has it).
@Suite struct StaffDirectoryTests {
    static let secret = Array("the example's tests secret, long enough".utf8)

    static func app(_ directory: StaffDirectory) -> some ApplicationProtocol {
        Application(router: Router().addRecords(directory.server(secret: secret)))
    }

    /// A page: its status, text, and the CSRF cookie and token a form on it posts with.
    struct Page {
        var status: HTTPResponse.Status
        var text: String
        var cookie: String
        var token: String
    }

    static func get(_ client: some TestClientProtocol, _ path: String, cookie: String = "") async throws -> Page {
        try await client.execute(
            uri: path, method: .get, headers: cookie.isEmpty ? [:] : [.cookie: "mf_csrf=\(cookie)"]
        ) { response in
            let text = String(buffer: response.body)
            let token = text.firstMatch(of: /name="_csrf" value="([^"]+)"/).map { String($0.output.1) } ?? ""
            let set = response.headers[.setCookie].map {
                String($0.split(separator: ";")[0].dropFirst("mf_csrf=".count))
            }
            return Page(status: response.status, text: text, cookie: set ?? cookie, token: token)
        }
    }

    /// Posts `fields` with the page's token; the response's status and where it leads.
    static func post(
        _ client: some TestClientProtocol, _ path: String, _ fields: [(String, String)], from page: Page
    ) async throws -> (status: HTTPResponse.Status, location: String) {
        let body = ([("_csrf", page.token)] + fields)
            .map { "\($0.0)=\($0.1.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? $0.1)" }
            .joined(separator: "&")
        return try await client.execute(
            uri: path, method: .post,
            headers: [.contentType: "application/x-www-form-urlencoded", .cookie: "mf_csrf=\(page.cookie)"],
            body: ByteBuffer(string: body)
        ) { ($0.status, $0.headers[.location] ?? "") }
    }

    @Test func aPersonFindsFollowsAddsAndDeletes() async throws {
        let directory = try StaffDirectory(path: ":memory:")
        try await directory.seedIfEmpty()
        try await Self.app(directory).test(.router) { client in
            let index = try await Self.get(client, "/")
            for type in ["Employee", "Department", "Skill"] {
                #expect(index.text.contains(#"<a href="/\#(type)/">\#(type)</a>"#), "\(type)")
            }
            // Found by search; the list shows the department by name.
            let found = try await Self.get(client, "/Employee/?q=bab")
            #expect(found.text.contains(#"<a href="/Employee/2">Charles Babbage</a></td><td>Research</td>"#))
            #expect(!found.text.contains("Ada Lovelace</a>"))
            // The record's department, manager and skills are choices by name, each leading on.
            let charles = try await Self.get(client, "/Employee/2")
            #expect(charles.text.contains(#"<a href="/Department/1" class="mf-link">Open Research</a>"#))
            #expect(charles.text.contains(#"<a href="/Employee/1" class="mf-link">Open Ada Lovelace</a>"#))
            #expect(charles.text.contains(#"<a href="/Skill/1" class="mf-link">Open Mathematics</a>"#))
            #expect(try await Self.get(client, "/Department/1").text.contains(#"value="Research""#))

            // A new department, then a new employee in it with two skills.
            let newDepartment = try await Self.get(client, "/Department/new")
            let department = try await Self.post(
                client, "/Department/new",
                [("_version", "new"), ("name", "Engines"), ("floor", "3"), ("_action", "save")],
                from: newDepartment)
            #expect(department.status == .seeOther && department.location.hasPrefix("/Department/3"))
            let newEmployee = try await Self.get(client, "/Employee/new", cookie: newDepartment.cookie)
            #expect(newEmployee.text.contains(#"<option value="3">Engines</option>"#))
            let employee = try await Self.post(
                client, "/Employee/new",
                [
                    ("_version", "new"), ("name", "Grace Hopper"), ("email", "grace@example.com"), ("age", "40"),
                    ("department", "3"), ("manager", ""), ("skills", "2"), ("skills", "3"), ("_action", "save"),
                ], from: newEmployee)
            #expect(employee.status == .seeOther && employee.location.hasPrefix("/Employee/3"), "\(employee)")
            let grace = try #require(try await directory.employees.load(id: 3))
            let decoded = try grace.decoded(as: Employee.self)
            #expect(decoded.department == Reference(3) && decoded.skills == [Reference(2), Reference(3)])
            #expect(decoded.manager == nil)

            // Writing (Ada's and Grace's) is not deleted; a skill no one has is.
            let question = try await Self.get(client, "/Skill/delete/2", cookie: newDepartment.cookie)
            #expect(question.text.contains("“Writing” cannot be deleted: other records refer to it."))
            // A delete posted anyway (with a token from another page: this one has no button).
            let refused = try await Self.post(client, "/Skill/delete/2", [("_version", "1")], from: newDepartment)
            #expect(refused.status == .conflict)
            #expect(try await directory.skills.load(id: 2) != nil)
            _ = try await directory.skills.insert(.record(["name": .string("Knitting")]))
            let unused = try await Self.get(client, "/Skill/delete/4", cookie: newDepartment.cookie)
            let deleted = try await Self.post(client, "/Skill/delete/4", [("_version", "1")], from: unused)
            #expect(deleted.status == .seeOther)
            #expect(try await directory.skills.load(id: 4) == nil)
        }
    }

    @Test func theTablesComeBackFromTheFile() async throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("staff-\(UUID()).sqlite").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        try await StaffDirectory(path: path).seedIfEmpty()
        let reopened = try StaffDirectory(path: path)
        try await reopened.seedIfEmpty()  // not again
        #expect(try await reopened.employees.count(.init()) == 2)
        #expect(try await reopened.skills.count(.init()) == 3)
    }
}
