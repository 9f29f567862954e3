/// What a ``ValueEditor`` does with a field it meets: keep its value, go below it, replace
/// it (and maybe go below the new value), or remove the key from its record.
package enum ValueEdit {
    /// The value stays; the walk does not go below it.
    case keep
    /// The value stays; the walk goes into its related record, items or entries.
    case enter
    /// The value becomes `value`; with `enter`, the walk then goes below the new value.
    case set(FormValue, enter: Bool = false)
    /// The key leaves its record (an absent value, as the original had it).
    case remove
}

/// Edits a value tree in place with the forms that describe it
/// (``ConfigDictionary/editValues(_:typeName:with:at:)``): the writable twin of
/// ``ValueWalker``, run by the same switch over ``FieldShape`` in the form's order. The
/// rules' restores and clears, a submission's absent toggles and a session's preparation
/// are editors: each edits the value where the walk stands, with no path looked up again.
package protocol ValueEditor {
    /// A keyed field of a record, with the index of its value in the record (`nil` when the
    /// record has none; read it with ``ValueVisit/value(at:)``): what to do with it. `visit`
    /// is the record as the walk found it, before this walk's edits in it, so the rules of
    /// every field in a record read the same values.
    mutating func edit(_ field: Field, at index: Int?, in visit: ValueVisit) -> ValueEdit
    /// Whether to go into the related record or item at `path` (every one by default).
    func enters(_ path: FormPath) -> Bool
    /// Whether to meet `field` at all (every field by default).
    func visits(_ field: Field) -> Bool
}

extension ValueEdit {
    /// `value` set, unless the field at `index` of `visit`'s record already holds it (a field
    /// the record has not is set): an edit that changes nothing rebuilds nothing.
    package static func setting(_ value: FormValue, over index: Int?, in visit: ValueVisit) -> ValueEdit {
        index != nil && visit.value(at: index) == value ? .keep : .set(value)
    }
}

extension ValueEditor {
    package func enters(_ path: FormPath) -> Bool { true }
    package func visits(_ field: Field) -> Bool { true }
}

extension ConfigDictionary {
    /// Edits a value tree in place, depth first in field order, as ``walkValues(_:typeName:with:at:)``
    /// reads one: the editor meets every keyed field of every record reached and says what
    /// becomes of it. Only records along an edit are rebuilt; an unchanged tree is not copied.
    package func editValues<Editor: ValueEditor>(
        _ values: inout FormValue, typeName: String, with editor: inout Editor, at path: FormPath = FormPath()
    ) {
        guard let config = self[typeName], let edited = edit(values, config: config, with: &editor, at: path) else {
            return
        }
        values = edited
    }

    /// A record of `config`'s type, edited; `nil` when nothing in it changed.
    private func edit<Editor: ValueEditor>(
        _ values: FormValue, config: FormConfig, with editor: inout Editor, at path: FormPath
    ) -> FormValue? {
        guard case .record(let found) = values else { return nil }
        let visit = ValueVisit(record: found, recordPath: path, hiddenValues: config.hiddenValues)
        var record = found
        var changed = false
        var position = 0
        for field in config.fields {
            guard let key = field.key else { continue }
            guard editor.visits(field) else {
                position += 1  // the next field's value is most likely next: a hint, checked
                continue
            }
            let index = found.index(forKey: key, near: &position)
            let edit = editor.edit(field, at: index, in: visit)
            let made = change(edit, of: field, at: index, path: path, key: key, visit: visit, with: &editor)
            if record.apply(made, at: key) { changed = true }
        }
        return changed ? .record(record) : nil
    }

    /// What an edit makes of the value of `field` (at `index` of `visit`'s record, the one at
    /// `path`, under `key`).
    private func change<Editor: ValueEditor>(
        _ edit: ValueEdit, of field: Field, at index: Int?, path: FormPath, key: String, visit: ValueVisit,
        with editor: inout Editor
    ) -> ValueChange {
        switch edit {
        case .keep: return .none
        case .remove: return index == nil ? .none : .removed
        case .set(let new, enter: false): return .replaced(new)
        case .set(let new, enter: true):
            let below = descend(into: field, value: new, at: path.appending(key: key), visit: visit, with: &editor)
            return .replaced(below ?? new)
        case .enter:
            guard let value = index.map(visit.record.value(at:)),
                let below = descend(
                    into: field, value: value, at: path.appending(key: key), visit: visit, with: &editor)
            else { return .none }
            return .replaced(below)
        }
    }

    /// Below a field the editor asked to go into, by its shape: a related record, each item
    /// of a to-many relationship, each entry of a map (met as a field of the map); `nil`
    /// when nothing below changed.
    private func descend<Editor: ValueEditor>(
        into field: Field, value: FormValue, at fieldPath: FormPath, visit: ValueVisit, with editor: inout Editor
    ) -> FormValue? {
        switch field.shape {
        case .record(let target):
            guard let config = self[target], editor.enters(fieldPath) else { return nil }
            return edit(value, config: config, with: &editor, at: fieldPath)
        case .records(let target):
            guard case .list(var items) = value, let config = self[target] else { return nil }
            var changed = false
            for index in items.indices {
                let itemPath = fieldPath.appending(.index(index))
                guard editor.enters(itemPath),
                    let item = edit(items[index], config: config, with: &editor, at: itemPath)
                else { continue }
                items[index] = item
                changed = true
            }
            return changed ? .list(items) : nil
        case .entries:
            guard case .record(let entries) = value, editor.enters(fieldPath) else { return nil }
            return editEntries(of: field, entries, at: fieldPath, hiddenValues: visit.hiddenValues, with: &editor)
        case .alternatives:
            return editAlternative(of: field, value, at: fieldPath, visit: visit, with: &editor)
        case .items, .positions, .single:
            return nil  // a list of values (a tuple) is the field's value: its editor sets the items
        }
    }

    /// A union's chosen alternative, met as a field: a tagged one in the union's record of
    /// one key, an untagged one in the union's place of the record the union is in.
    private func editAlternative<Editor: ValueEditor>(
        of field: Field, _ value: FormValue, at fieldPath: FormPath, visit: ValueVisit, with editor: inout Editor
    ) -> FormValue? {
        guard case .chosen(let chosen) = alternative(of: field, for: value),
            let alternative = field.alternativeField(chosen), editor.visits(alternative)
        else { return nil }
        var holder: FormRecord
        let recordPath: FormPath
        let key: String
        if let tag = field.alternatives[chosen].key {
            guard case .record(let union) = value, editor.enters(fieldPath) else { return nil }
            (holder, recordPath, key) = (union, fieldPath, tag)
        } else {
            guard case .key(let unionKey) = fieldPath.last else { return nil }
            (holder, recordPath, key) = (visit.record, visit.recordPath, unionKey)
            holder[unionKey] = value
        }
        let inHolder = ValueVisit(record: holder, recordPath: recordPath, hiddenValues: visit.hiddenValues)
        let index = holder.keys.firstIndex(of: key)
        let edit = editor.edit(alternative, at: index, in: inHolder)
        let made = change(edit, of: alternative, at: index, path: recordPath, key: key, visit: inHolder, with: &editor)
        guard holder.apply(made, at: key) else { return nil }
        guard field.alternatives[chosen].key != nil else { return holder[key] ?? .null }
        return .record(holder)
    }

    /// A map's entries, each met as a field of the map (the template keyed by its key).
    private func editEntries<Editor: ValueEditor>(
        of field: Field, _ entries: FormRecord, at mapPath: FormPath, hiddenValues: HiddenValuePolicy,
        with editor: inout Editor
    ) -> FormValue? {
        let map = ValueVisit(record: entries, recordPath: mapPath, hiddenValues: hiddenValues)
        var edited = entries
        var changed = false
        for (index, key) in entries.keys.enumerated() {
            guard let entry = field.entryField(key), editor.visits(entry) else { continue }
            let edit = editor.edit(entry, at: index, in: map)
            let made = change(edit, of: entry, at: index, path: mapPath, key: key, visit: map, with: &editor)
            if edited.apply(made, at: key) { changed = true }
        }
        return changed ? .record(edited) : nil
    }
}

/// What became of one value on an edit walk.
private enum ValueChange {
    case none, removed
    case replaced(FormValue)
}

extension FormRecord {
    /// Makes what an edit walk made of `key`'s value; `true` when the record changed.
    fileprivate mutating func apply(_ change: ValueChange, at key: String) -> Bool {
        switch change {
        case .none: return false
        case .removed: self[key] = nil
        case .replaced(let new): self[key] = new
        }
        return true
    }
}
