import Foundation
import ModelForm
import ModelFormHTML
import ModelFormRecords

/// The records of several types served as Django's admin serves them, whatever the web
/// framework: an index of the types at the mount path, a change list per type
/// (`/Person/`: a count, a search over its text fields, columns to sort by, pages of
/// ``pageSize``), a new record's form (`/Person/new`), each record's form with its related
/// pages (`/Person/7`, `/Person/7/address`, drawn and saved by a ``FormServer`` over a
/// ``RecordFormStore``), and a delete that asks first (`/Person/delete/7`).
///
/// Every page works without JavaScript; every unsafe request needs the CSRF field of a page
/// this server drew and the same origin (403 otherwise, nothing changed), as on a
/// ``FormServer``, whose security settings this server passes on to each record's.
///
/// ```swift
/// let people = try SQLiteRecordStore(path: path, typeName: "Person", configs: configs)
/// let server = RecordServer(
///     configs: configs, tables: [RecordServer.Table(typeName: "Person", records: people)], secret: secret)
/// let list = await server.respond(
///     to: FormRequest(method: "GET", path: "/Person/", query: "q=ada", headers: [("Host", "localhost:8080")]))
/// ```
public struct RecordServer: Sendable {
    /// One type's records, and the columns its change list shows.
    public struct Table: Sendable {
        /// The type of the records (its form is in the server's configs).
        public var typeName: String
        /// Where they are.
        public var records: any RecordStore
        /// The scalar fields the change list shows, in order; `nil`: the first five.
        public var columns: [String]?

        /// A table of `typeName` records.
        public init(typeName: String, records: any RecordStore, columns: [String]? = nil) {
            self.typeName = typeName
            self.records = records
            self.columns = columns
        }
    }

    /// The forms of every type the tables hold.
    public var configs: ConfigDictionary
    /// The tables, in the index's order.
    public var tables: [Table]
    /// Where the pages are mounted (`""`: the site's root; no trailing slash).
    public var mount: String
    /// The records on one page of a change list.
    public var pageSize = 50
    /// The most records a lookup lists as its choices; past it the lookup has a Find box.
    package var lookupChoiceLimit = 1000
    /// The environment (cells, theme, transformers and checks), the security settings and
    /// the chrome every page gets (``FormServer/allowedHosts``,
    /// ``FormServer/publicOrigin``, ``FormServer/trustedProxies``, the body cap, secure
    /// cookies, the renderer and the error log), passed on to each record's form. Its
    /// `typeName` and `store` are not used.
    public var site: FormServer

    /// A server for `tables`, whose types' forms `configs` holds.
    ///
    /// - Parameters:
    ///   - configs: The forms of the tables' types.
    ///   - environment: Cells, theme, transformers and checks.
    ///   - tables: The types served, in the index's order. Their stores are of one database
    ///     (SQLite's opened with `SQLiteRecordStore(sharing:typeName:configs:)`): a delete
    ///     that cascades or clears changes several of them in one transaction.
    ///   - secret: The CSRF secret (32 bytes or more).
    ///   - mount: The URL path the pages are served under (`""`: the site's root).
    public init(
        configs: ConfigDictionary, environment: FormEnvironment = FormEnvironment(), tables: [Table],
        secret: [UInt8], mount: String = ""
    ) {
        self.configs = configs
        self.tables = tables
        self.mount = mount.hasSuffix("/") ? String(mount.dropLast()) : mount
        site = FormServer(
            configs: configs, typeName: tables.first?.typeName ?? "", environment: environment,
            store: NoFormStore(), secret: secret, mount: self.mount)
        // One cookie for every page; one gate for costly pattern matches (the site's
        // environment's) across every record's form.
        site.cookiePath = self.mount.isEmpty ? "/" : self.mount
    }

    /// The response to a request.
    public func respond(to request: FormRequest) async -> FormResponse {
        if let refused = site.refusedHost(request) { return FormServer.plain(400, refused) }
        guard let route = route(request.path) else { return FormServer.unreachable }
        let safe = request.method == "GET" || request.method == "HEAD"
        var response: FormResponse
        switch route {
        case .index:
            guard safe else { return Self.onlyGet }
            response = await index(request)
        case .list(let table):
            guard safe else { return Self.onlyGet }
            response = await changeList(table, request: request)
        case .delete(let table, let id):
            switch request.method {
            case "GET", "HEAD": response = await confirmDeletion(table, id: id, request: request)
            case "POST": response = await delete(table, id: id, request: request)
            default: return Self.onlyGetAndPost
            }
        case .newRecord(let table):
            response = await newRecord(table, request: request)
        case .record(let table, let id):
            let stored: StoredRecord?
            let shown: (configs: ConfigDictionary, finding: Set<String>)
            do { stored = try await table.records.load(id: id) } catch {
                // A row another program wrote that the type does not allow: its located error in the log.
                return site.internalError("Record \(id) of \(title(of: table)) cannot be read", error)
            }
            do {
                shown = try await configsWithChoices(LookupRequest(record: stored?.values, pairs: submitted(request)))
            } catch {
                return site.internalError("The choices of the record's lookups cannot be read", error)
            }
            // The record as read here: its form's store does not read it again.
            let store = RecordFormStore(records: table.records, id: id, read: stored)
            let server = formServer(
                table, store: store, id: String(id), configs: shown.configs, finding: shown.finding)
            response = await server.respond(to: request)
        }
        if request.method == "HEAD" { response.body = [] }
        return response
    }

    /// What a path names.
    enum Route {
        case index
        case list(Table)
        case newRecord(Table)
        case record(Table, id: Int64)
        case delete(Table, id: Int64)
    }

    func route(_ path: String) -> Route? {
        guard path == mount || path.hasPrefix(mount + "/") else { return nil }
        let segments = path.dropFirst(mount.count).split(separator: "/", omittingEmptySubsequences: false).map(
            String.init)
        // "", then the type, then what of it; a trailing "/" only on the index and a list.
        guard segments.count >= 2 else { return segments.count == 1 && mount.isEmpty ? nil : .index }
        if segments.count == 2, segments[1].isEmpty { return .index }
        guard let table = tables.first(where: { $0.typeName == segments[1].removingPercentEncoding }) else {
            return nil
        }
        switch segments.count {
        case 2: return .list(table)  // `/Person`: the list as well
        case 3 where segments[2].isEmpty: return .list(table)
        case 3 where segments[2] == "new": return .newRecord(table)
        case 4 where segments[2] == "delete": return Self.id(segments[3]).map { .delete(table, id: $0) }
        default:
            if segments[2] == "new" { return .newRecord(table) }  // a new record's related pages
            return Self.id(segments[2]).map { .record(table, id: $0) }
        }
    }

    /// A record id as a URL (or `--record`) writes it: digits only, no sign or leading zero.
    package static func id(_ segment: String) -> Int64? {
        guard let first = segment.utf8.first, first != UInt8(ascii: "0"), segment.utf8.count <= 19,
            segment.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") })
        else { return nil }
        return Int64(segment)
    }

    /// The URL of a table's pages (`/admin/Person`), and of one of them below it.
    func url(_ table: Table, _ rest: String = "") -> String {
        let allowed = CharacterSet.urlPathAllowed.subtracting(CharacterSet(charactersIn: "/\""))
        let name = table.typeName.addingPercentEncoding(withAllowedCharacters: allowed) ?? table.typeName
        return mount + "/" + name + rest
    }

    /// A POST's pairs, for its lookups' choices (none past the body cap: the form server
    /// refuses it); of a GET, a new record chosen (`?lookup=department&chosen=12`) as the
    /// pair `department=12`.
    func submitted(_ request: FormRequest) -> [(name: String, value: String)] {
        guard request.method == "POST" else {
            let query = URLEncodedForm.pairs(request.query)
            guard let name = query.first(where: { $0.name == "lookup" })?.value,
                let chosen = query.first(where: { $0.name == "chosen" })?.value
            else { return [] }
            return [(name, chosen)]
        }
        guard request.body.count <= site.maxBodyBytes else { return [] }
        return FormServer.pairs(request) ?? []
    }

    /// The index's URL.
    var home: String { mount + "/" }

    /// The form server of one record (or of a new one, `id` `new`): this server's settings,
    /// mounted at the record's URL, with the trail back through the list; `configs` draw its
    /// lookups as choices, those of the types in `finding` with a Find box.
    func formServer(
        _ table: Table, store: any FormStore, id: String, configs: ConfigDictionary, finding: Set<String>
    ) -> FormServer {
        var server = site
        server.configs = configs
        server.typeName = table.typeName
        server.store = store
        server.mount = url(table, "/" + id)
        server.outerBreadcrumbs = [("Records", home), (title(of: table), url(table, "/"))]
        let pages = Dictionary(tables.map { ($0.typeName, url($0, "/")) }) { first, _ in first }
        server.lookupLink = { typeName, id in pages[typeName].map { $0 + String(id) } }
        server.recordLookups = RecordLookups(
            typeTitles: Dictionary(tables.map { ($0.typeName, title(of: $0)) }) { first, _ in first }, finding: finding,
            lists: pages,
            recordTitle: { [self] typeName, id in
                guard let table = tables.first(where: { $0.typeName == typeName }),
                    let record = try await table.records.load(id: id)
                else { return nil }
                return recordTitle(record, of: table)
            })
        return server
    }

    /// A type's title in lists and trails.

    static let onlyGet: FormResponse = {
        var response = FormServer.plain(405, "Method not allowed: this page takes GET.")
        response.headers.append(("Allow", "GET, HEAD"))
        return response
    }()

    static let onlyGetAndPost: FormResponse = {
        var response = FormServer.plain(405, "Method not allowed: this page takes GET and POST.")
        response.headers.append(("Allow", "GET, HEAD, POST"))
        return response
    }()
}

/// The store of a server that serves no one form of its own (a ``RecordServer``'s site).
struct NoFormStore: FormStore {
    struct Unavailable: Error {}
    func load() async throws -> StoredValues { throw Unavailable() }
    func save(_ values: FormValue, expecting expected: String) async throws -> String { throw Unavailable() }
}
