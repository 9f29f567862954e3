/// A keyed field of a record met on a walk of a value tree: the field, its value, its path,
/// the record it sits in (what its rules read) and its form's policy for hidden values.
package struct ValueVisit {
    /// The field.
    package var field: Field
    /// The field's value (`null` when the record has none).
    package var value: FormValue
    /// The path of the record the field sits in.
    package var recordPath: FormPath
    /// The record the field sits in.
    package var record: FormValue
    /// What the record's form does with hidden values on save.
    package var hiddenValues: HiddenValuePolicy

    /// The field's path (made when asked: most visits never need it).
    package var path: FormPath { recordPath.appending(key: field.key ?? "") }
}

extension ConfigDictionary {
    /// Walks a value tree with the forms that describe it, depth first in field order: every
    /// record reached (`record`, the root included), and every keyed field of each
    /// (`visit`). When `visit` returns `true` for a relationship, the walk goes into its
    /// record (to-one) or each item (to-many) whose path `entering` accepts. The one walk of
    /// values: validation, the rules' restores and clears, a submission's toggles, exports.
    ///
    /// ```swift
    /// configs.walkValues(values, typeName: "Team") { visit in
    ///     if visit.field.type == .email { print(visit.path, visit.value) }
    ///     return true
    /// }
    /// ```
    package func walkValues(
        _ values: FormValue, typeName: String, at path: FormPath = FormPath(),
        entering: (FormPath) -> Bool = { _ in true },
        record recordVisit: (_ typeName: String, _ path: FormPath, _ value: FormValue) -> Void = { _, _, _ in },
        _ visit: (ValueVisit) -> Bool
    ) {
        recordVisit(typeName, path, values)
        guard let config = self[typeName], case .record(let record) = values else { return }
        var position = 0
        for field in config.fields {
            guard let key = field.key else { continue }
            let value = record.value(forKey: key, near: &position) ?? .null
            let descend = visit(
                ValueVisit(
                    field: field, value: value, recordPath: path, record: values, hiddenValues: config.hiddenValues))
            guard descend, let relationship = field.relationship, self[relationship.target] != nil else { continue }
            let fieldPath = path.appending(key: key)
            switch (relationship.cardinality, value) {
            case (.toOne, .record):
                guard entering(fieldPath) else { continue }
                walkValues(
                    value, typeName: relationship.target, at: fieldPath, entering: entering, record: recordVisit, visit)
            case (.toMany, .list(let items)):
                for (index, item) in items.enumerated() {
                    let itemPath = fieldPath.appending(.index(index))
                    guard entering(itemPath) else { continue }
                    walkValues(
                        item, typeName: relationship.target, at: itemPath, entering: entering, record: recordVisit,
                        visit)
                }
            default:
                break
            }
        }
    }
}
