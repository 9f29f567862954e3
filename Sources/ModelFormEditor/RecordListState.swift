import ModelForm

/// The terminal's list of a type's records (`modelform edit --database` without `--record`),
/// as a value changed by keys: a page of records with one focused, a search line, a delete's
/// question. What the user asks of the database (a page, a record, a new one, a delete)
/// becomes ``request``, which the caller carries out and clears before the next key.
package struct RecordListState: Sendable {
    /// What the user asked for.
    package enum Request: Sendable, Hashable {
        /// Another page, or the records that match another search.
        case load(search: String?, page: Int)
        /// The record's form.
        case open(Int64)
        /// A new record's form.
        case add
        /// What deleting the record does, to ask first (``confirm(_:id:version:)``).
        case askDeletion(Int64)
        /// The delete, confirmed, at the version asked about.
        case delete(Int64, version: Int64)
        case quit
    }

    /// What keys do now.
    package enum Mode: Sendable, Hashable {
        case browsing
        /// The search line is open.
        case searching(LineEditor)
        /// A delete's question is asked: `y` deletes.
        case confirming(question: String, id: Int64, version: Int64)
    }

    package private(set) var listing: RecordListing
    /// The focused row.
    package private(set) var focus = 0
    package private(set) var mode = Mode.browsing
    /// A line for the status bar (what a save or a delete did), until the next key.
    package var message: String?
    package var request: Request?

    package init(_ listing: RecordListing) { self.listing = listing }

    /// The focused record's id.
    package var focusedID: Int64? { listing.rows.indices.contains(focus) ? listing.rows[focus].id : nil }

    /// Shows another page, focused on record `id` when it is on it (else the same row, or
    /// the last).
    package mutating func show(_ listing: RecordListing, focusing id: Int64? = nil) {
        let wanted = id ?? focusedID
        self.listing = listing
        focus = listing.rows.firstIndex { $0.id == wanted } ?? min(focus, max(0, listing.rows.count - 1))
        if listing.rows.isEmpty { focus = 0 }
    }

    /// Asks `question` about deleting record `id` at `version`: `y` asks for the delete.
    package mutating func confirm(_ question: String, id: Int64, version: Int64) {
        mode = .confirming(question: question, id: id, version: version)
    }

    /// Applies a key; `pageSize` is how many rows PgUp and PgDn move by.
    package mutating func handle(_ key: Key, pageSize: Int) {
        message = nil
        switch mode {
        case .confirming(_, let id, let version):
            mode = .browsing
            if key == .character("y") || key == .character("Y") {
                request = .delete(id, version: version)
            } else {
                message = "not deleted"
            }
        case .searching(var line):
            switch key {
            case .enter:
                mode = .browsing
                request = .load(search: line.value, page: 1)
            case .escape, .control("c"): mode = .browsing
            default:
                line.handle(key)
                mode = .searching(line)
            }
        case .browsing: browse(key, pageSize: pageSize)
        }
    }

    private mutating func browse(_ key: Key, pageSize: Int) {
        let last = max(0, listing.rows.count - 1)
        switch key {
        case .up, .character("k"): focus = max(0, focus - 1)
        case .down, .character("j"), .tab: focus = min(last, focus + 1)
        case .pageUp: focus = max(0, focus - pageSize)
        case .pageDown: focus = min(last, focus + pageSize)
        case .home: focus = 0
        case .end: focus = last
        case .enter: if let id = focusedID { request = .open(id) }
        case .character("a"), .character("n"): request = .add
        case .character("d"), .delete: if let id = focusedID { request = .askDeletion(id) }
        case .character("/"), .character("s"): mode = .searching(LineEditor(listing.search ?? ""))
        case .right, .character(">"):
            if listing.page < listing.pages {
                request = .load(search: listing.search, page: listing.page + 1)
            } else {
                message = "this is the last page"
            }
        case .left, .character("<"):
            if listing.page > 1 {
                request = .load(search: listing.search, page: listing.page - 1)
            } else {
                message = "this is the first page"
            }
        case .escape:
            // Esc leaves a search first, then the list.
            request = listing.search == nil ? .quit : .load(search: nil, page: 1)
        case .character("q"), .control("c"): request = .quit
        default: break
        }
    }
}
