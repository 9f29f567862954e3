import Foundation
import ModelForm
import ModelFormServer
import ModelFormTesting
import TestFixtures
import Testing

@Suite struct FormServerTests {
    static let secret = BrowserSession.secret

    static func registration() throws -> (FormServer, MemoryStore) {
        let form = try YAMLFixtures.form("registration")
        let store = MemoryStore(values: form.values)
        return (FormServer(configs: form.configs, typeName: form.typeName, store: store, secret: secret), store)
    }

    static func team() throws -> (FormServer, MemoryStore) {
        let form = try YAMLFixtures.form("team")
        let store = MemoryStore(values: form.values)
        return (
            FormServer(configs: form.configs, typeName: form.typeName, store: store, secret: secret, mount: "/team"),
            store
        )
    }

    @Test func getDrawsThePageWithItsTokenCookieAndHeaders() async throws {
        let (server, _) = try Self.registration()
        let browser = BrowserSession(server)
        let response = await browser.get("/")
        #expect(response.status == 200)
        #expect(response.header("Set-Cookie")?.hasSuffix("; Path=/; SameSite=Lax; HttpOnly") == true)
        #expect(response.header("Content-Security-Policy")?.contains("default-src 'none'") == true)
        #expect(response.header("Content-Security-Policy")?.contains("script-src") == false)
        // Styles by the page's own style sheet's hash only: an injected style is not applied.
        #expect(response.header("Content-Security-Policy")?.contains("style-src 'sha256-") == true)
        #expect(response.header("Content-Security-Policy")?.contains("unsafe-inline") == false)
        #expect(browser.hidden("_csrf")?.hasPrefix(browser.cookie! + ".") == true)
        #expect(browser.hidden("_version") == "1")
        #expect(response.text.contains("<input type=\"password\"") && !response.text.contains("correct horse battery"))
        #expect(response.text.contains("href=\"/address\""))
    }

    @Test func relatedPagesHaveBreadcrumbsAndUnknownOnesAre404() async throws {
        let (server, _) = try Self.team()
        let browser = BrowserSession(server)
        let lead = await browser.get("/team/lead")
        #expect(lead.status == 200)
        #expect(
            lead.text.contains(
                "<nav aria-label=\"Breadcrumb\" class=\"mf-breadcrumbs\"><ol><li><a href=\"/team\">Team</a></li><li aria-current=\"page\">"
            ))
        let member = await browser.get("/team/members/1")
        #expect(member.status == 200 && member.text.contains("value=\"Alan Turing\""))
        for path in [
            "/team/nope", "/team/members", "/team/members/9", "/team/members/9/x", "/elsewhere", "/team/name",
            "/team/tags/0",
        ] {
            #expect(await browser.get(path).status == 404, "\(path)")
        }
        let put = await server.respond(to: FormRequest(method: "PUT", path: "/team", headers: [("Host", "localhost")]))
        #expect(put.status == 405 && put.header("Allow") == "GET, HEAD, POST")
    }

    @Test func aValidPostSavesAndRedirectsWithWhatChanged() async throws {
        let (server, store) = try Self.registration()
        let browser = BrowserSession(server)
        _ = await browser.get("/")
        let response = await browser.post(
            "/", Self.registrationFields([("name", "Ada King"), ("age", "37"), ("_action", "save")]))
        #expect(response.status == 303, "\(response.text)")
        #expect(response.header("Location") == "/?saved=name%2Cage")
        let saved = await store.load()
        #expect(saved.values["name"] == .string("Ada King") && saved.values["age"] == .uint(37) && saved.version == "2")
        #expect(saved.values["password"] == .string("correct horse battery"), "an empty password keeps the stored one")
        let page = await browser.get("/", query: "saved=name%2Cage")
        #expect(page.text.contains("<p class=\"mf-notice\" role=\"status\">Saved: Name, Age.</p>"))
    }

    @Test func anInvalidPostIs422WithTheInputAndChangesNothing() async throws {
        let (server, store) = try Self.registration()
        let browser = BrowserSession(server)
        _ = await browser.get("/")
        let response = await browser.post(
            "/", Self.registrationFields([("name", "Ada"), ("age", "many"), ("email", "nope"), ("_action", "save")]))
        #expect(response.status == 422)
        #expect(response.text.contains("value=\"many\"") && response.text.contains("value=\"nope\""))
        #expect(response.text.contains("aria-invalid=\"true\""))
        #expect(await store.load().version == "1")
    }

    /// Every way a request can fail the checks; none changes the store.
    @Test(arguments: [
        ("no token", 403), ("a token of another secret", 403), ("another cookie", 403), ("another origin", 403),
        ("a cross-site fetch", 403), ("too large", 413), ("JSON", 415),
    ])
    func refusedRequestsChangeNothing(_ case: String, _ status: Int) async throws {
        let (server, store) = try Self.registration()
        let browser = BrowserSession(server)
        _ = await browser.get("/")
        let fields = Self.registrationFields([("name", "Mallory"), ("_action", "save")])
        let response: FormResponse
        switch `case` {
        case "no token": response = await browser.post("/", fields, csrf: false)
        case "a token of another secret":
            let forged = CSRFProtection(secret: Array("another secret, just as long as the first one".utf8)).token(
                for: browser.cookie!)
            response = await browser.post("/", [("_csrf", forged)] + fields)
        case "another cookie":
            let token = browser.hidden("_csrf")!
            browser.cookie = CSRFProtection.nonce()
            response = await browser.post("/", [("_csrf", token)] + fields)
        case "another origin":
            response = await browser.post("/", fields, extraHeaders: [("Origin", "http://evil.example")])
        case "a cross-site fetch":
            response = await browser.post("/", fields, extraHeaders: [("Sec-Fetch-Site", "cross-site")])
        case "too large":
            response = await browser.post("/", fields + [("about", String(repeating: "x", count: 2 << 20))])
        default:
            response = await server.respond(
                to: FormRequest(
                    method: "POST", path: "/",
                    headers: [
                        ("Host", "localhost:8080"), ("Content-Type", "application/json"),
                        ("Cookie", "mf_csrf=\(browser.cookie!)"),
                    ],
                    body: Array("{}".utf8)))
        }
        #expect(response.status == status, "\(`case`): \(response.text)")
        #expect(await store.load().version == "1")
    }

    /// A browser that loaded the registration page, after which another writer saved `changes`.
    static func afterAnotherSave(_ changes: [(FormPath, FormValue)]) async throws -> (BrowserSession, MemoryStore) {
        let (server, store) = try registration()
        let browser = BrowserSession(server)
        _ = await browser.get("/")
        var other = await store.load().values
        for (path, value) in changes { try other.set(value, at: path) }
        await store.replace(other)
        return (browser, store)
    }

    @Test func aStaleVersionIs409WithBothValuesAndNothingWritten() async throws {
        let (browser, store) = try await Self.afterAnotherSave([("name", .string("Grace Hopper"))])
        let response = await browser.post("/", Self.registrationFields([("name", "Ada King"), ("_action", "save")]))
        #expect(response.status == 409)
        #expect(
            response.text.contains(
                #"<th scope="row">Name</th><td data-label="Stored now">Grace Hopper</td><td data-label="Yours">Ada King</td>"#
            ))
        #expect(await store.load().values["name"] == .string("Grace Hopper"))
        // Sending the form again (with the current version it now carries) keeps the user's.
        let again = await browser.post("/", Self.registrationFields([("name", "Ada King"), ("_action", "save")]))
        #expect(again.status == 303)
        #expect(await store.load().values["name"] == .string("Ada King"))
    }

    @Test func aRelatedPageSavesIntoTheRootAndReturnsToItsParent() async throws {
        let (server, store) = try Self.team()
        let browser = BrowserSession(server)
        _ = await browser.get("/team/members/1")
        let response = await browser.post(
            "/team/members/1", [("name", "Alan M. Turing"), ("email", "alan@example.com"), ("_action", "save")])
        #expect(response.status == 303, "\(response.text)")
        #expect(response.header("Location") == "/team?saved=members%5B1%5D.name%2Cmembers%5B1%5D.email")
        let saved = await store.load().values
        #expect(
            saved["members[1].name"] == .string("Alan M. Turing") && saved["members[0].name"] == .string("Grace Hopper")
        )
        _ = await browser.get("/team/lead")
        let cancel = await browser.post("/team/lead", [("_action", "cancel")])
        #expect(cancel.status == 303 && cancel.header("Location") == "/team")
    }

    @Test func removingAnItemAsksFirstAndKeepsTheOtherEdits() async throws {
        let (server, store) = try Self.team()
        let browser = BrowserSession(server)
        _ = await browser.get("/team")
        let fields = [("name", "Engines"), ("tags[0]", "math"), ("tags[1]", "machines")]
        let question = await browser.post("/team", fields + [("_action", "remove:tags[0]")])
        #expect(question.status == 200)
        #expect(question.text.contains("<h1>Remove Tag 1 (math)?</h1>"))
        #expect(question.text.contains("name=\"name\" value=\"Engines\""))
        let removed = await browser.post("/team", [("_action", "remove:tags[0]")] + Self.hiddenPairs(question.text))
        #expect(removed.status == 200 && removed.text.contains("value=\"Engines\""))
        #expect(await store.load().version == "1", "nothing saved before Save")
        let saved = await browser.post("/team", [("name", "Engines"), ("tags[0]", "machines"), ("_action", "save")])
        #expect(saved.status == 303)
        #expect(await store.load().values["tags"] == .list([.string("machines")]))
    }

    /// A crafted body with two buttons: the server's checks and the binding read the same one
    /// (the first), so a removal behind a save is neither done unasked nor skips its question.
    @Test(arguments: [["save", "remove:tags[0]"], ["remove:tags[0]", "save"]])
    func twoButtonsCountAsTheFirstEverywhere(_ buttons: [String]) async throws {
        let (server, store) = try Self.team()
        let browser = BrowserSession(server)
        _ = await browser.get("/team")
        let fields = [("name", "Engines"), ("tags[0]", "math"), ("tags[1]", "machines")]
        let response = await browser.post("/team", fields + buttons.map { ("_action", $0) })
        let saved = await store.load().values["tags"]
        if buttons[0] == "save" {
            #expect(response.status == 303)
            #expect(saved == .list([.string("math"), .string("machines")]), "saved, nothing removed")
        } else {
            #expect(response.status == 200 && response.text.contains("<h1>Remove Tag 1 (math)?</h1>"))
            #expect(await store.load().version == "1", "asked, nothing saved")
        }
    }

    /// `fields`, and the registration form's other fields as a browser sends them back.
    static func registrationFields(_ fields: [(String, String)]) -> [(String, String)] {
        fields + unchangedRegistration.filter { pair in !fields.contains { $0.0 == pair.0 } }
    }

    /// The registration form's fields a browser sends back unchanged (passwords empty; the
    /// address has a page of its own, so its fields are not on this one).
    static let unchangedRegistration: [(String, String)] = [
        ("email", "ada@example.com"), ("password", ""), ("repeatPassword", ""), ("gender", "female"),
        ("dateOfBirth", "1815-12-10"),
        ("language", "english"), ("interests", "computers"), ("interests", "socializing"), ("notifications", "Email"),
        ("about", "Mathematician and writer.\r\nFirst to publish an algorithm for a machine.\r\n"),
        ("homepageURL", "https://example.com/ada"),
        ("rememberMe", "true"), ("agreedToTerms", "true"),
    ]

    /// The hidden fields of a page, as a browser would send them.
    static func hiddenPairs(_ html: String) -> [(String, String)] {
        var pairs: [(String, String)] = []
        var rest = Substring(html)
        while let range = rest.range(of: "<input type=\"hidden\" name=\"") {
            let after = rest[range.upperBound...]
            guard let nameEnd = after.firstIndex(of: "\""), let valueStart = after.range(of: "value=\"") else { break }
            let name = String(after[..<nameEnd])
            let valueRest = after[valueStart.upperBound...]
            guard let valueEnd = valueRest.firstIndex(of: "\"") else { break }
            pairs.append(
                (
                    name,
                    String(valueRest[..<valueEnd]).replacingOccurrences(of: "&amp;", with: "&").replacingOccurrences(
                        of: "&#39;", with: "'")
                ))
            rest = valueRest[valueEnd...]
        }
        return pairs
    }
}

extension FormServerTests {
    struct Registrar: FormServerDelegate {
        func formServer(_ server: FormServer, perform action: String, values: FormValue, at entity: FormPath) async
            -> CustomActionResult
        {
            switch action {
            case "register": .save
            case "preview": .done(notice: "Looks good, \(values["name"]?.plainText ?? "")!")
            default: .refuse(message: "\(action) is not allowed")
            }
        }
    }

    @Test(arguments: [("register", 303), ("preview", 200), ("delete", 422)])
    func customActionsReachTheDelegateAfterValidation(_ action: String, _ status: Int) async throws {
        var (server, store) = try Self.registration()
        server.delegate = Registrar()
        let browser = BrowserSession(server)
        _ = await browser.get("/")
        let invalid = await browser.post("/", Self.registrationFields([("age", "-1"), ("_action", action)]))
        #expect(invalid.status == 422, "the delegate is not asked before the values validate")
        _ = await browser.get("/")
        let response = await browser.post("/", Self.registrationFields([("name", "Ada King"), ("_action", action)]))
        #expect(response.status == status, "\(response.text)")
        #expect(await store.load().values["name"] == .string(status == 303 ? "Ada King" : "Ada Lovelace"))
        if action == "preview" { #expect(response.text.contains("Looks good, Ada King!")) }
        if action == "delete" { #expect(response.text.contains("delete is not allowed")) }
    }

    @Test func anOptionalRelationshipIsEmptiedAfterAQuestion() async throws {
        let (server, store) = try Self.team()
        let browser = BrowserSession(server)
        let page = await browser.get("/team/lead")
        #expect(!page.text.contains("Remove Lead"), "lead is not optional in the team fixture")
        let form = try YAMLFixtures.form("optional")
        let optionalStore = MemoryStore(values: form.values)
        let optional = BrowserSession(
            FormServer(configs: form.configs, typeName: form.typeName, store: optionalStore, secret: Self.secret))
        let address = await optional.get("/address")
        #expect(
            address.text.contains(
                "value=\"clear\" id=\"f-clear\" class=\"mf-button mf-danger\">Remove Address</button>"))
        let question = await optional.post("/address", [("_action", "clear")])
        #expect(question.status == 200 && question.text.contains("<h1>Remove Address (Paris)?</h1>"))
        let done = await optional.post("/address", [("_action", "clear")] + Self.hiddenPairs(question.text))
        #expect(done.status == 303 && done.header("Location") == "/?saved=address")
        #expect(await optionalStore.load().values["address"] == .null)
        #expect(await store.load().version == "1")
    }

    /// A three-way merge: a field only the other person changed keeps their value, a field
    /// only this user changed keeps theirs, and a field both changed asks with the stored
    /// value chosen; sending the conflict page as drawn reverts nobody's work.
    @Test func aConflictKeepsTheOtherSaveAndAsksOnlyWhereBothChanged() async throws {
        let (browser, store) = try await Self.afterAnotherSave([
            ("name", .string("Grace Hopper")), ("homepageURL", .string("https://example.com/grace")),
        ])
        let conflict = await browser.post(
            "/",
            Self.registrationFields([("name", "Ada King"), ("email", "ada.king@example.com"), ("_action", "save")]))
        #expect(conflict.status == 409)
        // Both changed the name: a choice, the stored one checked.
        #expect(conflict.text.contains(#"name="_keep:name" value="stored" checked"#))
        #expect(!conflict.text.contains(#"name="_keep:name" value="mine" checked"#))
        // Only the other changed the homepage: kept, drawn as they saved it; only this user the email.
        #expect(
            !conflict.text.contains("_keep:homepageURL") && conflict.text.contains("Stored (you did not change it)"))
        #expect(conflict.text.contains(#"value="https://example.com/grace""#))
        #expect(!conflict.text.contains("_keep:email") && conflict.text.contains("Yours (only you changed it)"))
        // Sending the page as drawn keeps the other's name and homepage, and this user's email.
        let asDrawn = await browser.postBody("/", BrowserForm.body(conflict.text, clicking: "save"))
        #expect(asDrawn.status == 303, "\(asDrawn.text)")
        let saved = await store.load().values
        #expect(
            saved["name"] == .string("Grace Hopper") && saved["homepageURL"] == .string("https://example.com/grace"))
        #expect(saved["email"] == .string("ada.king@example.com"))
    }

    @Test func aConflictLetsTheUserKeepTheirsWhereBothChanged() async throws {
        let (browser, store) = try await Self.afterAnotherSave([("name", .string("Grace Hopper"))])
        let conflict = await browser.post("/", Self.registrationFields([("name", "Ada King"), ("_action", "save")]))
        #expect(conflict.status == 409)
        let resolved = await browser.post(
            "/", Self.registrationFields([("name", "Ada King"), ("_keep:name", "mine"), ("_action", "save")]))
        #expect(resolved.status == 303, "\(resolved.text)")
        #expect(await store.load().values["name"] == .string("Ada King"))
    }

    @Test func addAndMoveRedrawWithoutSavingAndKeepEdits() async throws {
        let (server, store) = try Self.team()
        let browser = BrowserSession(server)
        _ = await browser.get("/team")
        let added = await browser.post(
            "/team", [("name", "Engines 2"), ("tags[0]", "math"), ("tags[1]", "machines"), ("_action", "add:tags")])
        #expect(
            added.status == 200 && added.text.contains("value=\"Engines 2\"") && added.text.contains("name=\"tags[2]\"")
        )
        _ = await browser.get("/team/members/0")
        _ = await browser.get("/team")
        let moved = await browser.post(
            "/team",
            [("name", "Engines 2"), ("tags[0]", "math"), ("tags[1]", "machines"), ("_action", "down:members[0]")])
        #expect(moved.status == 200, "\(moved.text)")
        #expect(moved.text.range(of: "Alan Turing")!.lowerBound < moved.text.range(of: "Grace Hopper")!.lowerBound)
        #expect(await store.load().version == "1")
    }
}
