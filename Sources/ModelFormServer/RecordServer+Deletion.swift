import Foundation
import ModelForm
import ModelFormHTML
import ModelFormRecords

/// What deleting a record does to the records whose lookups hold it, by each lookup's
/// ``Field/onDelete``: refused while a `refuse` lookup holds it; records deleted with it
/// (`cascade`, and theirs in turn); lookups cleared (`clear`).
struct DeletionPlan {
    /// The records of one table whose lookup (`field`) holds a record that goes.
    struct Referrers {
        var table: RecordServer.Table
        var field: Field
        /// How many hold it (all of them, for a cascade or a clear).
        var count: Int
        /// The first ten (all of them, for a cascade or a clear).
        var records: [StoredRecord]
    }

    /// A lookup of a record that stays, set to nothing or with an id taken out.
    struct Clear {
        var table: RecordServer.Table
        var record: StoredRecord
        var key: String
        /// The id a to-many lookup loses; `nil`: a to-one lookup, set to nothing.
        var removing: Int64?
    }

    /// Lookups that refuse the delete.
    var refusals: [Referrers] = []
    /// Records deleted too, by table and lookup, in the order they were found.
    var cascades: [Referrers] = []
    /// Lookups cleared, by table and lookup.
    var clearing: [Referrers] = []
    /// The records deleted too, in the order they were found.
    var deletions: [(table: RecordServer.Table, record: StoredRecord)] = []
    /// The clears of records that stay.
    var clears: [Clear] = []
    /// More records than ``RecordServer/deletionLimit`` would change.
    var tooMany = false
    /// Records whose lookup would be cleared that the type cannot read
    /// (``/ModelFormRecords/StoredRecord/problem``): writing them would write what was not read.
    var unreadable: [Referrers] = []

    /// Whether the delete is refused: a lookup refuses it, it would change too many records,
    /// or a record it would change cannot be read.
    var isRefused: Bool { tooMany || !refusals.isEmpty || !unreadable.isEmpty }
}

extension RecordServer {
    /// The most other records one delete deletes or changes; past it the delete is refused.
    static let deletionLimit = 1000

    /// What deleting record `id` of `table` does, found before anything changes.
    func deletionPlan(_ table: Table, id: Int64) async throws -> DeletionPlan {
        var plan = DeletionPlan()
        var queue: [(table: Table, id: Int64)] = [(table, id)]
        var going: Set<String> = ["\(table.typeName)#\(id)"]
        var next = 0
        while next < queue.count {
            let (target, targetID) = queue[next]
            next += 1
            for other in tables {
                for field in configs[other.typeName]?.fields ?? [] where field.lookup == target.typeName {
                    guard let key = field.key else { continue }
                    let toMany = field.valueType?.elementType != nil
                    var query =
                        toMany
                        ? RecordQuery(containing: [key: .int(targetID)]) : RecordQuery(filters: [key: .int(targetID)])
                    if field.onDelete == .refuse {
                        query.limit = 10
                        var count = try await other.records.count(query)
                        guard count > 0 else { continue }
                        let records = try await other.records.list(query)
                        let staying = records.filter { !going.contains("\(other.typeName)#\($0.id)") }
                        // A record that goes too (one that refers to itself) does not refuse.
                        if count == records.count { count = staying.count }
                        if count > 0 {
                            plan.refusals.append(
                                DeletionPlan.Referrers(table: other, field: field, count: count, records: staying))
                        }
                        continue
                    }
                    let room = Self.deletionLimit - plan.deletions.count - plan.clears.count
                    query.limit = room + 1
                    let records = try await other.records.list(query).filter {
                        !going.contains("\(other.typeName)#\($0.id)")
                    }
                    guard records.count <= room else {
                        plan.tooMany = true
                        return plan
                    }
                    guard !records.isEmpty else { continue }
                    let found = DeletionPlan.Referrers(
                        table: other, field: field, count: records.count, records: records)
                    if field.onDelete == .cascade {
                        plan.cascades.merge(found)
                        for record in records {
                            going.insert("\(other.typeName)#\(record.id)")
                            plan.deletions.append((other, record))
                            queue.append((other, record.id))
                        }
                    } else if records.contains(where: { $0.problem != nil }) {
                        plan.unreadable.merge(
                            DeletionPlan.Referrers(
                                table: other, field: field, count: records.filter { $0.problem != nil }.count,
                                records: records.filter { $0.problem != nil }))
                    } else {
                        plan.clearing.merge(found)
                        plan.clears += records.map {
                            DeletionPlan.Clear(table: other, record: $0, key: key, removing: toMany ? targetID : nil)
                        }
                    }
                }
            }
        }
        // A record that goes is not cleared first.
        plan.clears.removeAll { going.contains("\($0.table.typeName)#\($0.record.id)") }
        for index in plan.clearing.indices {
            let type = plan.clearing[index].table.typeName
            plan.clearing[index].records.removeAll { going.contains("\(type)#\($0.id)") }
            plan.clearing[index].count = plan.clearing[index].records.count
        }
        plan.clearing.removeAll { $0.records.isEmpty }
        return plan
    }

    /// The changes that carry out a plan, for one transaction: the clears of records that
    /// stay, and the optional lookups among the records that go, set to nothing (one update
    /// per record, at the version the plan read); then the deletions, each after the records
    /// that still refer to it (a required lookup), `root` last.
    func changes(_ plan: DeletionPlan, root: (table: Table, record: StoredRecord)) throws -> [RecordChange] {
        func name(_ typeName: String, _ id: Int64) -> String { "\(typeName)#\(id)" }
        let going = [root] + plan.deletions
        let byName = Dictionary(going.map { (name($0.table.typeName, $0.record.id), $0) }) { first, _ in first }
        var order: [String] = []
        var updates: [String: (table: Table, record: StoredRecord, values: FormValue)] = [:]
        func change(_ table: Table, _ record: StoredRecord, key: String, removing id: Int64?) throws {
            let named = name(table.typeName, record.id)
            // Never write a record from values the type could not read.
            if let problem = record.problem {
                throw RecordStoreError.incompatibleTable(
                    table.typeName, reason: "record \(record.id) cannot be read, so it is not changed: \(problem)")
            }
            var entry = updates[named] ?? (table, record, record.values)
            if updates[named] == nil { order.append(named) }
            let path = FormPath([.key(key)])
            if let id, case .list(let items)? = entry.values[path] {
                try entry.values.set(.list(items.filter { $0 != .int(id) }), at: path)
            } else {
                try entry.values.set(.null, at: path)
            }
            updates[named] = entry
        }
        for clear in plan.clears { try change(clear.table, clear.record, key: clear.key, removing: clear.removing) }
        // Among the records that go: who still refers to whom by a required lookup.
        var referrers: [String: [String]] = [:]
        for (table, record) in going {
            let own = name(table.typeName, record.id)
            for field in configs[table.typeName]?.fields ?? [] where field.valueType?.elementType == nil {
                guard let target = field.lookup, let key = field.key,
                    case .int(let id)? = record.values[FormPath([.key(key)])],
                    byName[name(target, id)] != nil, name(target, id) != own
                else { continue }
                if field.valueType?.isOptional == false {
                    referrers[name(target, id), default: []].append(own)
                } else {
                    try change(table, record, key: key, removing: nil)
                }
            }
        }
        var changes: [RecordChange] = order.compactMap { named in
            updates[named].map {
                .update($0.table.records, id: $0.record.id, to: $0.values, expecting: $0.record.version)
            }
        }
        let rootName = name(root.table.typeName, root.record.id)
        var deleted = Set<String>()
        func delete(_ named: String) {
            guard deleted.insert(named).inserted, let (table, record) = byName[named] else { return }
            for referrer in referrers[named] ?? [] { delete(referrer) }
            if named == rootName { return }  // last
            changes.append(.delete(table.records, id: record.id, expecting: record.version))
        }
        for deletion in plan.deletions.reversed() {
            delete(name(deletion.table.typeName, deletion.record.id))
        }
        return changes + [.delete(root.table.records, id: root.record.id, expecting: root.record.version)]
    }

    /// What a delete does to other records, each linked: the refusal when a lookup refuses
    /// it, else what goes with it and what is cleared.
    func deletionNotice(_ plan: DeletionPlan, name: String, into w: inout HTMLWriter) {
        for section in deletionSections(plan, name: name) {
            w.element("p", text: section.sentence)
            if !section.referrers.isEmpty { referrerList(section.referrers, into: &w) }
        }
    }

    /// What a delete does to other records, as sentences each followed by the records it is
    /// about: the refusal, else what goes with it and what is cleared.
    func deletionSections(_ plan: DeletionPlan, name: String) -> [(
        sentence: String, referrers: [DeletionPlan.Referrers]
    )] {
        if plan.tooMany {
            return [
                (
                    "“\(name)” cannot be deleted here: it would delete or change more than \(Self.deletionLimit) other records. Delete or change them first.",
                    []
                )
            ]
        }
        if !plan.refusals.isEmpty {
            return [
                ("“\(name)” cannot be deleted: other records refer to it. Change or delete them first.", plan.refusals)
            ]
        }
        if !plan.unreadable.isEmpty {
            return [
                (
                    "“\(name)” cannot be deleted here: deleting it would clear the reference of these records, and they cannot be read (a value in them is not what their type says). Fix or delete them first.",
                    plan.unreadable
                )
            ]
        }
        var sections: [(sentence: String, referrers: [DeletionPlan.Referrers])] = []
        if !plan.cascades.isEmpty {
            sections.append(
                (
                    "Deleting it also deletes these records (they refer to it, or to a record deleted with it):",
                    plan.cascades
                ))
        }
        if !plan.clearing.isEmpty {
            sections.append(("These records stay, with their reference to a deleted record cleared:", plan.clearing))
        }
        return sections
    }

    /// Each table's records that refer, by lookup: how many, and up to ten linked.
    private func referrerList(_ list: [DeletionPlan.Referrers], into w: inout HTMLWriter) {
        w.raw("\n<ul>\n")
        for referrer in list {
            w.raw("<li>")
            let phrase = referrerPhrase(referrer)
            w.text(phrase.lead)
            let title = recordTitles(of: referrer.table)
            for (index, record) in phrase.shown.enumerated() {
                if index > 0 { w.raw(", ") }
                Self.link(&w, url(referrer.table, "/\(record.id)"), title(record))
            }
            w.text(phrase.more)
            w.raw("</li>\n")
        }
        w.raw("</ul>")
    }

    /// The words around the records that refer by one lookup: `2 records of Employee by
    /// Department: ` before, the first ten named, ` and 3 more` after (or nothing).
    func referrerPhrase(_ referrer: DeletionPlan.Referrers) -> (
        lead: String, shown: ArraySlice<StoredRecord>, more: String
    ) {
        let shown = referrer.records.prefix(10)
        return (
            "\(Self.counted(referrer.count)) of \(title(of: referrer.table)) by \(referrer.field.title): ", shown,
            referrer.count > shown.count ? " and \(referrer.count - shown.count) more" : ""
        )
    }
}

extension [DeletionPlan.Referrers] {
    /// Adds records found by a table's lookup to those it found before (for another record
    /// that goes), each record once.
    mutating func merge(_ found: DeletionPlan.Referrers) {
        guard
            let index = firstIndex(where: {
                $0.table.typeName == found.table.typeName && $0.field.key == found.field.key
            })
        else { return append(found) }
        let known = Set(self[index].records.map(\.id))
        self[index].records += found.records.filter { !known.contains($0.id) }
        self[index].count = self[index].records.count
    }
}
