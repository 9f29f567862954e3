import Foundation
import ModelForm
import ModelFormServer
import ModelFormTesting
import ModelFormYAML
import TestFixtures
import Testing

/// The CSRF matrix, after Django's CSRF tests: each case is one request against a server over
/// a real values file; every refused request leaves the file byte-for-byte as it was, and the
/// control cases show the same request does change it when it is right.
@Suite struct CSRFMatrixTests {
    /// What a case does to an otherwise valid save request.
    struct Case: CustomTestStringConvertible, Sendable {
        var name: String
        var status: Int
        var method = "POST"
        var cookie: Cookie = .own
        var field: Token = .own
        var header: Token = .none
        var origin: String? = "http://localhost:8080"
        var fetchSite: String?
        var contentType = "application/x-www-form-urlencoded"
        var testDescription: String { name }
    }

    enum Cookie: Sendable { case own, none, other, tooLong }
    enum Token: Sendable { case own, none, empty, short, malformed, badSignature, truncated, otherSession, otherSecret }

    static let cases: [Case] = [
        Case(name: "control: a valid save", status: 303),
        Case(name: "control: the token in the X-CSRF-Token header", status: 303, field: .none, header: .own),
        Case(name: "control: no Origin header (older clients)", status: 303, origin: nil),
        Case(name: "control: a typed navigation (Sec-Fetch-Site none)", status: 303, fetchSite: "none"),
        Case(name: "no cookie", status: 403, cookie: .none),
        Case(name: "no cookie, no token", status: 403, cookie: .none, field: .none),
        Case(name: "a cookie from another session", status: 403, cookie: .other),
        Case(name: "a cookie longer than any nonce", status: 403, cookie: .tooLong),
        Case(name: "no token", status: 403, field: .none),
        Case(name: "an empty token", status: 403, field: .empty),
        Case(name: "a short token", status: 403, field: .short),
        Case(name: "a malformed token", status: 403, field: .malformed),
        Case(name: "a token with a bad signature", status: 403, field: .badSignature),
        Case(name: "a token with a truncated signature", status: 403, field: .truncated),
        Case(name: "a token from another session", status: 403, field: .otherSession),
        Case(name: "a token signed with another secret", status: 403, field: .otherSecret),
        Case(name: "an empty token in the header", status: 403, field: .none, header: .empty),
        Case(name: "a short token in the header", status: 403, field: .none, header: .short),
        Case(name: "a malformed token in the header", status: 403, field: .none, header: .malformed),
        Case(name: "another session's token in the header", status: 403, field: .none, header: .otherSession),
        Case(name: "Origin null", status: 403, origin: "null"),
        Case(name: "a foreign Origin", status: 403, origin: "http://evil.example"),
        Case(name: "Origin on another port", status: 403, origin: "http://localhost:9999"),
        Case(name: "Origin with another scheme", status: 403, origin: "https://localhost:8080"),
        Case(name: "a malformed Origin", status: 403, origin: "localhost:8080"),
        Case(name: "Sec-Fetch-Site cross-site", status: 403, fetchSite: "cross-site"),
        Case(name: "Sec-Fetch-Site same-site (a sibling subdomain)", status: 403, fetchSite: "same-site"),
        Case(name: "PUT with a valid token", status: 405, method: "PUT"),
        Case(name: "DELETE with a valid token", status: 405, method: "DELETE"),
        Case(name: "a valid token in a text/plain body", status: 415, contentType: "text/plain"),
        Case(name: "GET with the edit in the query never changes anything", status: 200, method: "GET"),
    ]

    @Test(arguments: cases)
    func theMatrix(_ test: Case) async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "modelform-csrf-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("registration.values.yaml").path
        try PackagePaths.text("config/registration.values.yaml").write(toFile: file, atomically: true, encoding: .utf8)
        let form = try YAMLFixtures.form("registration")
        let secret = Array("the CSRF matrix's secret, thirty-two bytes or more".utf8)
        let server = FormServer(
            configs: form.configs, typeName: form.typeName,
            store: ValuesFileStore(path: file, typeName: form.typeName, configs: form.configs), secret: secret)
        let before = try Data(contentsOf: URL(fileURLWithPath: file))

        // A visit gives the cookie and the page's token and version; another visit another session's.
        let visit = await server.respond(
            to: FormRequest(method: "GET", path: "/", headers: [("Host", "localhost:8080")]))
        let nonce = Self.cookie(visit)
        let other = await server.respond(
            to: FormRequest(method: "GET", path: "/", headers: [("Host", "localhost:8080")]))
        let token = Self.hidden("_csrf", visit.text)
        let version = Self.hidden("_version", visit.text)
        func text(_ kind: Token) -> String? {
            switch kind {
            case .own: token
            case .none: nil
            case .empty: ""
            case .short: "abc"
            case .malformed: token.replacingOccurrences(of: ".", with: "")
            case .badSignature: String(token.prefix { $0 != "." }) + ".AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA"
            case .truncated: String(token.dropLast(10))
            case .otherSession: Self.hidden("_csrf", other.text)
            case .otherSecret:
                CSRFProtection(secret: Array("another secret, thirty-two bytes or more".utf8)).token(for: nonce)
            }
        }
        var headers: [(name: String, value: String)] = [("Host", "localhost:8080"), ("Content-Type", test.contentType)]
        switch test.cookie {
        case .own: headers.append(("Cookie", "mf_csrf=\(nonce)"))
        case .none: break
        case .other: headers.append(("Cookie", "mf_csrf=\(Self.cookie(other))"))
        case .tooLong: headers.append(("Cookie", "mf_csrf=\(nonce)\(String(repeating: "A", count: 80))"))
        }
        if let origin = test.origin { headers.append(("Origin", origin)) }
        if let site = test.fetchSite { headers.append(("Sec-Fetch-Site", site)) }
        if let header = text(test.header) { headers.append(("X-CSRF-Token", header)) }
        var pairs =
            [("_version", version)] + FormServerTests.registrationFields([("name", "Mallory"), ("_action", "save")])
        if let field = text(test.field) { pairs.insert(("_csrf", field), at: 0) }
        let body = pairs.map { "\($0.0)=\($0.1.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? $0.1)" }
            .joined(separator: "&")
        let response = await server.respond(
            to: FormRequest(
                method: test.method, path: "/", query: test.method == "GET" ? body : "", headers: headers,
                body: test.method == "GET" ? [] : Array(body.utf8)))

        #expect(response.status == test.status, "\(test.name): \(response.text)")
        let after = try Data(contentsOf: URL(fileURLWithPath: file))
        if test.status == 303 {
            #expect(after != before && String(decoding: after, as: UTF8.self).contains("name: Mallory"))
        } else {
            #expect(after == before, "\(test.name) changed the file")
        }
    }

    static func cookie(_ response: FormResponse) -> String {
        let header = response.header("Set-Cookie") ?? ""
        return String(header.split(separator: ";").first?.split(separator: "=", maxSplits: 1).last ?? "")
    }

    static func hidden(_ name: String, _ page: String) -> String {
        guard let range = page.range(of: "name=\"\(name)\" value=\"") else { return "" }
        return String(page[range.upperBound...].prefix { $0 != "\"" })
    }
}
