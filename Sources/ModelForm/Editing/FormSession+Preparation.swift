extension FormSession {
    /// Values as a session starts from them: a field's `default` stands in for a `nil`
    /// value (FXForms' "optional number with default 1"; unless the configs'
    /// `defaultsFillAbsentValues` is off), and every `Set` property's items
    /// are put in one canonical order, so an unchanged round trip reports no change (a
    /// `Set` encodes its items in an order that differs from process to process).
    static func prepared(_ values: FormValue, typeName: String, configs: ConfigDictionary) -> FormValue {
        var values = values
        var editor = Preparation(fillsAbsentValues: configs.defaultsFillAbsentValues)
        configs.editValues(&values, typeName: typeName, with: &editor)
        return values
    }

    /// `true` for a field backed by a `Set` property.
    static func isSet(_ field: Field) -> Bool {
        if case .set = field.valueType?.unwrapped { return true }
        return false
    }

    /// A `Set` property's items in canonical order (by option position when the field has
    /// options, else by text); any other value as it is.
    static func canonical(_ value: FormValue, for field: Field) -> FormValue {
        guard isSet(field) || field.type == .multiSelect, case .list(var items) = value, items.count > 1 else {
            return value
        }
        // A choice is chosen or not: `tags=swift&tags=swift` chooses it once.
        var seen: Set<FormValue> = []
        items = items.filter { seen.insert($0).inserted }
        guard isSet(field) else { return .list(items) }
        if !field.options.isEmpty {
            func position(_ item: FormValue) -> Int { field.selectedOptionIndices(in: item).first ?? Int.max }
            return .list(items.sorted { position($0) < position($1) })
        }
        return .list(items.sorted { $0.plainText < $1.plainText })
    }

    /// Before a write below `path`: every `nil` (or absent) to-one relationship on the way is created
    /// from its type's defaults, so an edit into it makes a whole, committable record; a
    /// tuple shorter than the position written gets the positions before it, at their defaults.
    mutating func materializeRelationships(along path: FormPath) {
        guard path.components.count > 1 else { return }
        var prefix = FormPath()
        for (position, component) in path.components.dropLast().enumerated() {
            prefix = prefix.appending(component)
            let current = values[prefix] ?? .null
            if case .index(let index) = path.components[position + 1] {
                // Only a list too short for the index (a tuple's, maybe) is looked at.
                let short: Bool
                switch current {
                case .null: short = true
                case .list(let items): short = items.count <= index
                default: short = false
                }
                if short { fillPositions(at: prefix, through: index, current: current) }
                continue
            }
            // Only an empty value, or a record of one key (a tagged alternative), may need work.
            if current != .null {
                guard case .record(let record) = current, record.count == 1 else { continue }
            }
            guard let field = try? configs.field(at: prefix, in: typeName) else { continue }
            switch field.shape {
            case .record(let target):
                guard current == .null else { continue }
                try? values.set(DefaultValues.newRecord(of: target, for: field, configs: configs), at: prefix)
            case .records, .items, .positions, .entries, .single: continue  // items, entries: their own verbs
            case .alternatives:
                // A write below a tagged alternative the union does not hold switches to it.
                guard case .key(let tag) = path.components[position + 1] else { continue }
                switchAlternative(of: field, at: prefix, toTag: tag)
            }
        }
    }
}

/// Fills a `nil` value with its field's default and puts a `Set`'s or a multi-select's
/// items in canonical order, in every record.
private struct Preparation: ValueEditor {
    let fillsAbsentValues: Bool

    func visits(_ field: Field) -> Bool {
        switch field.shape {
        case .record, .records, .alternatives: true  // go into the related records, the chosen alternative
        case .items, .positions, .entries, .single: field.defaultValue != nil || FormSession.isSet(field)
        }
    }

    func edit(_ field: Field, at index: Int?, in visit: ValueVisit) -> ValueEdit {
        let current = visit.value(at: index)
        var value = current
        var changed = false
        if current == .null, fillsAbsentValues, let fallback = field.defaultValue {
            value = fallback
            changed = true
        }
        if FormSession.isSet(field) || field.type == .multiSelect {
            let ordered = FormSession.canonical(value, for: field)
            if ordered != value {
                value = ordered
                changed = true
            }
        }
        switch field.shape {
        case .record, .records, .alternatives: return changed ? .set(value, enter: true) : .enter
        case .items, .positions, .entries, .single: return changed ? .set(value) : .keep
        }
    }
}

extension FormSession {
    /// A tuple at `path` shorter than its position `index`: the positions up to it appended at
    /// their defaults, so that a write there lands in place (items after the positions are
    /// added by their own verb).
    fileprivate mutating func fillPositions(at path: FormPath, through index: Int, current: FormValue) {
        guard let field = try? configs.field(at: path, in: typeName), case .positions = field.shape,
            index < field.positions.count
        else { return }
        var items: [FormValue]
        switch current {
        case .list(let list): items = list
        case .null: items = []
        default: return
        }
        guard items.count <= index else { return }
        while items.count <= index {
            items.append(DefaultValues.value(for: field.positions[items.count], configs: configs))
        }
        try? values.set(.list(items), at: path)
    }
}
