import Foundation
import ModelForm
import ModelFormRecords
import ModelFormSQLite
import ModelFormServer
import TestFixtures
import Testing

/// A served form over one record of a SQLite table: the page shows the record, a save
/// updates its row at the page's version, and a save over a change made meanwhile is the
/// conflict page with nothing written.
@Suite struct RecordFormStoreTests {
    struct Person: Codable {
        var name = ""
        var age = 0
    }

    static func served() async throws -> (FormServer, SQLiteRecordStore, StoredRecord) {
        let configs = try ConfigDictionary(describing: Person.self)
        let store = try SQLiteRecordStore(path: ":memory:", typeName: "Person", configs: configs)
        _ = try await store.insert(.record(["name": .string("Grace"), "age": .int(45)]))
        let ada = try await store.insert(.record(["name": .string("Ada"), "age": .int(36)]))
        let server = FormServer(
            configs: configs, typeName: "Person", store: RecordFormStore(records: store, id: ada.id),
            secret: BrowserSession.secret, mount: "/people/\(ada.id)")
        return (server, store, ada)
    }

    @Test func aSaveUpdatesTheRecordsRowAtThePagesVersion() async throws {
        let (server, store, ada) = try await Self.served()
        let browser = BrowserSession(server)
        let page = await browser.get("/people/\(ada.id)")
        #expect(page.status == 200 && page.text.contains("value=\"Ada\""))
        #expect(browser.hidden("_version") == "1")
        let saved = await browser.post("/people/\(ada.id)", [("name", "Ada"), ("age", "37"), ("_action", "save")])
        #expect(saved.status == 303)
        let row = try #require(try await store.load(id: ada.id))
        #expect(row.version == 2 && row.values["age"] == .int(37))
        #expect(try await store.load(id: 1)?.values["name"] == .string("Grace"), "the other row is untouched")
    }

    @Test func aSaveOverAChangeMadeMeanwhileIsTheConflictPage() async throws {
        let (server, store, ada) = try await Self.served()
        let browser = BrowserSession(server)
        _ = await browser.get("/people/\(ada.id)")
        let meanwhile = try await store.update(
            id: ada.id, with: .record(["name": .string("Augusta"), "age": .int(36)]), expecting: 1)
        let stale = await browser.post("/people/\(ada.id)", [("name", "Ada"), ("age", "40"), ("_action", "save")])
        #expect(stale.status == 409)
        #expect(try await store.load(id: ada.id) == meanwhile, "nothing written")
    }

    @Test func aDeletedRecordsPageIsGone() async throws {
        let (server, store, ada) = try await Self.served()
        let browser = BrowserSession(server)
        _ = await browser.get("/people/\(ada.id)")
        try await store.delete(id: ada.id, expecting: 1)
        #expect(await browser.get("/people/\(ada.id)").status == 404)
        let save = await browser.post("/people/\(ada.id)", [("name", "Ada"), ("age", "40"), ("_action", "save")])
        #expect(save.status == 404 && save.text.contains("this record was deleted"))
        #expect(try await store.count(RecordQuery()) == 1)
    }
}
