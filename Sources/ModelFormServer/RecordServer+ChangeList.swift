import Foundation
import ModelForm
import ModelFormHTML
import ModelFormRecords

extension RecordServer {
    /// `/`: each type with its count and a link to its list.
    func index(_ request: FormRequest) async -> FormResponse {
        var w = HTMLWriter()
        w.raw("<ul class=\"mf-index\">\n")
        for table in tables {
            let count: Int
            do { count = try await table.records.count(RecordQuery()) } catch {
                return site.internalError("The records of \(table.typeName) cannot be counted", error)
            }
            w.raw("<li>")
            Self.link(&w, url(table, "/"), title(of: table))
            w.raw(" ")
            w.element("span", text: Self.counted(count)) { $0.attribute("class", "mf-summary") }
            w.raw("</li>\n")
        }
        w.raw("</ul>")
        return site.html(
            site.renderer.document(title: "Records", body: w.html), status: 200, visitor: FormServer.Visitor(request))
    }

    /// What a change list was asked for: `q` (search), `sort` (a column, `-` first for
    /// descending), `page` (from 1).
    struct ListRequest {
        var search: String?
        var sort: RecordSort?
        var page = 1

        /// The query's settings, or a 400 that says which one is wrong.
        init(query: String, columns: [Field]) throws(Refusal) {
            for pair in URLEncodedForm.pairs(query) {
                switch pair.name {
                case "q":
                    let text = pair.value.trimmingCharacters(in: .whitespacesAndNewlines)
                    search = text.isEmpty ? nil : String(text.prefix(200))
                case "sort":
                    let descending = pair.value.hasPrefix("-")
                    let key = descending ? String(pair.value.dropFirst()) : pair.value
                    guard columns.contains(where: { $0.key == key }) else {
                        let offered = columns.compactMap(\.key).joined(separator: ", ")
                        throw Refusal(
                            "Cannot sort by '\(RecordServer.printable(key))': the columns are \(offered).")
                    }
                    sort = RecordSort(key, ascending: !descending)
                case "page":
                    guard let number = Int(pair.value), number >= 1, number <= 1_000_000 else {
                        throw Refusal("The page is a whole number from 1, not '\(RecordServer.printable(pair.value))'.")
                    }
                    page = number
                default: continue
                }
            }
        }

        /// This request's query with other settings.
        func query(sort: RecordSort?? = .none, page: Int? = nil) -> String {
            var pairs: [(String, String)] = []
            if let search { pairs.append(("q", search)) }
            if let sort = sort ?? self.sort { pairs.append(("sort", (sort.ascending ? "" : "-") + sort.key)) }
            let page = page ?? self.page
            if page > 1 { pairs.append(("page", String(page))) }
            return "?" + pairs.map { "\($0)=\(URLEncodedForm.encode($1))" }.joined(separator: "&")
        }
    }

    /// A refused list request.
    struct Refusal: Error {
        var message: String
        init(_ message: String) { self.message = message }
    }

    /// `/TYPE/`: the count, the search form, one page of records as a table whose column
    /// headings sort it, and the links to the other pages.
    func changeList(_ table: Table, request: FormRequest) async -> FormResponse {
        let asked: ListRequest
        do { asked = try ListRequest(query: request.query, columns: columns(of: table, in: configs)) } catch {
            return FormServer.plain(400, "Refused: \(error.message)")
        }
        let read: RecordPage
        do { read = try await recordPage(table, search: asked.search, sort: asked.sort, page: asked.page) } catch {
            return site.internalError("The records of \(table.typeName) cannot be listed", error)
        }
        guard asked.page <= read.pages else {
            return FormServer.plain(404, "Not found: page \(asked.page) is past the last page (\(read.pages)).")
        }
        var w = HTMLWriter(capacity: 4096 + read.records.count * 256)
        notice(request.query, table: table, into: &w)
        w.raw("<p>")
        Self.link(&w, url(table, "/new"), "Add \(title(of: table))", class: "mf-button mf-primary")
        w.raw("</p>\n")
        searchForm(asked, count: read.count, into: &w)
        recordTable(table, read.records, columns: read.columns, asked: asked, configs: read.configs, into: &w)
        pageLinks(asked, pages: read.pages, list: url(table, "/"), into: &w)
        var renderer = site.renderer
        renderer.breadcrumbs = [("Records", home)]
        return site.html(
            renderer.document(title: title(of: table), body: w.html), status: 200, visitor: FormServer.Visitor(request))
    }

    /// One page of a table's records as a list shows them.
    struct RecordPage {
        /// How many records match, and on how many pages (at least 1).
        var count: Int
        var pages: Int
        /// The page's records: none for a page past the last.
        var records: [StoredRecord]
        /// The forms with the lookups' choices the page's records name, and the columns in them.
        var configs: ConfigDictionary
        var columns: [Field]
    }

    /// Page `page` (from 1) of the records of `table` that match `search`, sorted by `sort`
    /// then id: the change list's and the terminal's. A page past the last reads no records.
    func recordPage(_ table: Table, search: String?, sort: RecordSort?, page: Int) async throws -> RecordPage {
        var query = RecordQuery(search: search, offset: (page - 1) * pageSize, limit: pageSize)
        if let sort { query.sort = [sort] }
        let count = try await table.records.count(query)
        let pages = max(1, (count + pageSize - 1) / pageSize)
        let records = page <= pages ? try await table.records.list(query) : []
        // Lookups as choices by title; one of many records offers the page's own.
        let shown = try await configsWithChoices(LookupRequest(record: .list(records.map(\.values)))).configs
        return RecordPage(
            count: count, pages: pages, records: records, configs: shown, columns: columns(of: table, in: shown))
    }

    /// The fields a list shows: the table's columns, or its first five single values that
    /// are shown as text (no images, secrets or long texts).
    func columns(of table: Table, in configs: ConfigDictionary) -> [Field] {
        let fields = configs[table.typeName]?.fields ?? []
        if let keys = table.columns { return keys.compactMap { key in fields.first { $0.key == key } } }
        return Array(
            fields.filter { field in
                guard field.key != nil, !field.hidden, ![.image, .password, .longText].contains(field.type) else {
                    return false
                }
                switch field.shape {
                case .single: return true
                case .record, .records, .items, .positions, .entries, .alternatives: return false
                }
            }.prefix(5))
    }

    /// A record's name for a person: its `name` or `title`, else its first column's text,
    /// else `Person #7`.
    func recordTitle(_ record: StoredRecord, of table: Table) -> String { recordTitles(of: table)(record) }

    /// The names of a table's records (see ``recordTitle(_:of:)``), with the fields they are
    /// read from looked up once for a whole list.
    func recordTitles(of table: Table) -> (StoredRecord) -> String {
        let display = FieldDisplay(configs: configs, transformers: site.environment.transformers)
        let fields = configs[table.typeName]?.fields ?? []
        let named = ["name", "title"].compactMap { key in fields.first { $0.key == key } }
        let candidates = (named + columns(of: table, in: configs)).compactMap { field in
            field.key.map { (path: FormPath([.key($0)]), field: field) }
        }
        let typeTitle = title(of: table)
        return { record in
            for candidate in candidates {
                guard let value = record.values[candidate.path], value != .null else { continue }
                let text = display.display(value, for: candidate.field).trimmingCharacters(in: .whitespacesAndNewlines)
                if !text.isEmpty { return String(text.prefix(80)) }
            }
            return "\(typeTitle) #\(record.id)"
        }
    }

    /// User text for a plain-text message: control characters shown as `?`, at most 60
    /// characters.
    static func printable(_ text: String) -> String {
        let shown = text.unicodeScalars.prefix(60).map { $0.properties.generalCategory == .control ? "?" : String($0) }
        return shown.joined() + (text.unicodeScalars.count > 60 ? "…" : "")
    }

    /// A link: `<a href class rel>text</a>`, the text escaped.
    static func link(
        _ w: inout HTMLWriter, _ href: String, _ text: String, class name: String? = nil, rel: String? = nil
    ) {
        w.element("a", text: text) {
            $0.attribute("href", href)
            $0.attribute("class", name)
            $0.attribute("rel", rel)
        }
    }

    static func counted(_ count: Int) -> String { count == 1 ? "1 record" : "\(count) records" }

    /// A notice from the query (`?deleted=7`), as a status message: only an id, so a link
    /// cannot put words of its own on the page.
    func notice(_ query: String, table: Table, into w: inout HTMLWriter) {
        for pair in URLEncodedForm.pairs(query) where pair.name == "deleted" {
            guard let id = Self.id(pair.value) else { continue }
            w.element("p", text: "Deleted \(title(of: table)) #\(id).") {
                $0.attribute("class", "mf-notice")
                $0.attribute("role", "status")
            }
            w.raw("\n")
        }
    }

    private func searchForm(_ asked: ListRequest, count: Int, into w: inout HTMLWriter) {
        w.raw("<form method=\"get\" role=\"search\" class=\"mf-form\">\n<div class=\"mf-field\">")
        w.raw("<label class=\"mf-label\" for=\"mf-search\">Search</label>\n")
        w.open("input")
        w.attribute("type", "search")
        w.attribute("id", "mf-search")
        w.attribute("name", "q")
        w.attribute("value", asked.search ?? "")
        w.end()
        w.raw("</div>\n")
        if let sort = asked.sort {
            w.raw("<input type=\"hidden\" name=\"sort\"")
            w.attribute("value", (sort.ascending ? "" : "-") + sort.key)
            w.raw(">\n")
        }
        w.raw("<div class=\"mf-actions\"><button type=\"submit\" class=\"mf-button\">Search</button></div>\n</form>\n")
        let text =
            asked.search.map { "\(Self.counted(count)) match “\($0)”." } ?? "\(Self.counted(count))."
        w.element("p", text: text) { $0.attribute("role", "status") }
        w.raw("\n")
    }

    private func recordTable(
        _ table: Table, _ records: [StoredRecord], columns: [Field], asked: ListRequest, configs: ConfigDictionary,
        into w: inout HTMLWriter
    ) {
        guard !records.isEmpty else { return }
        w.raw("<div class=\"mf-document\"><div class=\"mf-table-wrap\"><table>\n<thead><tr>")
        // The first column's cell links to the record (a type without columns gets one of
        // its records' names).
        if columns.isEmpty { w.raw("<th scope=\"col\">Record</th>") }
        for field in columns {
            guard let key = field.key else { continue }
            let current = asked.sort?.key == key ? asked.sort : nil
            w.open("th")
            w.attribute("scope", "col")
            if let current { w.attribute("aria-sort", current.ascending ? "ascending" : "descending") }
            w.end()
            let sort = RecordSort(key, ascending: !(current?.ascending ?? false))
            Self.link(&w, url(table, "/") + asked.query(sort: sort, page: 1), field.title)
            w.raw("</th>")
        }
        w.raw("<th scope=\"col\">Delete</th></tr></thead>\n<tbody>\n")
        let recordTitle = recordTitles(of: table)
        for record in records {
            let name = recordTitle(record)
            var cells = cells(of: record, columns: columns, configs: configs)
            if cells.isEmpty { cells = [name] }
            w.raw("<tr><td>")
            Self.link(&w, url(table, "/\(record.id)"), cells[0] == "—" ? name : cells[0])
            if record.problem != nil {
                // Listed as stored; its page says why it cannot be read.
                w.raw(" ")
                w.element("strong", text: "(cannot be read)") { $0.attribute("class", "mf-error") }
            }
            w.raw("</td>")
            for text in cells.dropFirst() { w.element("td", text: text) }
            w.raw("<td>")
            Self.link(&w, url(table, "/delete/\(record.id)"), "Delete \(name)")
            w.raw("</td></tr>\n")
        }
        w.raw("</tbody>\n</table></div></div>\n")
    }

    private func pageLinks(_ asked: ListRequest, pages: Int, list: String, into w: inout HTMLWriter) {
        guard pages > 1 else { return }
        w.raw("<nav aria-label=\"Pages\"><p>")
        if asked.page > 1 {
            Self.link(&w, list + asked.query(page: asked.page - 1), "Previous", rel: "prev")
            w.raw(" ")
        }
        w.text("Page \(asked.page) of \(pages)")
        if asked.page < pages {
            w.raw(" ")
            Self.link(&w, list + asked.query(page: asked.page + 1), "Next", rel: "next")
        }
        w.raw("</p></nav>\n")
    }
}
