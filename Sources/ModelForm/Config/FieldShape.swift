/// What a field's value is made of, as every descent of values and paths sees it: the one
/// place that tells a related record from a list of items from a single value. A walk
/// switches over it, so a new shape (a map, an alternative) is added here once and the
/// compiler names every walk that must learn it.
package enum FieldShape: Equatable {
    /// A record of `target` (a to-one relationship): its value is a record or `null`.
    case record(target: String)
    /// A list of records of `target` (a to-many relationship).
    case records(target: String)
    /// A list of values, each described by the field's `template`.
    case items
    /// A tuple: a list whose items differ by position, each described by the field's
    /// ``Field/positions`` in order, and any items after them by its `template` (none when it
    /// has none). Drawn as a fixed row of fields; only the items after the positions are
    /// added and removed.
    case positions
    /// A map: a record of entries keyed by strings, each value described by the field's
    /// `template` (an entry is that template keyed by the entry's key, ``Field/entryField(_:)``).
    case entries
    /// One of several alternatives (a union): the field's ``Field/alternatives`` each
    /// describe one; the value's own kind (or tag) tells which it is
    /// (``ConfigDictionary/alternative(of:for:)``).
    case alternatives
    /// One value the form edits as a whole: a scalar, an option set, a multi-select's list.
    case single
}

extension Field {
    /// A keyless subform field of a record of `target`: what describes one item of a to-many
    /// relationship, or a document, where no field of a form does.
    package static func record(of target: String) -> Field {
        Field(key: nil, type: .subform, valueType: nil, relationship: Relationship(target: target, cardinality: .toOne))
    }

    /// The shape of the field's value.
    package var shape: FieldShape {
        // Most fields have no relationship, alternatives, positions or template (all rare
        // settings): those are not read.
        guard !hasOnlyCommonSettings else { return .single }
        if let relationship {
            switch relationship.cardinality {
            case .toOne: return .record(target: relationship.target)
            case .toMany: return .records(target: relationship.target)
            }
        }
        if type == .alternatives, !alternatives.isEmpty { return .alternatives }
        if type == .collection, !positions.isEmpty { return .positions }
        guard hasTemplate else { return .single }
        let type = self.type
        return type == .collection ? .items : type == .map ? .entries : .single
    }

    /// The field that describes one item of a list-shaped field: its `template`, else (a
    /// to-many relationship without one) a to-one field of the related type; `nil` for a
    /// field that holds no items.
    package var itemField: Field? {
        switch shape {
        case .records(let target):
            template ?? .record(of: target)
        case .items: template
        case .positions, .record, .single, .entries, .alternatives: nil
        }
    }

    /// The field that describes the item at `index` of a list-shaped field: a tuple's
    /// position there (titled by it), else its ``itemField``; `nil` for a field that holds no
    /// items, or an index past a tuple's positions where nothing may follow them.
    package func itemField(at index: Int) -> Field? {
        guard case .positions = shape else { return itemField }
        if positions.indices.contains(index) { return positions[index] }
        return template
    }

    /// A tuple's positions and the field of the items after them (if any may follow).
    package var tupleItemFields: [Field] { positions + (template.map { [$0] } ?? []) }

    /// The field that describes an item added to the end of a list-shaped field: its
    /// ``itemField``, or a tuple's `template` (what may follow its positions; `nil` when nothing
    /// may).
    package var addedItemField: Field? {
        if case .positions = shape { return template }
        return itemField
    }

    /// The field of a map's entry `key`: the template keyed and titled by it (a record
    /// drawn in place); `nil` for a field that is not a map.
    package func entryField(_ key: String) -> Field? {
        guard case .entries = shape, var entry = template else { return nil }
        entry.key = key
        entry.title = key
        // An entry's record is drawn in place, as a collection's items are.
        if case .record = entry.shape { entry.inline = true }
        return entry
    }
}
