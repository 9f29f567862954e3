import Foundation
import ModelForm
import ModelFormRecords

/// What a request tells the lookups of more records than a choice lists: the ids its values
/// name and the texts its Find boxes hold, by the lookup's key (the last key of a field's
/// name: `department`, `staff[2][department]`, `_find:department`).
struct LookupRequest: Sendable {
    var ids: [String: Set<Int64>] = [:]
    var finds: [String: [String]] = [:]

    init() {}

    /// The ids a record's stored values name, at any depth (`record`), and the ids and Find
    /// texts of a submission's pairs (`pairs`; a page's query that names a new record chosen,
    /// `lookup=department&chosen=12`, as the pair `department=12`).
    init(record: FormValue?, pairs: [(name: String, value: String)] = []) {
        if let record { collect(record) }
        for pair in pairs {
            if pair.name.hasPrefix(FormSession.findFieldPrefix) {
                let text = pair.value.trimmingCharacters(in: .whitespacesAndNewlines)
                if !text.isEmpty {
                    finds[Self.key(of: String(pair.name.dropFirst(FormSession.findFieldPrefix.count))), default: []]
                        .append(String(text.prefix(200)))
                }
            } else if let id = Int64(pair.value) {
                ids[Self.key(of: pair.name), default: []].insert(id)
            }
        }
    }

    private mutating func collect(_ value: FormValue) {
        switch value {
        case .record(let record):
            for (key, value) in zip(record.keys, record.values) {
                switch value {
                case .int(let id): ids[key, default: []].insert(id)
                case .list(let items):
                    for case .int(let id) in items { ids[key, default: []].insert(id) }
                    collect(value)
                default: collect(value)
                }
            }
        case .list(let items): for item in items { collect(item) }
        default: break
        }
    }

    /// The last key of an input name (`a[b][c]` and `a[b][c][]` → `c`, `a` → `a`), as a
    /// submission reads names; `""` for a name that ends in a position or is none.
    static func key(of name: String) -> String {
        guard case .key(let key)? = URLEncodedForm.path(forName: name)?.last else { return "" }
        return key
    }
}

extension RecordServer {
    /// The most records a Find box offers.
    static let foundLimit = 20

    /// A lookup of many records' choices: the records the page's values name (the stored
    /// record's and a submission's, so that what was chosen from a Find stays a choice when
    /// the page is saved) and those its Find texts match, by title; the help says which.
    func found(in table: Table, for key: String, request: LookupRequest) async throws -> (
        options: [FieldOption], help: String
    ) {
        let title = recordTitles(of: table)
        var seen = Set<Int64>()
        var options: [FieldOption] = []
        func add(_ record: StoredRecord) {
            if seen.insert(record.id).inserted {
                let unread = record.problem == nil ? "" : " (cannot be read)"
                options.append(FieldOption(value: .int(record.id), title: title(record) + unread))
            }
        }
        for id in (request.ids[key] ?? []).sorted().prefix(lookupChoiceLimit) {
            do {
                if let record = try await table.records.load(id: id) { add(record) }
            } catch RecordStoreError.unreadable {
                // A record the type cannot read stays the lookup's choice, by its id.
                add(StoredRecord(id: id, version: 0, values: .null, problem: "cannot be read"))
            }
        }
        let typeTitle = self.title(of: table)
        var help = "More than \(lookupChoiceLimit) \(typeTitle) records: Find one by its name, then choose it."
        if let texts = request.finds[key] {
            var matches = 0
            for text in texts {
                let records = try await table.records.list(RecordQuery(search: text, limit: Self.foundLimit))
                matches += records.count
                records.forEach(add)
            }
            let asked = texts.map { "“\($0)”" }.joined(separator: ", ")
            help =
                matches == 0
                ? "No \(typeTitle) record matches \(asked)."
                : "\(matches == Self.foundLimit ? "The first \(matches)" : "\(matches)") \(typeTitle) records matching \(asked) are among the choices."
        }
        return (options, help)
    }
}
