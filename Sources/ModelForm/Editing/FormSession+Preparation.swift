extension FormSession {
    /// Values as a session starts from them: a field's `default` stands in for a `nil`
    /// value (FXForms' "optional number with default 1"; unless the configs'
    /// `defaultsFillAbsentValues` is off), and every `Set` property's items
    /// are put in one canonical order, so an unchanged round trip reports no change (a
    /// `Set` encodes its items in an order that differs from process to process).
    static func prepared(_ values: FormValue, typeName: String, configs: ConfigDictionary) -> FormValue {
        guard case .record(var record) = values, let config = configs[typeName] else { return values }
        for field in config.fields {
            let holdsRecords: Bool
            switch field.shape {
            case .record, .records: holdsRecords = true
            case .items, .entries, .single: holdsRecords = false
            }
            guard let key = field.key, field.defaultValue != nil || holdsRecords || isSet(field) else { continue }
            let current = record[key] ?? .null
            var value = current
            if value == .null, configs.defaultsFillAbsentValues, let fallback = field.defaultValue { value = fallback }
            value = canonical(value, for: field)
            switch (field.shape, value) {
            case (.record(let target), .record): value = prepared(value, typeName: target, configs: configs)
            case (.records(let target), .list(let items)):
                value = .list(items.map { prepared($0, typeName: target, configs: configs) })
            case (.record, _), (.records, _), (.items, _), (.entries, _), (.single, _): break
            }
            if value != current { record[key] = value }
        }
        return .record(record)
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
    /// from its type's defaults, so an edit into it makes a whole, committable record.
    mutating func materializeRelationships(along path: FormPath) {
        guard path.components.count > 1 else { return }
        var prefix = FormPath()
        for component in path.components.dropLast() {
            prefix = prefix.appending(component)
            guard (values[prefix] ?? .null) == .null, let field = try? configs.field(at: prefix, in: typeName) else {
                continue
            }
            switch field.shape {
            case .record(let target): try? values.set(DefaultValues.record(for: target, configs: configs), at: prefix)
            case .records, .items, .entries, .single: continue  // items and entries are made by their own verbs
            }
        }
    }
}
