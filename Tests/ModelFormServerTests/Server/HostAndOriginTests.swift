import Foundation
import ModelForm
import ModelFormServer
import ModelFormTesting
import TestFixtures
import Testing

/// DNS rebinding (a page whose name now resolves to this machine) and proxies: the server
/// answers only for addresses, `localhost` and the names it is given, and behind a proxy
/// checks `Origin` against the public origin, believing `X-Forwarded-*` only from the
/// proxies it trusts.
@Suite struct HostAndOriginTests {
    static func server(_ configure: (inout FormServer) -> Void = { _ in }) throws -> (FormServer, MemoryStore) {
        var (server, store) = try FormServerTests.registration()
        configure(&server)
        return (server, store)
    }

    @Test func twoHostHeadersAreRefused() async throws {
        let (server, store) = try Self.server()
        for method in ["GET", "POST"] {
            let response = await server.respond(
                to: FormRequest(
                    method: method, path: "/", headers: [("Host", "localhost:8080"), ("Host", "evil.example")]))
            #expect(response.status == 400 && response.text.contains("more than one Host header"), "\(method)")
        }
        #expect(await store.load().version == "1")
    }

    @Test(arguments: [
        ("localhost:8080", 200), ("127.0.0.1:8080", 200), ("[::1]:8080", 200), ("10.0.0.5", 200),
        ("app.localhost", 200),
        ("evil.example:8080", 400), ("127.0.0.1.nip.io", 400), ("localhost.evil.example", 400), ("", 400),
    ])
    func onlyAddressesAndLocalhostAreAnsweredByDefault(host: String, status: Int) async throws {
        let (server, _) = try Self.server()
        let headers = host.isEmpty ? [] : [(name: "Host", value: host)]
        let response = await server.respond(to: FormRequest(method: "GET", path: "/", headers: headers))
        #expect(response.status == status, "\(host): \(response.text)")
    }

    /// The rebinding attack: the page's own name in Host and Origin, a valid token.
    @Test func aReboundNameCannotReadOrSave() async throws {
        let (server, store) = try Self.server()
        let browser = BrowserSession(server)
        browser.host = "rebound.example:8080"
        #expect(await browser.get("/").status == 400)
        browser.host = "localhost:8080"
        _ = await browser.get("/")
        browser.host = "rebound.example:8080"
        let post = await browser.post(
            "/", FormServerTests.registrationFields([("name", "Mallory"), ("_action", "save")]))
        #expect(post.status == 400)
        #expect(await store.load().version == "1")
    }

    @Test func configuredNamesAreAnswered() async throws {
        let (server, _) = try Self.server { $0.allowedHosts = ["forms.example.com", ".example.org"] }
        for (host, status) in [
            ("forms.example.com", 200), ("a.example.org:443", 200), ("example.org", 200), ("other.example.com", 400),
        ] {
            let response = await server.respond(to: FormRequest(method: "GET", path: "/", headers: [("Host", host)]))
            #expect(response.status == status, "\(host)")
        }
    }

    /// TLS ends at the proxy, which also rewrites Host (nginx's default): the browser sends
    /// `Origin: https://forms.example.com` to a server that sees `Host: 127.0.0.1:8080`.
    @Test func behindAProxyThePublicOriginIsTheOneChecked() async throws {
        let (plain, _) = try Self.server()
        #expect(
            await Self.save(plain, host: "127.0.0.1:8080", origin: "https://forms.example.com") == 403,
            "the issue's case, without --origin")
        let (server, store) = try Self.server { $0.publicOrigin = "https://forms.example.com" }
        #expect(await Self.save(server, host: "127.0.0.1:8080", origin: "https://forms.example.com") == 303)
        #expect(await store.load().values["name"] == .string("Ada King"))
        #expect(
            await Self.save(server, host: "127.0.0.1:8080", origin: "http://127.0.0.1:8080") == 403, "another origin")
        #expect(
            await Self.save(server, host: "forms.example.com", origin: "https://forms.example.com:443") == 303,
            "the default port is the same origin")
    }

    @Test func forwardedHeadersAreBelievedOnlyFromTrustedProxies() async throws {
        let forwarded = [("X-Forwarded-Proto", "https"), ("X-Forwarded-Host", "forms.example.com")]
        let (server, _) = try Self.server {
            $0.trustedProxies = ["127.0.0.1"]
            $0.allowedHosts = ["forms.example.com"]
        }
        #expect(
            await Self.save(
                server, host: "127.0.0.1:8080", origin: "https://forms.example.com", extra: forwarded, peer: "127.0.0.1"
            ) == 303)
        #expect(
            await Self.save(
                server, host: "127.0.0.1:8080", origin: "https://forms.example.com", extra: forwarded, peer: "192.0.2.7"
            ) == 403)
        // A forwarded host the server does not answer for is refused like a Host.
        let evil = [("X-Forwarded-Proto", "https"), ("X-Forwarded-Host", "evil.example")]
        #expect(
            await Self.save(
                server, host: "127.0.0.1:8080", origin: "https://evil.example", extra: evil, peer: "127.0.0.1") == 400)
    }

    /// Loads the page through `host` and saves a change with `origin`; the POST's status.
    static func save(
        _ server: FormServer, host: String, origin: String, extra: [(String, String)] = [], peer: String? = nil
    ) async -> Int {
        let headers = [(name: "Host", value: host)] + extra.map { (name: $0.0, value: $0.1) }
        let page = await server.respond(
            to: FormRequest(method: "GET", path: "/", headers: headers, remoteAddress: peer))
        let session = BrowserSession(server)
        session.lastPage = page.text
        let cookie = page.header("Set-Cookie")?.split(separator: ";").first.map(String.init) ?? ""
        var pairs = FormServerTests.registrationFields([("name", "Ada King"), ("_action", "save")])
        for name in ["_csrf", "_version", "_base"] {
            if let value = session.hidden(name) { pairs.insert((name, value), at: 0) }
        }
        let body = pairs.map { "\(BrowserSession.encode($0.0))=\(BrowserSession.encode($0.1))" }.joined(separator: "&")
        let post = await server.respond(
            to: FormRequest(
                method: "POST", path: "/",
                headers: headers + [
                    ("Cookie", cookie), ("Origin", origin), ("Content-Type", "application/x-www-form-urlencoded"),
                ],
                body: Array(body.utf8), remoteAddress: peer))
        return post.status
    }
}

/// The conflict page's digests survive the trip through a form body: no `+` (read back
/// as a space) nor `/` in them.
@Suite struct ValueDigestTests {
    @Test func everyDigestReadsBackFromTheBody() async throws {
        let keys = (0..<300).map { "field\($0)" }
        let configs = ConfigDictionary(
            ModelDescription(
                root: "R",
                entities: [
                    EntityDescription(
                        name: "R", properties: keys.map { PropertyDescription(key: $0, valueType: .string) })
                ]))
        let store = MemoryStore(values: .record(FormRecord(keys.map { ($0, FormValue.string("value of \($0)")) })))
        let browser = BrowserSession(
            FormServer(configs: configs, typeName: "R", store: store, secret: FormServerTests.secret))
        _ = await browser.get("/")
        let base = try #require(browser.hidden("_base"))
        #expect(!base.contains("+") && !base.contains("/"))
        let pairs = URLEncodedForm.pairs(base)
        #expect(pairs.count == 300 && pairs.allSatisfy { $0.value.count == 8 })
    }
}
