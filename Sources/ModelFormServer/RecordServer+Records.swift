import Foundation
import ModelForm
import ModelFormHTML
import ModelFormRecords
import Synchronization

extension RecordServer {
    /// `/TYPE/new` (and its related pages): the type's form from its defaults; the first
    /// save inserts the record and goes on at its own page (`/TYPE/7`), or at the related
    /// page it was saved from under it. Opened from a lookup's New link
    /// (`?back=/Employee/7&lookup=department`, carried on as hidden fields), the first save
    /// of the record's own page goes back there with the new record chosen
    /// (`/Employee/7?lookup=department&chosen=12`).
    func newRecord(_ table: Table, request: FormRequest) async -> FormResponse {
        let store = NewRecordStore(
            records: table.records, defaults: DefaultValues.record(for: table.typeName, configs: configs))
        let newURL = url(table, "/new")
        let pairs = submitted(request)
        let shown: (configs: ConfigDictionary, finding: Set<String>)
        do { shown = try await configsWithChoices(LookupRequest(record: nil, pairs: pairs)) } catch {
            return site.internalError("The choices of the record's lookups cannot be read", error)
        }
        var server = formServer(table, store: store, id: "new", configs: shown.configs, finding: shown.finding)
        let back = returnPage(request.method == "POST" ? pairs : URLEncodedForm.pairs(request.query))
        if let back {
            server.extraHiddenFields = [("_back", back.page), ("_lookup", back.lookup)]
            server.pageNotice = "Once saved, you go back to the page you came from with it chosen."
        }
        var response = await server.respond(to: request)
        guard response.status == 303, let id = store.inserted,
            let index = response.headers.firstIndex(where: { $0.name == "Location" }),
            response.headers[index].value.hasPrefix(newURL)
        else { return response }
        let rest = response.headers[index].value.dropFirst(newURL.count)
        if let back, rest.isEmpty || rest.hasPrefix("?") {
            response.headers[index].value =
                back.page + "?lookup=" + URLEncodedForm.encode(back.lookup) + "&chosen=\(id)"
            return response
        }
        response.headers[index].value = url(table, "/\(id)") + rest
        return response
    }

    /// The page a new record goes back to, and the lookup there that chooses it: a record's
    /// page or a new record's on this server (a path only: no query, no other site) and a
    /// field name, from `back` and `lookup` (a GET's query) or `_back` and `_lookup` (a
    /// POST's hidden fields); `nil` when either is missing or is not one.
    func returnPage(_ pairs: [(name: String, value: String)]) -> (page: String, lookup: String)? {
        func value(_ names: String...) -> String? { pairs.first { names.contains($0.name) }?.value }
        guard let page = value("back", "_back"), let lookup = value("lookup", "_lookup"),
            page.utf8.count <= 2000, lookup.utf8.count <= 200, page.hasPrefix("/"), !page.hasPrefix("//"),
            !page.contains(where: { "?#\\\r\n".contains($0) }), URLEncodedForm.path(forName: lookup) != nil
        else { return nil }
        switch route(page) {
        case .record?, .newRecord?: return (page, lookup)
        case .index?, .list?, .delete?, nil: return nil
        }
    }

    /// `GET /TYPE/delete/7`: what goes, and a button that deletes it at the version shown.
    func confirmDeletion(_ table: Table, id: Int64, request: FormRequest) async -> FormResponse {
        let record: StoredRecord?
        do { record = try await table.records.load(id: id) } catch {
            return site.internalError("The record cannot be read", error)
        }
        guard let record else { return Self.gone }
        let name = recordTitle(record, of: table)
        let visitor = FormServer.Visitor(request)
        var w = HTMLWriter()
        var renderer = site.renderer
        renderer.breadcrumbs = [("Records", home), (title(of: table), url(table, "/")), (name, url(table, "/\(id)"))]
        let plan: DeletionPlan
        do { plan = try await deletionPlan(table, id: id) } catch {
            return site.internalError("The records that refer to this one cannot be read", error)
        }
        if plan.isRefused {
            deletionNotice(plan, name: name, into: &w)
            return site.html(
                renderer.document(title: "\(name) cannot be deleted", body: w.html), status: 200, visitor: visitor)
        }
        w.element("p", text: "Delete \(title(of: table)) “\(name)”? This cannot be undone.")
        deletionNotice(plan, name: name, into: &w)
        w.raw("\n<form method=\"post\" class=\"mf-form\">\n")
        for (field, value) in [
            (CSRFProtection.fieldName, site.csrf.token(for: visitor.nonce)),
            (FormServer.versionField, String(record.version)),
        ] {
            w.raw("<input type=\"hidden\"")
            w.attribute("name", field)
            w.attribute("value", value)
            w.raw(">\n")
        }
        w.raw("<div class=\"mf-actions\"><button type=\"submit\" class=\"mf-button mf-primary mf-danger\">")
        w.text("Delete \(name)")
        w.raw("</button> ")
        Self.link(&w, url(table, "/\(id)"), "Keep it", class: "mf-button mf-secondary")
        w.raw("</div>\n</form>")
        return site.html(renderer.document(title: "Delete \(name)?", body: w.html), status: 200, visitor: visitor)
    }

    /// `POST /TYPE/delete/7`: deletes the record if it is still at the version the question
    /// showed (else 409, nothing deleted), with what its referrers' lookups say (refused:
    /// 409, nothing deleted; the records that cascade deleted, the lookups that clear
    /// cleared, first), then back to the list with a notice.
    func delete(_ table: Table, id: Int64, request: FormRequest) async -> FormResponse {
        let pairs: [(name: String, value: String)]
        switch site.acceptedPairs(request) {
        case .success(let accepted): pairs = accepted
        case .failure(let refusal): return refusal.response
        }
        guard let version = pairs.first(where: { $0.name == FormServer.versionField }).flatMap({ Int64($0.value) })
        else { return FormServer.plain(400, "Refused: the form has no version; load the page again.") }
        let result: Deletion
        do { result = try await deletion(table, id: id, version: version) } catch {
            return site.internalError("The record cannot be deleted", error)
        }
        switch result {
        case .deleted:
            return FormResponse(
                status: 303, headers: [("Location", url(table, "/?deleted=\(id)"))] + FormServer.securityHeaders())
        case .refused(let plan, let name):
            return notDeleted(table, id: id, title: "\(name) cannot be deleted", request: request, askAgain: false) {
                deletionNotice(plan, name: name, into: &$0)
            }
        case .stopped(let name):
            return notDeleted(table, id: id, title: "Not deleted: a record changed", request: request) {
                $0.element(
                    "p",
                    text:
                        "A record that deleting “\(name)” changes was changed by someone else meanwhile, so nothing was deleted or changed."
                )
            }
        case .changed(let name):
            return notDeleted(table, id: id, title: "Not deleted: \(name) changed", request: request) {
                $0.element(
                    "p", text: "“\(name)” was changed by someone else since you were asked; nothing was deleted.")
            }
        case .gone: return Self.gone
        }
    }

    /// What a delete did; each case with the record's name.
    enum Deletion {
        case deleted(String)
        /// A lookup refuses it, or it would change too many records: nothing changed.
        case refused(DeletionPlan, String)
        /// The record changed since `version`: nothing changed.
        case changed(String)
        /// A record the plan changes was changed meanwhile: nothing changed.
        case stopped(String)
        case gone
    }

    /// Deletes record `id` of `table` if it is still at `version`, with what its referrers'
    /// lookups say (the records that cascade deleted, the lookups that clear cleared, first).
    func deletion(_ table: Table, id: Int64, version: Int64) async throws -> Deletion {
        do {
            guard let record = try await table.records.load(id: id) else { return .gone }
            // Nothing changes for a record changed since the question.
            guard record.version == version else { throw RecordStoreError.conflict(current: record) }
            let plan = try await deletionPlan(table, id: id)
            let name = recordTitle(record, of: table)
            if plan.isRefused { return .refused(plan, name) }
            do {
                try await table.records.perform(try changes(plan, root: (table, record)))
            } catch RecordStoreError.conflict {
                // All or nothing: the record itself changed, or one the plan changes.
                guard let now = try await table.records.load(id: id) else { return .gone }
                return now.version == version ? .stopped(name) : .changed(recordTitle(now, of: table))
            }
            return .deleted(name)
        } catch RecordStoreError.conflict(let current?) {
            return .changed(recordTitle(current, of: table))
        } catch RecordStoreError.conflict(nil) {
            return .gone
        }
    }

    /// 409: a page about a delete that did not happen (what `body` writes), with a link to
    /// ask again unless `askAgain` is `false`.
    private func notDeleted(
        _ table: Table, id: Int64, title: String, request: FormRequest, askAgain: Bool = true,
        body: (inout HTMLWriter) -> Void
    ) -> FormResponse {
        var w = HTMLWriter()
        body(&w)
        if askAgain {
            w.raw("\n<p>")
            Self.link(&w, url(table, "/delete/\(id)"), "Look at it again")
            w.raw("</p>")
        }
        var renderer = site.renderer
        renderer.breadcrumbs = [("Records", home), (self.title(of: table), url(table, "/"))]
        return site.html(
            renderer.document(title: title, body: w.html), status: 409, visitor: FormServer.Visitor(request))
    }

    static let gone = FormServer.plain(404, "Not found: there is no such record (it may have been deleted).")
}

/// The store of a record not inserted yet: its form starts from the type's defaults, and
/// its first save inserts it (the id is kept for the redirect to the record's page).
final class NewRecordStore: FormStore {
    let records: any RecordStore
    let defaults: FormValue
    private let insertedID = Mutex<Int64?>(nil)

    init(records: any RecordStore, defaults: FormValue) {
        self.records = records
        self.defaults = defaults
    }

    /// The id of the record the save inserted.
    var inserted: Int64? { insertedID.withLock { $0 } }

    /// The version of a record that is not stored yet.
    static let version = "new"

    func load() async throws -> StoredValues { StoredValues(values: defaults, version: Self.version) }

    func save(_ values: FormValue, expecting expected: String) async throws -> String {
        guard expected == Self.version else { throw StoreConflict(current: try await load()) }
        let record = try await records.insert(values)
        insertedID.withLock { $0 = record.id }
        return String(record.version)
    }
}
