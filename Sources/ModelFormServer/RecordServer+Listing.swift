import Foundation
import ModelForm
import ModelFormRecords

/// A type the record server has no table of.
package struct UnservedType: Error, CustomStringConvertible {
    package var typeName: String
    package var description: String { "there is no table of \(typeName)" }
}

/// What the deletion of a record would do, asked before it is done.
package enum RecordDeletionQuestion: Sendable, Hashable {
    /// It may be deleted: the question to ask (what goes with it and what is cleared), and the
    /// version to delete it at.
    case ask(String, version: Int64)
    /// It may not: why.
    case refused(String)
}

extension RecordServer {
    /// Page `page` (from 1; past the last, the last) of the records of `typeName` that match
    /// `search`, as text. Throws ``UnservedType`` for a type the server does not serve.
    package func listing(of typeName: String, search: String?, page: Int) async throws -> RecordListing {
        let table = try served(typeName)
        let search = search.map { String($0.trimmingCharacters(in: .whitespacesAndNewlines).prefix(200)) }
            .flatMap { $0.isEmpty ? nil : $0 }
        var page = max(1, page)
        var read = try await recordPage(table, search: search, sort: nil, page: page)
        if page > read.pages {
            // Past the last page (records deleted since): the last.
            page = read.pages
            read = try await recordPage(table, search: search, sort: nil, page: page)
        }
        let titles = recordTitles(of: table)
        return RecordListing(
            title: title(of: table), columns: read.columns.isEmpty ? ["Record"] : read.columns.map(\.title),
            rows: read.records.map { record in
                let name = titles(record) + (record.problem == nil ? "" : " (cannot be read)")
                let cells = cells(of: record, columns: read.columns, configs: read.configs)
                return RecordListing.Row(id: record.id, title: name, cells: cells.isEmpty ? [name] : cells)
            }, count: read.count, page: page, pages: read.pages, search: search)
    }

    /// What deleting record `id` of `typeName` would do, as a question or a refusal; `nil`
    /// when there is no such record.
    package func deletionQuestion(of typeName: String, id: Int64) async throws -> RecordDeletionQuestion? {
        let table = try served(typeName)
        guard let record = try await table.records.load(id: id) else { return nil }
        let name = recordTitle(record, of: table)
        let plan = try await deletionPlan(table, id: id)
        let text = deletionSections(plan, name: name).map { section in
            ([section.sentence] + section.referrers.map(referrerText)).joined(separator: " ")
        }.joined(separator: " ")
        if plan.isRefused { return .refused(text) }
        let question = "Delete \(title(of: table)) “\(name)”?" + (text.isEmpty ? "" : " " + text)
        return .ask(question, version: record.version)
    }

    /// Deletes record `id` of `typeName` at `version`, with what its referrers' lookups say,
    /// as the change list's delete does; what happened, in a sentence.
    package func deleteRecord(of typeName: String, id: Int64, version: Int64) async throws -> String {
        let table = try served(typeName)
        switch try await deletion(table, id: id, version: version) {
        case .deleted(let name): return "Deleted \(title(of: table)) “\(name)”."
        case .refused(let plan, let name):
            return deletionSections(plan, name: name).map(\.sentence).joined(separator: " ")
        case .stopped(let name):
            return "A record that deleting “\(name)” changes was changed meanwhile, so nothing was deleted or changed."
        case .changed(let name):
            return "“\(name)” was changed by someone else since you were asked; nothing was deleted."
        case .gone: return "There is no such record (it may have been deleted)."
        }
    }

    /// Records of `typeName` from `offset` (at most `limit`, by id), each with its title, and
    /// the forms with their lookups' choices (the records they name), for documents of them.
    package func records(of typeName: String, offset: Int, limit: Int) async throws -> (
        records: [(record: StoredRecord, title: String)], configs: ConfigDictionary
    ) {
        let table = try served(typeName)
        let records = try await table.records.list(RecordQuery(offset: offset, limit: limit))
        let configs = try await configsWithChoices(LookupRequest(record: .list(records.map(\.values)))).configs
        let titles = recordTitles(of: table)
        return (records.map { ($0, titles($0)) }, configs)
    }

    /// The title of a type's records (`Employee`).
    package func typeTitle(_ typeName: String) -> String { configs[typeName]?.title ?? typeName }

    /// The title of a table's records (`Employee`).
    func title(of table: Table) -> String { typeTitle(table.typeName) }

    /// The table of `typeName`.
    func served(_ typeName: String) throws -> Table {
        guard let table = tables.first(where: { $0.typeName == typeName }) else {
            throw UnservedType(typeName: typeName)
        }
        return table
    }

    /// The text of a record's columns in a list (`—` for nothing).
    func cells(of record: StoredRecord, columns: [Field], configs: ConfigDictionary) -> [String] {
        let display = FieldDisplay(configs: configs, transformers: site.environment.transformers)
        return columns.compactMap { field -> String? in
            guard let key = field.key else { return nil }
            let value = record.values[FormPath([.key(key)])] ?? .null
            let text = value == .null ? "" : display.display(value, for: field)
            return text.isEmpty ? "—" : text
        }
    }

    /// `2 records of Employee by Department: Grace, Ada and 3 more.`
    private func referrerText(_ referrer: DeletionPlan.Referrers) -> String {
        let title = recordTitles(of: referrer.table)
        let phrase = referrerPhrase(referrer)
        return phrase.lead + phrase.shown.map(title).joined(separator: ", ") + phrase.more + "."
    }
}
