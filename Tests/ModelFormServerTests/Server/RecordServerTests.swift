import Foundation
import ModelForm
import ModelFormRecords
import ModelFormSQLite
import ModelFormServer
import TestFixtures
import Testing

/// The admin pages of a `RecordServer` over SQLite tables: an index, a change list with
/// search, sort and pages, a new record's form, each record's form, and a delete that asks
/// first; bad requests answered cleanly with nothing changed.
@Suite struct RecordServerTests {
    struct Address: Codable {
        var city = ""
    }
    struct Person: Codable {
        var name = ""
        var age = 0
        var email = ""
        var address = Address()
    }
    struct Tag: Codable {
        var title = ""
    }
    /// Both types, so that one configs dictionary has their forms.
    struct Site: Codable {
        var person = Person()
        var tags: [Tag] = []
    }

    struct Served {
        var server: RecordServer
        var people: SQLiteRecordStore
        var tags: SQLiteRecordStore
    }

    static func served(people names: [String] = ["Ada", "Grace", "Alan"]) async throws -> Served {
        let configs = try ConfigDictionary(describing: Site.self)
        let people = try SQLiteRecordStore(path: ":memory:", typeName: "Person", configs: configs)
        let tags = try SQLiteRecordStore(path: ":memory:", typeName: "Tag", configs: configs)
        for (index, name) in names.enumerated() {
            _ = try await people.insert(
                .record([
                    "name": .string(name), "age": .int(Int64(30 + index)), "email": .string(""),
                    "address": .record(["city": .string("")]),
                ]))
        }
        let server = RecordServer(
            configs: configs,
            tables: [
                RecordServer.Table(typeName: "Person", records: people),
                RecordServer.Table(typeName: "Tag", records: tags),
            ], secret: BrowserSession.secret, mount: "/admin")
        return Served(server: server, people: people, tags: tags)
    }

    @Test func theIndexListsEachTypeWithItsCount() async throws {
        let served = try await Self.served()
        let page = await BrowserSession(served.server).get("/admin/")
        #expect(page.status == 200)
        #expect(page.text.contains(#"<a href="/admin/Person/">Person</a> <span class="mf-summary">3 records</span>"#))
        #expect(page.text.contains(#"<a href="/admin/Tag/">Tag</a> <span class="mf-summary">0 records</span>"#))
    }

    @Test func theChangeListShowsCountColumnsAndLinks() async throws {
        let served = try await Self.served()
        let page = await BrowserSession(served.server).get("/admin/Person/")
        #expect(page.status == 200)
        #expect(page.text.contains("3 records."))
        #expect(page.text.contains(#"<tr><td><a href="/admin/Person/2">Grace</a></td><td>31</td><td>—</td>"#))
        #expect(page.text.contains(#"<a href="/admin/Person/delete/2">Delete Grace</a>"#))
        #expect(page.text.contains(#"<a href="/admin/Person/new" class="mf-button mf-primary">Add Person</a>"#))
        #expect(!page.text.contains("City"), "a subform is no column")
    }

    @Test(arguments: [
        ("q=al", ["Alan"]), ("q=A", ["Ada", "Grace", "Alan", "O'Hara"]), ("q=%25", []), ("q=_", []),
        ("q='", ["O'Hara"]),
        ("q=%5C", []), ("sort=-age", ["O'Hara", "Alan", "Grace", "Ada"]),
        ("sort=name", ["Ada", "Alan", "Grace", "O'Hara"]),
    ])
    func searchAndSortFindTheRecords(_ query: String, _ expected: [String]) async throws {
        let served = try await Self.served(people: ["Ada", "Grace", "Alan", "O'Hara"])
        let page = await BrowserSession(served.server).get("/admin/Person/", query: query)
        #expect(page.status == 200, "\(page.text)")
        let names = page.text.matches(of: /<tr><td><a href="\/admin\/Person\/\d+">([^<]+)<\/a>/).map {
            String($0.output.1).replacingOccurrences(of: "&#39;", with: "'")
        }
        #expect(Set(names) == Set(expected), "\(query)")
        if query.hasPrefix("sort") { #expect(names == expected) }
    }

    @Test func aSortedColumnSaysSoAndItsLinkReversesIt() async throws {
        let served = try await Self.served()
        let page = await BrowserSession(served.server).get("/admin/Person/", query: "sort=age&q=a")
        #expect(
            page.text.contains(
                #"<th scope="col" aria-sort="ascending"><a href="/admin/Person/?q=a&amp;sort=-age">Age</a>"#))
        #expect(page.text.contains(#"<input type="hidden" name="sort" value="age">"#), "the search keeps the order")
    }

    @Test func pagesOfFiftyWithLinksBetweenThem() async throws {
        let served = try await Self.served(people: (1...120).map { "Person \($0)" })
        let browser = BrowserSession(served.server)
        let first = await browser.get("/admin/Person/")
        #expect(first.text.contains("Page 1 of 3") && first.text.contains(#"href="/admin/Person/?page=2" rel="next""#))
        let last = await browser.get("/admin/Person/", query: "page=3")
        #expect(last.status == 200 && last.text.contains(#"href="/admin/Person/?page=2" rel="prev""#))
        #expect(last.text.matches(of: /<tr><td>/).count == 20)
        #expect(await browser.get("/admin/Person/", query: "page=4").status == 404)
    }

    @Test(arguments: ["page=0", "page=-1", "page=x", "page=99999999999", "sort=email2", "sort=address", "sort=%00"])
    func aBadListRequestIsRefused(_ query: String) async throws {
        let served = try await Self.served()
        let page = await BrowserSession(served.server).get("/admin/Person/", query: query)
        #expect(page.status == 400, "\(query): \(page.text)")
        #expect(!page.text.unicodeScalars.contains { $0.value == 0 })
    }

    @Test func aNewRecordIsInsertedByItsFirstSave() async throws {
        let served = try await Self.served()
        let browser = BrowserSession(served.server)
        let form = await browser.get("/admin/Person/new")
        #expect(form.status == 200 && form.text.contains(#"name="name" value="""#))
        let saved = await browser.post("/admin/Person/new", [("name", "Barbara"), ("age", "41"), ("_action", "save")])
        #expect(saved.status == 303, "\(saved.text)")
        #expect(saved.header("Location")?.hasPrefix("/admin/Person/4") == true, "\(saved.headers)")
        #expect(try await served.people.load(id: 4)?.values["name"] == .string("Barbara"))
        let refused = await browser.post("/admin/Person/new", [("name", "Bob"), ("age", "x"), ("_action", "save")])
        #expect(refused.status == 422)
        #expect(try await served.people.count(RecordQuery()) == 4, "nothing inserted")
    }

    @Test func aNewRecordsRelatedPageInsertsItAndGoesToItsPage() async throws {
        let served = try await Self.served()
        let browser = BrowserSession(served.server)
        #expect(await browser.get("/admin/Person/new/address").status == 200)
        let saved = await browser.post("/admin/Person/new/address", [("city", "Oslo"), ("_action", "save")])
        #expect(saved.status == 303 && saved.header("Location")?.hasPrefix("/admin/Person/4") == true)
        #expect(try await served.people.load(id: 4)?.values[FormPath("address.city")] == .string("Oslo"))
    }

    @Test func aRecordsPageHasItsTrailAndAMissingOneIsGone() async throws {
        let served = try await Self.served()
        let browser = BrowserSession(served.server)
        let page = await browser.get("/admin/Person/2")
        #expect(page.status == 200 && page.text.contains(#"value="Grace""#))
        #expect(
            page.text.contains(#"<li><a href="/admin/">Records</a></li><li><a href="/admin/Person/">Person</a></li>"#))
        for path in [
            "/admin/Person/99", "/admin/Person/02", "/admin/Person/-1", "/admin/Nobody/", "/admin/Person/delete/x",
        ] {
            #expect(await browser.get(path).status == 404, "\(path)")
        }
    }

    /// A row another program wrote that the type does not allow (an email that is not one):
    /// its page says which record cannot be read, not that the lookups' choices cannot.
    @Test func aRecordTheTypeCannotReadIsNamedOnItsPage() async throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("people-\(UUID()).sqlite").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let configs = try ConfigDictionary(describing: Site.self)
        var plain = configs
        try plain["Person"]?.update("email") { $0.type = .text }
        let other = try SQLiteRecordStore(path: path, typeName: "Person", configs: plain)
        _ = try await other.insert(.record(["name": .string("Ada"), "email": .string("not an address")]))
        let people = try SQLiteRecordStore(path: path, typeName: "Person", configs: configs)
        let server = RecordServer(
            configs: configs, tables: [RecordServer.Table(typeName: "Person", records: people)],
            secret: BrowserSession.secret)
        let page = await BrowserSession(server).get("/Person/1")
        #expect(page.status == 500)
        #expect(page.text.contains("Record 1 of Person cannot be read."), "\(page.text)")
    }

    @Test func aDeleteAsksFirstAndNeedsTheTokenAndTheVersion() async throws {
        let served = try await Self.served()
        let browser = BrowserSession(served.server)
        let question = await browser.get("/admin/Person/delete/2")
        #expect(question.status == 200 && question.text.contains("Delete Person “Grace”? This cannot be undone."))
        let forged = await browser.post("/admin/Person/delete/2", [("_csrf", "forged")])
        #expect(forged.status == 403)
        _ = await browser.get("/admin/Person/delete/2")
        _ = try await served.people.update(
            id: 2, with: .record(["name": .string("Grace H."), "age": .int(31)]), expecting: 1)
        let stale = await browser.post("/admin/Person/delete/2", [])
        #expect(stale.status == 409 && stale.text.contains("nothing was deleted"))
        #expect(try await served.people.load(id: 2) != nil)
        _ = await browser.get("/admin/Person/delete/2")
        let token = try #require(browser.hidden("_csrf"))
        let deleted = await browser.post("/admin/Person/delete/2", [])
        #expect(deleted.status == 303 && deleted.header("Location") == "/admin/Person/?deleted=2")
        #expect(try await served.people.load(id: 2) == nil)
        let list = await browser.get("/admin/Person/", query: "deleted=2")
        #expect(list.text.contains(#"<p class="mf-notice" role="status">Deleted Person #2.</p>"#))
        #expect(await browser.get("/admin/Person/delete/2").status == 404)
        #expect(await browser.post("/admin/Person/delete/2", [("_csrf", token), ("_version", "2")]).status == 404)
    }

    @Test func unsafeMethodsAndForeignHostsAreRefused() async throws {
        let served = try await Self.served()
        for (method, path) in [("POST", "/admin/"), ("PUT", "/admin/Person/"), ("DELETE", "/admin/Person/delete/1")] {
            let response = await served.server.respond(
                to: FormRequest(method: method, path: path, headers: [("Host", "localhost")]))
            #expect(response.status == 405, "\(method) \(path)")
        }
        let foreign = await served.server.respond(
            to: FormRequest(method: "GET", path: "/admin/", headers: [("Host", "evil.example")]))
        #expect(foreign.status == 400)
        #expect(try await served.people.count(RecordQuery()) == 3)
    }

    @Test func userTextIsEscapedOnEveryPage() async throws {
        let served = try await Self.served(people: ["<script>alert(1)</script>"])
        let browser = BrowserSession(served.server)
        for path in ["/admin/Person/", "/admin/Person/delete/1"] {
            let page = await browser.get(path)
            #expect(!page.text.contains("<script>") && page.text.contains("&lt;script&gt;"), "\(path)")
        }
        let search = await browser.get("/admin/Person/", query: "q=%22%3E%3Cb%3E")
        #expect(search.text.contains(#"value="&quot;&gt;&lt;b&gt;""#) && !search.text.contains("<b>"))
    }

    @Test(.enabled(if: ProcessInfo.processInfo.environment["MODELFORM_EXTERNAL_CHECKS"] == "1"))
    func thePagesPassNuAndAxe() async throws {
        let served = try await Self.served(people: (1...60).map { "Person \($0)" })
        let browser = BrowserSession(served.server)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("modelform-records-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let pages = [
            ("index", "/admin/", ""), ("list", "/admin/Person/", "sort=-age&page=2&deleted=3"),
            ("search", "/admin/Person/", "q=9"), ("empty", "/admin/Tag/", ""), ("new", "/admin/Person/new", ""),
            ("record", "/admin/Person/2", ""), ("delete", "/admin/Person/delete/2", ""),
        ]
        for (name, path, query) in pages {
            let page = await browser.get(path, query: query)
            #expect(page.status == 200, "\(path)")
            try page.text.write(to: folder.appendingPathComponent("\(name).html"), atomically: true, encoding: .utf8)
        }
        if let keep = ProcessInfo.processInfo.environment["MODELFORM_KEEP_PAGES"] {
            for (name, _, _) in pages {
                try? FileManager.default.copyItem(
                    at: folder.appendingPathComponent("\(name).html"), to: URL(fileURLWithPath: keep + "/\(name).html"))
            }
        }
        try ExternalCheckers.check("check_outputs.py", "--pages", folder.path)
    }
}
