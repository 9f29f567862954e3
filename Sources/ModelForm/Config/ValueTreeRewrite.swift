/// Rewrites a value tree in the value's own order: every entry of every record, also those
/// no form describes (kept as they are, their parts rewritten by their values alone), so
/// that what is written keeps the data's order and its unknown keys. A values file's
/// writer is one (dates as their field shows them, data as base64). Where
/// ``ConfigDictionary/walkValues(_:typeName:with:at:)`` goes in the form's order and reads,
/// this goes in the data's order and rebuilds; both descend by ``FieldShape``.
package protocol ValueRewriter {
    /// The field of `key` in a record of `typeName`, `nil` for a key no form describes.
    func field(_ key: String, in typeName: String) -> Field?
    /// A value the walk does not go into (a scalar, `null`, a multi-select's items),
    /// rewritten; `field` is `nil` where no form describes it.
    func rewrite(_ value: FormValue, field: Field?) -> FormValue
    /// Whether a record keeps its property `field` (every one by default; a map's entries
    /// are always kept: an entry is there by its key).
    func keeps(_ value: FormValue, field: Field?) -> Bool
    /// Whether the map at `key` of a record of `typeName` is written as entries of the
    /// record itself (the map of other keys, ``EntityDescription/otherKeys``, as a values
    /// file writes it); none by default.
    func spreadsEntries(of key: String, in typeName: String) -> Bool
    /// Which alternative of the union `field` a value is (``ConfigDictionary/alternative(of:for:)``
    /// of the forms the rewriter writes by).
    func alternative(of field: Field, for value: FormValue) -> AlternativeMatch
}

extension ValueRewriter {
    package func keeps(_ value: FormValue, field: Field?) -> Bool { true }
    package func spreadsEntries(of key: String, in typeName: String) -> Bool { false }

    /// `value`, a record of `typeName` (or any value when `typeName` is `nil`), rewritten.
    package func rewriteValues(_ value: FormValue, typeName: String?) -> FormValue {
        rewritten(value, field: nil, typeName: typeName)
    }

    private func rewritten(_ value: FormValue, field: Field?, typeName: String?) -> FormValue {
        if let field, case .alternatives = field.shape { return rewrittenAlternative(value, of: field) }
        switch value {
        case .record(let record) where field?.shape == .entries:
            return .record(
                FormRecord(
                    record.pairs.map { key, child in
                        // An entry is there by its key: kept, whatever its value (`null` too).
                        let entry = field?.entryField(key)
                        return (key, rewritten(child, field: entry, typeName: entry?.recordTypeName))
                    }))
        case .record(let record):
            var pairs: [(String, FormValue)] = []
            pairs.reserveCapacity(record.count)
            for (key, child) in record.pairs {
                let childField = typeName.flatMap { self.field(key, in: $0) }
                if let typeName, let childField, case .record(let entries) = child,
                    spreadsEntries(of: key, in: typeName)
                {
                    for (entryKey, entry) in entries.pairs {
                        let entryField = childField.entryField(entryKey)
                        pairs.append(
                            (entryKey, rewritten(entry, field: entryField, typeName: entryField?.recordTypeName)))
                    }
                    continue
                }
                guard keeps(child, field: childField) else { continue }
                pairs.append((key, rewritten(child, field: childField, typeName: childField?.recordTypeName)))
            }
            return .record(FormRecord(pairs))
        case .list(let items):
            let (itemField, itemType): (Field?, String?) =
                switch field?.shape {
                case .records(let target)?: (field?.itemField, target)
                case .items?: (field?.template, field?.template?.recordTypeName)
                case .positions?: (nil, nil)  // each item by its position's field, below
                case .record?, .single?, .entries?, .alternatives?, nil: (field, nil)
                }
            if let field, case .positions = field.shape {
                return .list(
                    items.indices.map { index in
                        let position = field.itemField(at: index)
                        return rewritten(items[index], field: position, typeName: position?.recordTypeName)
                    })
            }
            return .list(items.map { rewritten($0, field: itemField, typeName: itemType) })
        default:
            return rewrite(value, field: field)
        }
    }
}

extension ValueRewriter {
    /// A union's value rewritten by its chosen alternative's field (a tagged one's payload
    /// under its tag); one that fits none is rewritten by its values alone.
    private func rewrittenAlternative(_ value: FormValue, of field: Field) -> FormValue {
        guard case .chosen(let index) = alternative(of: field, for: value), let chosen = field.alternativeField(index)
        else { return rewritten(value, field: nil, typeName: nil) }
        guard field.alternatives[index].key != nil, case .record(let union) = value else {
            return rewritten(value, field: chosen, typeName: chosen.recordTypeName)
        }
        return .record(
            FormRecord(union.pairs.map { ($0, rewritten($1, field: chosen, typeName: chosen.recordTypeName)) }))
    }
}

extension Field {
    /// The type of the record the field's value is (a to-one relationship's target).
    fileprivate var recordTypeName: String? {
        if case .record(let target) = shape { return target }
        return nil
    }
}
