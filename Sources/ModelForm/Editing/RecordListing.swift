/// One page of a type's records as text, for a list drawn outside a browser (the terminal
/// editor's): the same columns, search, titles and pages as the server's change list, which
/// makes it.
package struct RecordListing: Sendable, Hashable {
    /// One record: its id, its name for a person and its columns' text (`—` for nothing).
    package struct Row: Sendable, Hashable {
        package var id: Int64
        package var title: String
        package var cells: [String]

        package init(id: Int64, title: String, cells: [String]) {
            self.id = id
            self.title = title
            self.cells = cells
        }
    }

    /// The type's title (`Employee`).
    package var title: String
    /// The columns' titles (`Record` when the type has no columns).
    package var columns: [String]
    package var rows: [Row]
    /// How many records match the search, on every page.
    package var count: Int
    /// This page, from 1, and how many there are (at least 1).
    package var page: Int
    package var pages: Int
    /// The search the records match, if any.
    package var search: String?

    package init(
        title: String, columns: [String], rows: [Row], count: Int, page: Int, pages: Int, search: String?
    ) {
        self.title = title
        self.columns = columns
        self.rows = rows
        self.count = count
        self.page = page
        self.pages = pages
        self.search = search
    }
}
