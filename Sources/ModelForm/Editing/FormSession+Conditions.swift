extension FormSession {
    /// Puts back, from `original`, the value of every field its rules hide or disable in the
    /// new values: a submission cannot change them (as it cannot change read-only fields).
    mutating func restoreConditionalFields(from original: FormValue) {
        guard configs.hasRules else { return }
        var restored: [(FormPath, FormValue?)] = []
        ConditionalFields.visit(values, typeName: typeName, configs: configs) { field, _, record, path in
            let state = field.conditions.state(in: record)
            if !state.isVisible || !state.isEnabled { restored.append((path, original[path])) }
        }
        for (path, value) in restored where values[path] != value {
            try? values.set(value ?? .null, at: path)
        }
    }

    /// Resets hidden fields whose policy (the field's, else the form's) is `clear` to their
    /// defaults: what saving does before the values are committed.
    mutating func clearHiddenValues() {
        guard configs.hasRules else { return }
        var cleared: [(FormPath, FormValue)] = []
        ConditionalFields.visit(values, typeName: typeName, configs: configs) { field, config, record, path in
            guard (field.conditions.whenHidden ?? config.hiddenValues) == .clear,
                !field.conditions.state(in: record).isVisible
            else { return }
            cleared.append((path, DefaultValues.value(for: field, configs: configs)))
        }
        for (path, value) in cleared { try? values.set(value, at: path) }
    }
}

/// Walks the records of a value tree with the forms that describe them.
enum ConditionalFields {
    /// Calls `body` for each field with rules, with its form, the record its rules read and
    /// its path.
    static func visit(
        _ values: FormValue, typeName: String, configs: ConfigDictionary,
        _ body: (Field, FormConfig, FormValue, FormPath) -> Void
    ) {
        var stack: [(value: FormValue, typeName: String, path: FormPath)] = [(values, typeName, FormPath())]
        while let (value, typeName, path) = stack.popLast() {
            guard let config = configs[typeName], case .record(let record) = value else { continue }
            for field in config.fields {
                guard let key = field.key else { continue }
                let target = field.relationship?.target
                guard field.hasConditions || target != nil else { continue }
                let fieldPath = path.appending(key: key)
                if field.hasConditions { body(field, config, value, fieldPath) }
                guard let target, let child = record[key] else { continue }
                switch child {
                case .record: stack.append((child, target, fieldPath))
                case .list(let items):
                    for (index, item) in items.enumerated() {
                        stack.append((item, target, fieldPath.appending(.index(index))))
                    }
                default: break
                }
            }
        }
    }
}
