extension FormSession {
    /// `true` for a collection item's path (`tags[0]`): its field is the template, which has no key.
    static func isItem(_ path: FormPath) -> Bool {
        if case .index = path.last { return true }
        return false
    }

    /// Checkboxes, multi-selects and bitfields: absent from a submission means off / none.
    static func isToggle(_ field: Field) -> Bool { field.type.isToggle }

    /// What a submission named: the toggles it sent, and every form (prefix) it touched.
    struct SubmittedPaths {
        var rootToggles: Set<String> = []
        var toggles: Set<FormPath> = []
        var prefixes: Set<FormPath> = []

        mutating func recordRoot(_ key: String, toggle: Bool) {
            if toggle { rootToggles.insert(key) }
        }

        mutating func record(_ path: FormPath, toggle: Bool) {
            if toggle {
                if path.components.count == 1, case .key(let key) = path.components[0] {
                    rootToggles.insert(key)
                } else {
                    toggles.insert(path)
                }
            }
            guard path.components.count > 1 else { return }
            for length in 1..<path.components.count { prefixes.insert(FormPath(Array(path.components.prefix(length)))) }
        }
    }

    /// Gives every submitted collection the items the submission names (0 through the
    /// largest index), keeping existing items and adding defaults for new ones. An index
    /// may be at most the current count (the next new item): past it, the collection gets
    /// one error and is left as it is; returns the refused collections' paths (what the
    /// submission names inside them is skipped, so they give one error each).
    mutating func rebuildCollections(
        for paths: [FormPath], index fields: inout FieldIndex, failures: inout [FieldError]
    ) -> [FormPath] {
        var refused: [FormPath] = []
        var largest: [FormPath: Int] = [:]
        for path in paths where path.components.contains(where: { if case .index = $0 { true } else { false } }) {
            var prefix = FormPath()
            for component in path.components {
                if case .index(let index) = component, (try? fields.field(at: prefix))?.itemField != nil {
                    largest[prefix] = max(largest[prefix] ?? -1, index)
                }
                prefix = prefix.appending(component)
            }
        }
        for (listPath, largestIndex) in largest.sorted(by: { $0.key.components.count < $1.key.components.count }) {
            guard let template = (try? fields.field(at: listPath))?.itemField else { continue }
            var items: [FormValue] = []
            if case .list(let existing) = values[listPath] { items = existing }
            guard largestIndex <= items.count else {
                let itemPath = listPath.appending(.index(largestIndex))
                failures.append(
                    FieldError(
                        path: itemPath, rule: "range",
                        message:
                            "index \(largestIndex) is out of range (\(items.count) items; a new item takes index \(items.count))"
                    ))
                refused.append(listPath)
                continue
            }
            let count = largestIndex + 1
            items = Array(items.prefix(count))
            while items.count < count { items.append(DefaultValues.value(for: template, configs: configs)) }
            try? values.set(.list(items), at: listPath)
        }
        return refused
    }

    /// Sets unchecked checkboxes, multi-selects and bitfields of every form the submission
    /// touched to off / none.
    mutating func clearAbsentToggles(_ submitted: SubmittedPaths) {
        var editor = AbsentToggles(submitted: submitted)
        configs.editValues(&values, typeName: typeName, with: &editor)
    }
}

/// Turns off the toggles (checkboxes, multi-selects, bitfields) a submission left out, in
/// every editable record it touched.
private struct AbsentToggles: ValueEditor {
    let submitted: FormSession.SubmittedPaths

    func enters(_ path: FormPath) -> Bool { path.isRoot || submitted.prefixes.contains(path) }

    func visits(_ field: Field) -> Bool {
        guard !field.readOnly, !field.hidden else { return false }
        switch field.shape {
        case .record, .records, .alternatives: return true  // go into the related records, the chosen alternative
        case .positions: return field.positions.contains(where: FormSession.isToggle)
        case .items, .entries, .single: return FormSession.isToggle(field)
        }
    }

    func edit(_ field: Field, at index: Int?, in visit: ValueVisit) -> ValueEdit {
        if case .positions = field.shape { return positionsOff(field, at: index, in: visit) }
        guard FormSession.isToggle(field) else { return .enter }  // a relationship: go into it
        if visit.recordPath.isRoot, let key = field.key, submitted.rootToggles.contains(key) { return .keep }
        guard !submitted.toggles.contains(visit.path(of: field)) else { return .keep }
        let off: FormValue =
            switch field.type {
            case .boolean, .option: .bool(false)
            case .multiSelect: .list([])
            default: .uint(0)
            }
        // An absent key is written off, as the page showed it.
        return .setting(off, over: index, in: visit)
    }

    /// A tuple's toggle positions the submission left out, turned off where it named
    /// something else of the tuple (the page drew it).
    private func positionsOff(_ field: Field, at index: Int?, in visit: ValueVisit) -> ValueEdit {
        let path = visit.path(of: field)
        guard submitted.prefixes.contains(path), case .list(var items) = visit.value(at: index) else { return .keep }
        var changed = false
        for position in items.indices where position < field.positions.count {
            let item = field.positions[position]
            guard FormSession.isToggle(item), !submitted.toggles.contains(path.appending(.index(position))),
                item.type == .boolean, items[position] != .bool(false)
            else { continue }
            items[position] = .bool(false)
            changed = true
        }
        return changed ? .setting(.list(items), over: index, in: visit) : .keep
    }
}
