import Foundation
import Hummingbird
import HummingbirdTesting
import ModelForm
import ModelFormHummingbird
import ModelFormRecords
import ModelFormSQLite
import ModelFormServer
import Testing

/// A `RecordServer` of a Swift model's SQLite table mounted on a Hummingbird router: the
/// index, the change list, a new record inserted by its first save, and its page.
@Suite struct RecordRouterTests {
    struct Employee: Codable, Sendable {
        var name = ""
        var age = 0
    }

    @Test func theAdminPagesAnswerThroughTheRouter() async throws {
        let configs = try ConfigDictionary(describing: Employee.self)
        let employees = try SQLiteRecordStore(path: ":memory:", typeName: "Employee", configs: configs)
        _ = try await employees.insert(.record(["name": .string("Ada"), "age": .int(36)]))
        let records = RecordServer(
            configs: configs, tables: [RecordServer.Table(typeName: "Employee", records: employees)],
            secret: Array("the record router tests' secret, long enough".utf8), mount: "/admin")
        let app = Application(router: Router().addRecords(records))
        try await app.test(.router) { client in
            try await client.execute(uri: "/admin/", method: .get) { response in
                #expect(response.status == .ok)
                #expect(String(buffer: response.body).contains(#"<a href="/admin/Employee/">Employee</a>"#))
            }
            try await client.execute(uri: "/admin/Employee/?q=ad&sort=-age", method: .get) { response in
                #expect(response.status == .ok)
                #expect(String(buffer: response.body).contains(#"<a href="/admin/Employee/1">Ada</a>"#))
            }
            let (cookie, token) = try await client.execute(uri: "/admin/Employee/new", method: .get) { response in
                let setCookie = try #require(response.headers[.setCookie])
                #expect(setCookie.contains("Path=/admin;"), "one cookie for every page")
                let cookie = String(setCookie.split(separator: ";")[0].split(separator: "=", maxSplits: 1)[1])
                let page = String(buffer: response.body)
                let token = try #require(page.firstMatch(of: /name="_csrf" value="([^"]+)"/)).output.1
                return (cookie, String(token))
            }
            var headers = HTTPFields()
            headers[.contentType] = "application/x-www-form-urlencoded"
            headers[.cookie] = "mf_csrf=\(cookie)"
            headers[.origin] = "http://localhost"
            let body = "_csrf=\(token)&_version=new&name=Grace&age=45&_action=save"
            try await client.execute(
                uri: "/admin/Employee/new", method: .post, headers: headers, body: ByteBuffer(string: body)
            ) { response in
                #expect(response.status == .seeOther, "\(String(buffer: response.body))")
                #expect(response.headers[.location]?.hasPrefix("/admin/Employee/2") == true)
            }
            try await client.execute(uri: "/admin/Employee/2", method: .get) { response in
                #expect(response.status == .ok && String(buffer: response.body).contains(#"value="Grace""#))
            }
        }
    }
}
