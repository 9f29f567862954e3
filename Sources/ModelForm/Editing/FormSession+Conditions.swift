extension FormSession {
    /// Puts back, from `original`, the value of every field its rules hide or disable in the
    /// new values: a submission cannot change them (as it cannot change read-only fields).
    mutating func restoreConditionalFields(from original: FormValue) {
        guard configs.hasRules else { return }
        var walker = RuledFields { field, visit in
            let state = field.conditions.state(in: visit.recordValue)
            return !state.isVisible || !state.isEnabled
        }
        configs.walkValues(values, typeName: typeName, with: &walker)
        let restored = walker.found.map { ($0.path, original[$0.path]) }
        for (path, value) in restored where values[path] != value {
            // A field the original did not have stays absent: `null` there would be a change.
            if let value { try? values.set(value, at: path) } else { values.removeValue(at: path) }
        }
    }

    /// Resets hidden fields whose policy (the field's, else the form's) is `clear` to their
    /// defaults: what saving does before the values are committed.
    mutating func clearHiddenValues() {
        guard configs.hasRules else { return }
        var walker = RuledFields { field, visit in
            (field.conditions.whenHidden ?? visit.hiddenValues) == .clear
                && !field.conditions.state(in: visit.recordValue).isVisible
        }
        configs.walkValues(values, typeName: typeName, with: &walker)
        for (path, field) in walker.found {
            try? values.set(DefaultValues.value(for: field, configs: configs), at: path)
        }
    }
}

/// The fields with rules that `selects`, with their paths, in every record reached.
private struct RuledFields: ValueWalker {
    let selects: (Field, ValueVisit) -> Bool
    var found: [(path: FormPath, field: Field)] = []

    mutating func visitField(_ field: Field, at index: Int?, in visit: ValueVisit) -> Bool {
        if field.hasConditions, selects(field, visit) { found.append((visit.path(of: field), field)) }
        return true
    }
}
