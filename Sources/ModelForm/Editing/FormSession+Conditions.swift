extension FormSession {
    /// Puts back, from `original`, the value of every field its rules hide or disable in the
    /// new values: a submission cannot change them (as it cannot change read-only fields).
    mutating func restoreConditionalFields(from original: FormValue) {
        guard configs.hasRules else { return }
        var editor = ConditionalRestore(original: original)
        configs.editValues(&values, typeName: typeName, with: &editor)
    }

    /// Resets hidden fields whose policy (the field's, else the form's) is `clear` to their
    /// defaults: what saving does before the values are committed.
    mutating func clearHiddenValues() {
        guard configs.hasRules else { return }
        var editor = HiddenValueClear(configs: configs)
        configs.editValues(&values, typeName: typeName, with: &editor)
    }
}

extension Field {
    /// Whether a walk for the rules meets the field: it has rules, or fields with rules may
    /// sit below it (a related record, its items, a map's entries).
    fileprivate var mayHoldRules: Bool {
        if hasConditions { return true }
        switch shape {
        case .record, .records, .entries, .alternatives: return true
        case .items, .positions, .single: return false
        }
    }
}

/// Puts back the original value of each field its rules hide or disable (an absent one
/// leaves the record again): a submission cannot change what the page did not let it edit.
private struct ConditionalRestore: ValueEditor {
    let original: FormValue

    func visits(_ field: Field) -> Bool { field.mayHoldRules }

    func edit(_ field: Field, at index: Int?, in visit: ValueVisit) -> ValueEdit {
        guard field.hasConditions else { return .enter }
        let state = field.conditions.state(in: visit.recordValue)
        guard !state.isVisible || !state.isEnabled else { return .enter }
        let before = original[visit.path(of: field)]
        guard before != index.map(visit.record.value(at:)) else { return .keep }
        // A field the original did not have stays absent: `null` there would be a change.
        return before.map { .set($0) } ?? .remove
    }
}

/// Resets each hidden field whose policy (the field's, else its form's) is `clear` to its
/// default.
private struct HiddenValueClear: ValueEditor {
    let configs: ConfigDictionary

    func visits(_ field: Field) -> Bool { field.mayHoldRules }

    func edit(_ field: Field, at index: Int?, in visit: ValueVisit) -> ValueEdit {
        guard field.hasConditions, (field.conditions.whenHidden ?? visit.hiddenValues) == .clear,
            !field.conditions.state(in: visit.recordValue).isVisible
        else { return .enter }
        return .setting(DefaultValues.value(for: field, configs: configs), over: index, in: visit)
    }
}
