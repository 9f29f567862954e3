import Foundation
import ModelForm
import ModelFormRecords
import ModelFormSQLite
import ModelFormServer
import TestFixtures
import Testing

/// To-many lookups on a `RecordServer`: `[Reference<Tag>]` is a multi-choice among the tags
/// by name, stored as the list of ids, each chosen tag linked to its page; a tag any list
/// holds is not deleted until none does.
@Suite struct RecordToManyLookupTests {
    struct Tag: Codable {
        var name = ""
    }
    struct Article: Codable {
        var title = ""
        var tags: [Reference<Tag>] = []
    }

    struct Served {
        var server: RecordServer
        var articles: SQLiteRecordStore
        var tags: SQLiteRecordStore
    }

    static func served() async throws -> Served {
        let configs = try ConfigDictionary(describing: Article.self)
        #expect(configs["Article"]?.field("tags")?.lookup == "Tag")
        let articles = try SQLiteRecordStore(path: ":memory:", typeName: "Article", configs: configs)
        let tags = try SQLiteRecordStore(sharing: articles, typeName: "Tag", configs: configs)
        for name in ["Swift", "Linux", "Forms"] { _ = try await tags.insert(.record(["name": .string(name)])) }
        _ = try await articles.insert(.record(["title": .string("Hello"), "tags": .list([.int(1), .int(3)])]))
        let server = RecordServer(
            configs: configs,
            tables: [
                RecordServer.Table(typeName: "Article", records: articles),
                RecordServer.Table(typeName: "Tag", records: tags),
            ], secret: BrowserSession.secret)
        return Served(server: server, articles: articles, tags: tags)
    }

    @Test func aToManyLookupIsAMultiChoiceByTitleStoredAsTheIds() async throws {
        let served = try await Self.served()
        let browser = BrowserSession(served.server)
        let page = await browser.get("/Article/1")
        #expect(page.status == 200)
        #expect(page.text.contains(#"type="checkbox" id="f-tags-0" name="tags" value="1" checked"#), "\(page.text)")
        #expect(
            page.text.contains(#"<label for="f-tags-0">Swift</label> <a href="/Tag/1" class="mf-link">Open Swift</a>"#))
        #expect(page.text.contains(#"<label for="f-tags-1">Linux</label></span>"#), "not chosen: no link")
        #expect(page.text.contains(#"<a href="/Tag/3" class="mf-link">Open Forms</a>"#))

        let saved = await browser.post("/Article/1", [("title", "Hello"), ("tags", "2"), ("_action", "save")])
        #expect(saved.status == 303, "\(saved.text)")
        #expect(try await served.articles.load(id: 1)?.values["tags"] == .list([.int(2)]))
        let list = await browser.get("/Article/")
        #expect(list.text.contains(#"<a href="/Article/1">Hello</a></td><td>Linux</td>"#), "\(list.text)")

        _ = await browser.get("/Article/1")
        let none = await browser.post("/Article/1", [("title", "Hello"), ("_action", "save")])
        #expect(none.status == 303)
        #expect(try await served.articles.load(id: 1)?.values["tags"] == .list([]))
    }

    @Test func aChoiceThatIsNoRecordIsRefused() async throws {
        let served = try await Self.served()
        let browser = BrowserSession(served.server)
        _ = await browser.get("/Article/1")
        let refused = await browser.post("/Article/1", [("title", "Hello"), ("tags", "7"), ("_action", "save")])
        #expect(refused.status == 422, "\(refused.text)")
        #expect(try await served.articles.load(id: 1)?.values["tags"] == .list([.int(1), .int(3)]), "nothing saved")
    }

    @Test func aRecordAnyListHoldsIsNotDeletedUntilNoneDoes() async throws {
        let served = try await Self.served()
        let browser = BrowserSession(served.server)
        let question = await browser.get("/Tag/delete/3")
        #expect(question.text.contains("“Forms” cannot be deleted: other records refer to it."), "\(question.text)")
        #expect(question.text.contains(#"1 record of Article by Tags: <a href="/Article/1">Hello</a>"#))
        let unused = await browser.get("/Tag/delete/2")
        #expect(unused.text.contains("This cannot be undone"), "Linux is in no list")
        _ = try await served.articles.update(
            id: 1, with: .record(["title": .string("Hello"), "tags": .list([.int(1)])]), expecting: 1)
        _ = await browser.get("/Tag/delete/3")
        let deleted = await browser.post("/Tag/delete/3", [])
        #expect(deleted.status == 303)
        #expect(try await served.tags.load(id: 3) == nil)
    }

    @Test(.enabled(if: ProcessInfo.processInfo.environment["MODELFORM_EXTERNAL_CHECKS"] == "1"))
    func theToManyLookupPagesPassNuAndAxe() async throws {
        let served = try await Self.served()
        let browser = BrowserSession(served.server)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("modelform-to-many-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        for (name, path) in [("article", "/Article/1"), ("list", "/Article/"), ("referred", "/Tag/delete/3")] {
            let page = await browser.get(path)
            #expect(page.status == 200, "\(path)")
            try page.text.write(to: folder.appendingPathComponent("\(name).html"), atomically: true, encoding: .utf8)
        }
        try ExternalCheckers.check("check_outputs.py", "--pages", folder.path)
    }
}
