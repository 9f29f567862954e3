import Foundation
import ModelForm

/// What a ``RecordServer`` adds to the lookups of the forms it serves: a Find box for a type
/// of many records, and a link to a new record's page that comes back with it chosen.
struct RecordLookups: Sendable {
    /// The title of each type served, by name.
    var typeTitles: [String: String] = [:]
    /// The types whose lookups have a Find box (more records than a choice lists).
    var finding: Set<String> = []
    /// The URL of each type's change list (`/Department/`).
    var lists: [String: String] = [:]
    /// A record's title; `nil` when there is no such record.
    var recordTitle: @Sendable (_ typeName: String, _ id: Int64) async throws -> String? = { _, _ in nil }

    /// The page that makes a new `typeName` record and then goes `back` with it chosen in
    /// the field named `lookup` (`/Department/new?back=%2FEmployee%2F7&lookup=department`).
    func newRecordURL(_ typeName: String, back: String, lookup: String) -> String? {
        guard let list = lists[typeName] else { return nil }
        return list + "new?back=" + URLEncodedForm.encode(back) + "&lookup=" + URLEncodedForm.encode(lookup)
    }
}

extension FormServer {
    /// A page a new record's form came back to (`?lookup=department&chosen=12`): the lookup
    /// holds the new record (a to-many one has it added), not saved yet, and the notice says
    /// so. Nothing changes when the query names no editable lookup of the page or no record
    /// of the lookup's type.
    func choosingReturned(_ query: String, in form: inout Form<FormValue>) async -> String? {
        guard let recordLookups, query.contains("chosen=") else { return nil }
        let pairs = URLEncodedForm.pairs(query)
        guard let name = pairs.first(where: { $0.name == "lookup" })?.value,
            let id = pairs.first(where: { $0.name == "chosen" }).flatMap({ RecordServer.id($0.value) }),
            let path = URLEncodedForm.path(forName: name), let field = try? form.field(at: path),
            let target = field.lookup, !field.readOnly,
            let title = try? await recordLookups.recordTitle(target, id)
        else { return nil }
        var value = FormValue.int(id)
        if field.valueType?.elementType != nil {
            var ids: [FormValue] = []
            if case .list(let items)? = form.values[path] { ids = items }
            if !ids.contains(value) { ids.append(value) }
            value = .list(ids)
        }
        do { try form.setValue(value, at: path) } catch { return nil }
        return "“\(title)” is chosen as \(field.title): save to keep it."
    }
}
