/// Where a field met on a walk of a value tree sits: the record it belongs to (what its
/// rules read), that record's path, and its form's policy for hidden values. The field and
/// where its value is are passed beside it: a walk copies no value a walker does not read.
package struct ValueVisit {
    /// The record the field sits in.
    package var record: FormRecord
    /// The path of the record.
    package var recordPath: FormPath
    /// What the record's form does with hidden values on save.
    package var hiddenValues: HiddenValuePolicy

    /// The record as a value, as rules read it (made when asked).
    package var recordValue: FormValue { .record(record) }

    /// A field's value, from the index the walk found it at (`null` when the record has none).
    package func value(at index: Int?) -> FormValue { index.map(record.value(at:)) ?? .null }

    /// The path of `field` in the record.
    package func path(of field: Field) -> FormPath { recordPath.appending(key: field.key ?? "") }
}

/// Walks a value tree with the forms that describe it (``ConfigDictionary/walkValues(_:typeName:with:at:)``):
/// the one walk of values. Validation, the rules' restores and clears, a submission's
/// absent toggles and an export's documents are walkers. A walker is a type, not a closure,
/// so that each walk is specialised for it (a closure per field cost validation 60%).
package protocol ValueWalker {
    /// A record reached (the root included), with its type and path.
    mutating func visitRecord(typeName: String, path: FormPath, value: FormValue)
    /// A keyed field of a record, with the index of its value in the record (read it with
    /// ``ValueVisit/value(at:)``); `true` to go into its relationship's record or items.
    mutating func visitField(_ field: Field, at index: Int?, in visit: ValueVisit) -> Bool
    /// Whether to go into the related record or item at `path` (every one by default).
    func enters(_ path: FormPath) -> Bool
    /// Whether to visit `field` at all (every field by default): a field passed over is
    /// not looked up, visited nor gone into.
    func visits(_ field: Field) -> Bool
}

extension ValueWalker {
    package mutating func visitRecord(typeName: String, path: FormPath, value: FormValue) {}
    package func enters(_ path: FormPath) -> Bool { true }
    package func visits(_ field: Field) -> Bool { true }
}

extension ConfigDictionary {
    /// Walks a value tree with the forms that describe it, depth first in field order: every
    /// record reached, and every keyed field of each. When the walker's `visitField` returns
    /// `true` for a relationship, the walk goes into its record (to-one) or each item
    /// (to-many) that the walker `enters`.
    package func walkValues<Walker: ValueWalker>(
        _ values: FormValue, typeName: String, with walker: inout Walker, at path: FormPath = FormPath()
    ) {
        guard let config = self[typeName] else {
            walker.visitRecord(typeName: typeName, path: path, value: values)
            return
        }
        walk(values, typeName: typeName, config: config, with: &walker, at: path)
    }

    /// ``walkValues(_:typeName:with:at:)`` below a record whose form is known: each related
    /// type's form is looked up once per field, not once per item.
    private func walk<Walker: ValueWalker>(
        _ values: FormValue, typeName: String, config: FormConfig, with walker: inout Walker, at path: FormPath
    ) {
        walker.visitRecord(typeName: typeName, path: path, value: values)
        guard case .record(let record) = values else { return }
        let visit = ValueVisit(record: record, recordPath: path, hiddenValues: config.hiddenValues)
        var position = 0
        for field in config.fields {
            guard let key = field.key else { continue }
            guard walker.visits(field) else {
                position += 1  // the next field's value is most likely next: a hint, checked
                continue
            }
            let index = record.index(forKey: key, near: &position)
            guard walker.visitField(field, at: index, in: visit) else { continue }
            descend(into: field, at: index, at: path, key: key, visit: visit, with: &walker)
        }
    }

    /// Below a field the walker asked to go into, by its shape: a related record, each item
    /// of a to-many relationship, each entry of a map (a field of its own: the template
    /// keyed by the entry's key, visited in the map as in a record).
    /// The field's path is made only when the walk goes below it (most fields are scalars).
    private func descend<Walker: ValueWalker>(
        into field: Field, at index: Int?, at parent: FormPath, key: String, visit: ValueVisit,
        with walker: inout Walker
    ) {
        let value = visit.value(at: index)
        switch field.shape {
        case .record(let target):
            guard case .record = value, let config = self[target] else { return }
            let fieldPath = parent.appending(key: key)
            guard walker.enters(fieldPath) else { return }
            walk(value, typeName: target, config: config, with: &walker, at: fieldPath)
        case .records(let target):
            guard case .list(let items) = value, let config = self[target] else { return }
            let fieldPath = parent.appending(key: key)
            for (index, item) in items.enumerated() {
                let itemPath = fieldPath.appending(.index(index))
                guard walker.enters(itemPath) else { continue }
                walk(item, typeName: target, config: config, with: &walker, at: itemPath)
            }
        case .entries:
            guard case .record(let entries) = value else { return }
            let fieldPath = parent.appending(key: key)
            guard walker.enters(fieldPath) else { return }
            let map = ValueVisit(record: entries, recordPath: fieldPath, hiddenValues: visit.hiddenValues)
            for (index, entryKey) in entries.keys.enumerated() {
                guard let entry = field.entryField(entryKey), walker.visits(entry),
                    walker.visitField(entry, at: index, in: map)
                else { continue }
                descend(into: entry, at: index, at: fieldPath, key: entryKey, visit: map, with: &walker)
            }
        case .alternatives:
            // The chosen alternative, met as a field: a tagged one in the union's record of
            // one key, an untagged one where the union is (its value is the union's).
            guard case .chosen(let chosen) = alternative(of: field, for: value),
                let alternative = field.alternativeField(chosen), walker.visits(alternative)
            else { return }
            guard let tag = field.alternatives[chosen].key else {
                guard walker.visitField(alternative, at: index, in: visit) else { return }
                descend(into: alternative, at: index, at: parent, key: key, visit: visit, with: &walker)
                return
            }
            guard case .record(let union) = value else { return }
            let fieldPath = parent.appending(key: key)
            guard walker.enters(fieldPath) else { return }
            let inUnion = ValueVisit(record: union, recordPath: fieldPath, hiddenValues: visit.hiddenValues)
            guard walker.visitField(alternative, at: 0, in: inUnion) else { return }
            descend(into: alternative, at: 0, at: fieldPath, key: tag, visit: inUnion, with: &walker)
        case .items, .positions, .single:
            return  // a list of values (a tuple) is the field's value: its walker reads the items
        }
    }
}
