extension FormSession {
    /// Puts back, from `original`, the value of every field its rules hide or disable in the
    /// new values: a submission cannot change them (as it cannot change read-only fields).
    mutating func restoreConditionalFields(from original: FormValue) {
        guard configs.hasRules else { return }
        var restored: [(FormPath, FormValue?)] = []
        configs.walkValues(values, typeName: typeName) { visit in
            guard visit.field.hasConditions else { return true }
            let state = visit.field.conditions.state(in: visit.record)
            if !state.isVisible || !state.isEnabled { restored.append((visit.path, original[visit.path])) }
            return true
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
        configs.walkValues(values, typeName: typeName) { visit in
            let field = visit.field
            guard field.hasConditions, (field.conditions.whenHidden ?? visit.hiddenValues) == .clear,
                !field.conditions.state(in: visit.record).isVisible
            else { return true }
            cleared.append((visit.path, DefaultValues.value(for: field, configs: configs)))
            return true
        }
        for (path, value) in cleared { try? values.set(value, at: path) }
    }
}
