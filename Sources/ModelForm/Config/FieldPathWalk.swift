/// Why a path names no field (see ``ConfigDictionary/walkPath(_:in:with:)``).
package enum FieldPathStop: Error {
    /// The walk's type has no form.
    case unknownType(String)
    /// A key follows a field that holds no record.
    case noFields(Field)
    /// A form has no field by that key.
    case unknownKey(String, in: FormConfig)
    /// An index follows a field that holds no items (or follows nothing).
    case notAList(Field?)
    /// The walker refused a field on the way (``FieldPathWalker/accepts(_:)``,
    /// ``FieldPathWalker/entersRecord(of:asItem:)``).
    case refused(Field)
    /// The path is empty.
    case empty
}

/// Walks a path from a type's form to the field it names: the one walk of paths. Looking
/// a field up, checking what a page binds and resolving a condition's operands are walkers.
package protocol FieldPathWalker {
    /// The field of `config` by `key` (`config.field(key)` by default).
    mutating func field(_ key: String, in config: FormConfig) -> Field?
    /// Whether to go on into the record a to-one `field` leads to; `asItem` when the field
    /// is an item of a list (every one by default).
    func entersRecord(of field: Field, asItem: Bool) -> Bool
    /// Whether a field met on the way may be gone through or named (every one by default).
    mutating func accepts(_ field: Field) -> Bool
}

extension FieldPathWalker {
    package mutating func field(_ key: String, in config: FormConfig) -> Field? { config.field(key) }
    package func entersRecord(of field: Field, asItem: Bool) -> Bool { true }
    package mutating func accepts(_ field: Field) -> Bool { true }
}

/// A walk of paths that asks each form for its fields (no index, nothing refused).
package struct PlainFieldPathWalker: FieldPathWalker {
    package init() {}
}

extension ConfigDictionary {
    /// The field `path` names from `typeName`'s form: a key names a field of the form the
    /// walk is in (following to-one relationships by the related type's form, so replaced
    /// forms are honoured) or an entry of a map (``Field/entryField(_:)``), an index names an
    /// item of a list (through its ``Field/itemField``).
    package func walkPath<Walker: FieldPathWalker>(
        _ path: FormPath, in typeName: String, with walker: inout Walker
    ) -> Result<Field, FieldPathStop> {
        guard var config = self[typeName] else { return .failure(.unknownType(typeName)) }
        var current: Field?
        var isItem = false
        for component in path.components {
            switch component {
            case .key(let key):
                if var field = current {
                    // A key goes into a record's fields, names a map's entry or a tagged
                    // alternative, or goes into an untagged record alternative that has it.
                    if case .alternatives = field.shape {
                        if let tagged = field.alternativeIndex(tag: key).flatMap(field.alternativeField) {
                            guard walker.accepts(tagged) else { return .failure(.refused(tagged)) }
                            current = tagged
                            isItem = false
                            continue
                        }
                        guard let record = untaggedAlternative(of: field, where: { self[$0]?.field(key) != nil })
                        else { return .failure(.noFields(field)) }
                        field = record
                    }
                    switch field.shape {
                    case .entries:
                        guard let entry = field.entryField(key) else { return .failure(.noFields(field)) }
                        guard walker.accepts(entry) else { return .failure(.refused(entry)) }
                        current = entry
                        isItem = false
                        continue
                    case .record:
                        guard let next = destination(of: field) else { return .failure(.noFields(field)) }
                        guard walker.entersRecord(of: field, asItem: isItem) else { return .failure(.refused(field)) }
                        config = next
                    case .records, .items, .positions, .single, .alternatives: return .failure(.noFields(field))
                    }
                }
                guard let field = walker.field(key, in: config) else { return .failure(.unknownKey(key, in: config)) }
                guard walker.accepts(field) else { return .failure(.refused(field)) }
                current = field
                isItem = false
            case .index(let index):
                let list = current.flatMap { field in
                    field.shape == .alternatives ? untaggedAlternative(of: field, where: nil) : field
                }
                guard let field = list, let item = field.itemField(at: index) else {
                    return .failure(.notAList(current))
                }
                current = item
                isItem = true
            }
        }
        guard let current else { return .failure(.empty) }
        return .success(current)
    }

    /// The first untagged alternative of `field` that is a record whose type `hasKey`
    /// accepts, or (with no `hasKey`) a list: where a path into an untagged union goes.
    private func untaggedAlternative(of field: Field, where hasKey: ((String) -> Bool)?) -> Field? {
        for index in field.alternatives.indices where field.alternatives[index].key == nil {
            guard let alternative = field.alternativeField(index) else { continue }
            switch alternative.shape {
            case .record(let target): if let hasKey, hasKey(target) { return alternative }
            case .records, .items, .positions: if hasKey == nil { return alternative }
            case .entries, .alternatives, .single: continue
            }
        }
        return nil
    }
}
