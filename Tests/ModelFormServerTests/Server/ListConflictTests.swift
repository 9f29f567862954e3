import Foundation
import ModelForm
import ModelFormServer
import ModelFormTesting
import TestFixtures
import Testing

/// A conflict on a list keeps what the other person saved and draws exactly what its table
/// says is kept; an item's page is tied to its item, not to its place in the list.
@Suite struct ListConflictTests {
    /// The team form, a browser that drew `page`, and then another person's change to the
    /// stored members.
    static func afterAnotherChange(
        opening page: String, _ change: (inout [FormValue]) -> Void
    ) async throws -> (BrowserSession, MemoryStore, FormResponse) {
        let (server, store) = try FormServerTests.team()
        let browser = BrowserSession(server)
        let drawn = await browser.get(page)
        var other = await store.load().values
        guard case .list(var items) = other["members"] else { throw FormError.unknownField("members") }
        change(&items)
        try other.set(.list(items), at: "members")
        await store.replace(other)
        return (browser, store, drawn)
    }

    static func names(_ store: MemoryStore) async -> [String] {
        guard case .list(let items)? = await store.load().values["members"] else { return [] }
        return items.map { $0["name"]?.stringValue ?? "" }
    }

    @Test func aRemovalOnAStalePageKeepsTheOthersRemovalAndListsYourItems() async throws {
        let (browser, store, page) = try await Self.afterAnotherChange(opening: "/team") { $0.removeFirst() }
        let conflict = await browser.postBody("/team", BrowserForm.body(page.text, clicking: "remove:members[2]"))
        #expect(conflict.status == 409)
        #expect(conflict.text.contains("Stored: you both changed it."))
        #expect(conflict.text.contains("<li>Grace Hopper</li><li>Alan Turing</li></ol>"), "the user's list, to redo")
        // The form holds the stored list, as the table says.
        #expect(conflict.text.contains(#"name="members[0][name]" value="Alan Turing""#))
        #expect(conflict.text.contains(#"name="members[1][name]" value="Mary Somerville""#))
        #expect(!conflict.text.contains("members[2]"))
        let asDrawn = await browser.postBody("/team", BrowserForm.body(conflict.text, clicking: "save"))
        #expect(asDrawn.status == 303, "\(asDrawn.text)")
        #expect(await Self.names(store) == ["Alan Turing", "Mary Somerville"])
    }

    @Test func aListOnlyTheOtherChangedIsKeptAsStoredWithTheUsersOtherEdits() async throws {
        let (browser, store, page) = try await Self.afterAnotherChange(opening: "/team") { $0.removeFirst() }
        let conflict = await browser.postBody(
            "/team", BrowserForm.body(page.text, typing: ["name": "Difference Engines"], clicking: "save"))
        #expect(conflict.status == 409)
        #expect(conflict.text.contains("Stored (you did not change it)"))
        #expect(!conflict.text.contains("members[2]") && conflict.text.contains(#"value="Difference Engines""#))
        let asDrawn = await browser.postBody("/team", BrowserForm.body(conflict.text, clicking: "save"))
        #expect(asDrawn.status == 303, "\(asDrawn.text)")
        #expect(await Self.names(store) == ["Alan Turing", "Mary Somerville"])
        #expect(await store.load().values["name"] == .string("Difference Engines"))
    }

    @Test func anItemPageFollowsItsItemWhenItMoves() async throws {
        let (browser, store, page) = try await Self.afterAnotherChange(opening: "/team/members/2") {
            $0.removeFirst()
        }
        let conflict = await browser.postBody(
            "/team/members/2", BrowserForm.body(page.text, typing: ["email": "mary@example.com"], clicking: "save"))
        #expect(conflict.status == 409)
        #expect(conflict.text.contains("Member 3 is now Member 2"))
        #expect(conflict.text.contains(#"action="/team/members/1""#))
        #expect(conflict.text.contains(#"value="mary@example.com""#))
        let asDrawn = await browser.postBody("/team/members/1", BrowserForm.body(conflict.text, clicking: "save"))
        #expect(asDrawn.status == 303, "\(asDrawn.text)")
        let saved = await store.load().values
        #expect(saved["members[1].email"] == .string("mary@example.com") && saved["members[0].email"] == nil)
        #expect(await Self.names(store) == ["Alan Turing", "Mary Somerville"])
    }

    @Test func anItemPageFollowsItsItemWhenTheListIsReordered() async throws {
        let (browser, store, page) = try await Self.afterAnotherChange(opening: "/team/members/1") {
            $0.swapAt(1, 2)
        }
        let conflict = await browser.postBody(
            "/team/members/1", BrowserForm.body(page.text, typing: ["name": "Alan M. Turing"], clicking: "save"))
        #expect(conflict.status == 409 && conflict.text.contains(#"action="/team/members/2""#))
        let asDrawn = await browser.postBody("/team/members/2", BrowserForm.body(conflict.text, clicking: "save"))
        #expect(asDrawn.status == 303, "\(asDrawn.text)")
        #expect(await Self.names(store) == ["Grace Hopper", "Mary Somerville", "Alan M. Turing"])
    }

    @Test(arguments: [0, 2])
    func aSaveToAnItemThatIsGoneWritesNothingAndShowsWhatWasSent(_ index: Int) async throws {
        let (browser, store, page) = try await Self.afterAnotherChange(opening: "/team/members/\(index)") {
            $0.remove(at: index)
        }
        let before = await store.load()
        let response = await browser.postBody(
            "/team/members/\(index)",
            BrowserForm.body(page.text, typing: ["name": "Someone <b>Else</b>"], clicking: "save"))
        #expect(response.status == 409, "not 404: the user's work is shown")
        #expect(response.text.contains("Someone removed or changed this item"))
        #expect(response.text.contains("Someone &lt;b&gt;Else&lt;/b&gt;"))
        #expect(response.text.contains(#"<a href="/team">Back to Team</a>"#))
        let after = await store.load()
        #expect(after.version == before.version && after.values == before.values)
    }

    /// Changed in place (a list of the same length): the same item; the fields merge.
    @Test func anItemTheOtherEditedInPlaceMergesFieldByField() async throws {
        let (browser, store, page) = try await Self.afterAnotherChange(opening: "/team/members/1") { items in
            if case .record(var alan) = items[1] {
                alan["email"] = .string("alan@example.com")
                items[1] = .record(alan)
            }
        }
        let conflict = await browser.postBody(
            "/team/members/1", BrowserForm.body(page.text, typing: ["name": "Alan M. Turing"], clicking: "save"))
        #expect(conflict.status == 409 && conflict.text.contains(#"value="alan@example.com""#))
        let asDrawn = await browser.postBody("/team/members/1", BrowserForm.body(conflict.text, clicking: "save"))
        #expect(asDrawn.status == 303, "\(asDrawn.text)")
        let saved = await store.load().values
        #expect(saved["members[1].name"] == .string("Alan M. Turing"))
        #expect(saved["members[1].email"] == .string("alan@example.com"))
    }
}
