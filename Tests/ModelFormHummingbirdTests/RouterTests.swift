import Foundation
import Hummingbird
import HummingbirdTesting
import ModelForm
import ModelFormHummingbird
import ModelFormServer
import Testing

/// The form mounted on a Hummingbird router, through HummingbirdTesting: every status the
/// server answers, over Hummingbird's own request and response types.
@Suite struct RouterTests {
    struct Employee: Codable, Sendable, Equatable {
        var name = "Ada Lovelace"
        var email = "ada@example.com"
        var age = 36
        var address = Address()
    }

    struct Address: Codable, Sendable, Equatable {
        var city = "London"
    }

    /// A store of one employee, as a database table would be.
    actor EmployeeStore: ModelStore {
        var employee = Employee()
        var version = 1

        func load() -> (model: Employee, version: String) { (employee, String(version)) }

        func save(_ model: Employee, expecting expected: String) throws -> String {
            guard expected == String(version) else {
                throw StoreConflict(
                    current: StoredValues(
                        values: (try? FormValueEncoder().encode(employee)) ?? .null, version: String(version)))
            }
            employee = model
            version += 1
            return String(version)
        }

        func replace(_ model: Employee) {
            employee = model
            version += 1
        }
    }

    static func app(_ store: EmployeeStore) throws -> some ApplicationProtocol {
        let router = Router()
        try router.addForm(
            Employee.self, at: "/employee", store: store, secret: Array("the router tests' secret, long enough".utf8))
        return Application(router: router)
    }

    /// The CSRF cookie and token and the version of a page.
    static func session(_ client: some TestClientProtocol, path: String = "/employee") async throws -> (
        cookie: String, token: String, version: String
    ) {
        try await client.execute(uri: path, method: .get) { response in
            let setCookie = try #require(response.headers[.setCookie])
            let cookie = String(setCookie.split(separator: ";")[0].split(separator: "=", maxSplits: 1)[1])
            let page = String(buffer: response.body)
            func hidden(_ name: String) throws -> String {
                let start = try #require(page.range(of: "name=\"\(name)\" value=\"")).upperBound
                return String(page[start...].prefix { $0 != "\"" })
            }
            return (cookie, try hidden("_csrf"), try hidden("_version"))
        }
    }

    static func post(
        _ client: some TestClientProtocol, _ path: String = "/employee", fields: [(String, String)],
        session: (cookie: String, token: String, version: String),
        headers extra: HTTPFields = [:], contentType: String = "application/x-www-form-urlencoded"
    ) async throws -> TestResponse {
        let pairs = [("_csrf", session.token), ("_version", session.version)] + fields
        let body = pairs.map { "\($0.0)=\($0.1.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? $0.1)" }
            .joined(separator: "&")
        var headers: HTTPFields = [.contentType: contentType, .cookie: "mf_csrf=\(session.cookie)"]
        for field in extra { headers[field.name] = field.value }
        return try await client.execute(uri: path, method: .post, headers: headers, body: ByteBuffer(string: body))
    }

    @Test func getHeadAndUnknownPages() async throws {
        try await Self.app(EmployeeStore()).test(.router) { client in
            try await client.execute(uri: "/employee", method: .get) { response in
                #expect(response.status == .ok)
                #expect(response.headers[.contentType] == "text/html; charset=utf-8")
                #expect(response.headers[.setCookie]?.contains("SameSite=Lax; HttpOnly") == true)
                #expect(String(buffer: response.body).contains("value=\"Ada Lovelace\""))
            }
            try await client.execute(uri: "/employee/address", method: .get) { #expect($0.status == .ok) }
            try await client.execute(uri: "/employee", method: .head) {
                #expect($0.status == .ok && $0.body.readableBytes == 0)
            }
            try await client.execute(uri: "/employee/nothing", method: .get) { #expect($0.status == .notFound) }
            for method in [HTTPRequest.Method.delete, .put, .patch, .options, .trace] {
                try await client.execute(uri: "/employee", method: method) { response in
                    #expect(
                        response.status == .methodNotAllowed && response.headers[.allow] == "GET, HEAD, POST",
                        "\(method)")
                }
            }
        }
    }

    @Test func postSavesRefusesAndConflicts() async throws {
        let store = EmployeeStore()
        try await Self.app(store).test(.router) { client in
            var session = try await Self.session(client)
            let valid = [("name", "Ada King"), ("email", "ada@example.com"), ("age", "37"), ("_action", "save")]
            let saved = try await Self.post(client, fields: valid, session: session)
            #expect(saved.status == .seeOther && saved.headers[.location] == "/employee?saved=name%2Cage")
            var employee = await store.employee
            #expect(employee.name == "Ada King" && employee.age == 37)

            session = try await Self.session(client)
            let invalid = try await Self.post(
                client, fields: [("name", "Ada"), ("age", "old"), ("_action", "save")], session: session)
            #expect(invalid.status == .unprocessableContent && String(buffer: invalid.body).contains("value=\"old\""))

            let forged = (cookie: session.cookie, token: "forged.token", version: session.version)
            #expect(try await Self.post(client, fields: valid, session: forged).status == .forbidden)
            #expect(
                try await Self.post(client, fields: valid, session: session, headers: [.origin: "https://evil.example"])
                    .status == .forbidden)
            #expect(
                try await Self.post(client, fields: valid, session: session, contentType: "text/plain").status
                    == .unsupportedMediaType)
            let large = valid + [("name", String(repeating: "x", count: 2 << 20))]
            #expect(try await Self.post(client, fields: large, session: session).status == .contentTooLarge)

            await store.replace(Employee(name: "Grace Hopper"))
            let conflict = try await Self.post(client, fields: valid, session: session)
            #expect(
                conflict.status == .conflict
                    && String(buffer: conflict.body).contains(
                        #"<td data-label="Stored now">Grace Hopper</td><td data-label="Yours">Ada King</td>"#)
            )
            employee = await store.employee
            #expect(employee.name == "Grace Hopper", "nothing written by a refused request")

            session = try await Self.session(client, path: "/employee/address")
            let child = try await Self.post(
                client, "/employee/address", fields: [("city", "Paris"), ("_action", "save")], session: session)
            #expect(child.status == .seeOther && child.headers[.location] == "/employee?saved=address.city")
            employee = await store.employee
            #expect(employee.address.city == "Paris")
        }
    }
}
