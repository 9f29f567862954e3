import ModelForm
import Testing

@testable import ModelFormEditor

/// The terminal's list of records as values: keys in, requests out; the screen it draws.
@Suite struct RecordListTests {
    static func listing(_ names: [String], page: Int = 1, pages: Int = 1, search: String? = nil) -> RecordListing {
        RecordListing(
            title: "Employee", columns: ["Name", "Department"],
            rows: names.enumerated().map { index, name in
                RecordListing.Row(id: Int64(index + 1), title: name, cells: [name, "Research"])
            }, count: names.count, page: page, pages: pages, search: search)
    }

    static func state(_ keys: [Key], listing: RecordListing = listing(["Ada", "Grace", "Linus"])) -> RecordListState {
        var state = RecordListState(listing)
        for key in keys where state.request == nil { state.handle(key, pageSize: 10) }
        return state
    }

    @Test(arguments: [
        ([Key.enter], RecordListState.Request.open(1)),
        ([.down, .down, .down, .enter], .open(3)),
        ([.end, .up, .enter], .open(2)),
        ([.character("a")], .add),
        ([.down, .character("d")], .askDeletion(2)),
        ([.character("/"), .character("g"), .character("r"), .enter], .load(search: "gr", page: 1)),
        ([.character("q")], .quit),
        ([.control("c")], .quit),
        ([.escape], .quit),
    ])
    func aKeyAsksForSomething(keys: [Key], request: RecordListState.Request) {
        #expect(Self.state(keys).request == request)
    }

    @Test func pagesAreAskedForOnlyWhereThereAreSome() {
        let middle = Self.listing(["Ada"], page: 2, pages: 3, search: "a")
        #expect(Self.state([.right], listing: middle).request == .load(search: "a", page: 3))
        #expect(Self.state([.left], listing: middle).request == .load(search: "a", page: 1))
        // Esc leaves the search before it leaves the list.
        #expect(Self.state([.escape], listing: middle).request == .load(search: nil, page: 1))
        let only = Self.state([.right])
        #expect(only.request == nil && only.message == "this is the last page")
        #expect(Self.state([.left]).message == "this is the first page")
    }

    @Test func aDeleteIsAskedAndOnlyYDeletes() {
        var state = Self.state([.character("d")])
        #expect(state.request == .askDeletion(1))
        state.request = nil
        state.confirm("Delete Employee “Ada”?", id: 1, version: 4)
        var kept = state
        kept.handle(.enter, pageSize: 10)
        #expect(kept.request == nil && kept.message == "not deleted")
        state.handle(.character("y"), pageSize: 10)
        #expect(state.request == .delete(1, version: 4))
    }

    @Test func anEmptyListOpensNothingAndDeletesNothing() {
        let empty = Self.listing([])
        #expect(Self.state([.enter], listing: empty).request == nil)
        #expect(Self.state([.character("d")], listing: empty).request == nil)
        #expect(Self.state([.character("a")], listing: empty).request == .add)
    }

    @Test func anotherPageKeepsTheFocusedRecordWhenItIsThere() {
        var state = Self.state([.down, .down])
        state.show(Self.listing(["Ada", "Linus"]).withIDs([1, 3]))
        #expect(state.focusedID == 3)
        state.show(Self.listing(["Ada"]), focusing: 9)
        #expect(state.focus == 0)
    }

    @Test func theScreenShowsColumnsTheFocusAndEscapedText() {
        var screen = RecordListScreen(width: 40, height: 8)
        let hostile = Self.listing(["Ada", "x\u{1B}[2Jy", "a very long name that does not fit in forty columns"])
        let frame = screen.frame(Self.state([.down], listing: hostile))
        #expect(
            frame.lines == [
                "Employee · 3 records",
                "  Name                        Department",
                "  Ada                         Research",
                "› x^[[2Jy                     Research",
                "  a very long name that does  Research",
                "",
                "record 2 of 3 on this page",
                "↑↓ move Enter open a add d delete",
            ])
        #expect(frame.styles[3] == .focused)
        #expect(!frame.lines.joined().contains("\u{1B}"))
    }

    @Test func aLongQuestionIsWrappedAboveTheStatusLine() {
        var screen = RecordListScreen(width: 30, height: 10)
        var state = Self.state([])
        state.confirm("Delete Department “Research”? It also deletes 2 records of Employee.", id: 1, version: 1)
        let lines = screen.frame(state).lines
        #expect(lines[5...7] == ["Delete Department “Research”?", "It also deletes 2 records of", "Employee."])
        #expect(lines.last == "y delete any other key keep it")
    }

    @Test func theSearchLineHasTheCursor() {
        var screen = RecordListScreen(width: 40, height: 8)
        let frame = screen.frame(Self.state([.character("/"), .character("a"), .character("b")]))
        #expect(frame.lines[6] == "Search: ab")
        #expect(frame.cursor == EditorFrame.Cursor(line: 6, column: 10))
    }
}

extension RecordListing {
    fileprivate func withIDs(_ ids: [Int64]) -> RecordListing {
        var copy = self
        for (index, id) in ids.enumerated() where index < copy.rows.count { copy.rows[index].id = id }
        return copy
    }
}
