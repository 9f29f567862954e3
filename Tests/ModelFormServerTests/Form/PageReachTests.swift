import Foundation
import ModelForm
import ModelFormServer
import ModelFormTesting
import TestFixtures
import Testing

/// What a person may reach is what the forms draw, not what a URL names: the page, the POST
/// and the remove confirmation of an entity reached only through a hidden field answer 404;
/// through a read-only one, the page is drawn read-only (no input, no button) and a POST is
/// refused with 400. In every case nothing is written.
@Suite struct PageReachTests {
    /// How a relationship of the team fixture is made unreachable or read-only.
    struct Case: CustomTestStringConvertible, Sendable {
        var name: String
        /// The relationship field of `Team` changed, and how.
        var key: String
        var change: @Sendable (inout Field) throws -> Void
        /// The page reached through it.
        var path: String
        /// `true`: the page is drawn read-only; `false`: it is not found.
        var readOnly: Bool
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(
            name: "hidden collection", key: "members", change: { $0.hidden = true }, path: "/members/0", readOnly: false
        ),
        Case(name: "hidden to-one", key: "lead", change: { $0.hidden = true }, path: "/lead", readOnly: false),
        Case(
            name: "collection hidden by its visibleIf rule", key: "members",
            change: { $0.conditions.visibleIf = try Condition(parsing: "name == \"nobody\"") }, path: "/members/1",
            readOnly: false),
        Case(
            name: "read-only collection", key: "members", change: { $0.readOnly = true }, path: "/members/0",
            readOnly: true),
        Case(name: "read-only to-one", key: "lead", change: { $0.readOnly = true }, path: "/lead", readOnly: true),
        Case(
            name: "collection disabled by its enabledIf rule", key: "members",
            change: { $0.conditions.enabledIf = try Condition(parsing: "name == \"nobody\"") }, path: "/members/2",
            readOnly: true),
    ]

    static func server(_ test: Case) throws -> (FormServer, MemoryStore) {
        let form = try YAMLFixtures.form("team")
        var configs = form.configs
        try configs["Team"]?.update(test.key, test.change)
        let store = MemoryStore(values: form.values)
        return (
            FormServer(configs: configs, typeName: form.typeName, store: store, secret: BrowserSession.secret), store
        )
    }

    @Test(arguments: cases)
    func aPageReachedOnlyThroughAHiddenOrReadOnlyFieldCannotBeEdited(_ test: Case) async throws {
        let (server, store) = try Self.server(test)
        let browser = BrowserSession(server)
        let root = await browser.get("/")
        #expect(root.status == 200)
        let before = await store.load()
        let page = await browser.get(test.path)
        if test.readOnly {
            #expect(page.status == 200, "the root draws a link to it: the page is shown, read-only")
            #expect(!page.text.contains("<button"), "no save, add, remove or move button")
            let inputs = page.text.components(separatedBy: "<input").dropFirst().filter {
                !$0.hasPrefix(" type=\"hidden\"")
            }
            #expect(!inputs.isEmpty && inputs.allSatisfy { $0.prefix(while: { $0 != ">" }).contains("readonly") })
        } else {
            #expect(page.status == 404, "\(page.text)")
            #expect(!page.text.contains("Grace Hopper") && !page.text.contains("Ada Lovelace"))
        }
        // Posting with a valid token and version (the root page's), as an attacker would.
        for action in ["save", "remove:friends[0]", "clear"] {
            let post = await browser.post(
                test.path, [("name", "INJ"), ("email", "x@example.com"), ("_action", action)])
            #expect(post.status == (test.readOnly ? 400 : 404), "\(action): \(post.status) \(post.text)")
            let confirmed = await browser.post(test.path, [("_action", action), ("_confirm", "yes")])
            #expect(confirmed.status == (test.readOnly ? 400 : 404), "\(action) confirmed")
        }
        let after = await store.load()
        #expect(after.values == before.values && after.version == before.version, "nothing was written")
    }

    @Test func editablePagesStillSave() async throws {
        let form = try YAMLFixtures.form("team")
        let store = MemoryStore(values: form.values)
        let server = FormServer(
            configs: form.configs, typeName: form.typeName, store: store, secret: BrowserSession.secret)
        let browser = BrowserSession(server)
        #expect(await browser.get("/members/1").status == 200)
        let post = await browser.post("/members/1", [("name", "Alan M. Turing"), ("_action", "save")])
        #expect(post.status == 303, "\(post.text)")
        #expect(await store.load().values["members[1].name"] == .string("Alan M. Turing"))
    }

    /// A field its `visibleIf` rule hides is not drawn; a value posted for it changes nothing
    /// and is not reported as saved (it was written as `null`, "Saved: Other Gender").
    @Test func aValuePostedForAFieldItsRuleHidesChangesNothing() async throws {
        let (server, store) = try FormServerTests.registration()
        let browser = BrowserSession(server)
        let page = await browser.get("/")
        #expect(!page.text.contains("name=\"otherGender\""), "gender is female: the field is not drawn")
        let response = await browser.post(
            "/", FormServerTests.registrationFields([("otherGender", "INJECTED"), ("_action", "save")]))
        #expect(response.status == 303)
        #expect(response.header("Location") == "/?saved=", "nothing reported as saved")
        #expect(await store.load().values["otherGender"] == nil, "still absent: not null, not the posted text")
    }
}
