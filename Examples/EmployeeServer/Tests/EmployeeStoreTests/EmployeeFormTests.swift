import EmployeeStore
import Foundation
import GRDB
import Hummingbird
import HummingbirdTesting
import ModelFormHummingbird
import ModelFormServer
import Testing

/// The example end to end: the form on a Hummingbird router over the SQLite table.
@Suite struct EmployeeFormTests {
    static func app(_ table: EmployeeTable) throws -> some ApplicationProtocol {
        let router = Router()
        try router.addForm(
            Employee.self, at: "/employee", store: table, secret: Array("the example's tests secret, long enough".utf8))
        return Application(router: router)
    }

    /// The page's cookie, token and version.
    static func visit(_ client: some TestClientProtocol, _ path: String) async throws -> (
        cookie: String, token: String, version: String
    ) {
        try await client.execute(uri: path, method: .get) { response in
            let page = String(buffer: response.body)
            func hidden(_ name: String) throws -> String {
                let start = try #require(page.range(of: "name=\"\(name)\" value=\"")).upperBound
                return String(page[start...].prefix { $0 != "\"" })
            }
            let setCookie = try #require(response.headers[.setCookie])
            let cookie = String(setCookie.split(separator: ";")[0].dropFirst("mf_csrf=".count))
            return (cookie, try hidden("_csrf"), try hidden("_version"))
        }
    }

    static func post(
        _ client: some TestClientProtocol, _ path: String, _ fields: [(String, String)],
        _ page: (cookie: String, token: String, version: String)
    ) async throws -> TestResponse {
        let body = ([("_csrf", page.token), ("_version", page.version)] + fields)
            .map { "\($0.0)=\($0.1.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? $0.1)" }.joined(
                separator: "&")
        return try await client.execute(
            uri: path, method: .post,
            headers: [.contentType: "application/x-www-form-urlencoded", .cookie: "mf_csrf=\(page.cookie)"],
            body: ByteBuffer(string: body))
    }

    @Test func aSaveReachesTheTableAndAStaleOneIsRefusedByIt() async throws {
        let table = try EmployeeTable(path: ":memory:")
        try await Self.app(table).test(.router) { client in
            let page = try await Self.visit(client, "/employee")
            #expect(page.version == "1")
            let saved = try await Self.post(
                client, "/employee",
                [("name", "Ada King"), ("email", "ada@example.com"), ("age", "37"), ("_action", "save")], page)
            #expect(saved.status == .seeOther)
            #expect(try await table.load().model.name == "Ada King")

            // Another writer changes the row; the first tab's form is now stale.
            let stale = try await Self.visit(client, "/employee/address")
            try await table.database.write { db in
                try db.execute(sql: "UPDATE employee SET city = 'Paris', version = version + 1")
            }
            let refused = try await Self.post(
                client, "/employee/address", [("street", "1 Rue de Rivoli"), ("city", "Lyon"), ("_action", "save")],
                stale)
            #expect(refused.status == .conflict)
            #expect(
                String(buffer: refused.body).contains(
                    #"<td data-label="Stored now">Paris</td><td data-label="Yours">Lyon</td>"#))
            let row = try await table.load()
            #expect(row.model.address == Address(street: "12 St James's Square", city: "Paris") && row.version == "3")
        }
    }

    @Test func theStoreRefusesAStaleVersionItself() async throws {
        let table = try EmployeeTable(path: ":memory:")
        let (employee, version) = try await table.load()
        _ = try await table.save(employee, expecting: version)
        await #expect(throws: StoreConflict.self) { try await table.save(employee, expecting: version) }
    }
}
