extension Form {
    /// A field's state under its rules for the current values: shown, editable, and
    /// required by a `requiredIf` rule. A path that names no field is shown and editable.
    ///
    /// ```swift
    /// let showsVisa = form.fieldState(at: "visaNumber").isVisible
    /// ```
    public func fieldState(at path: FormPath) -> FieldState {
        guard let field = try? configs.field(at: path, in: typeName), field.hasConditions else { return .unconditional }
        let entity = FormPath(Array(path.components.dropLast()))
        return field.conditions.state(in: displayedValues[entity] ?? .null)
    }
}

extension Form {
    /// The fields whose state an edit at `path` may change, with their new state: only the
    /// rules that read the edited field run again (what a front end redraws after an edit).
    ///
    /// ```swift
    /// try form.setText("true", at: "needsVisa")
    /// for (path, state) in form.fieldStates(affectedBy: "needsVisa") { redraw(path, state) }
    /// ```
    public func fieldStates(affectedBy path: FormPath) -> [(path: FormPath, state: FieldState)] {
        // The entity that holds the edited field, and the key under which its rules see it.
        var entityPath = path.components
        var key: String?
        while let last = entityPath.popLast() {
            if case .key(let name) = last {
                key = name
                break
            }
        }
        guard let key else { return [] }
        let entity = FormPath(entityPath)
        var entityType: String? = typeName
        if !entity.isRoot {
            switch (try? configs.field(at: entity, in: typeName))?.shape {
            case .record(let target)?, .records(let target)?: entityType = target
            case .items?, .positions?, .entries?, .single?, .alternatives?, nil: entityType = nil  // no record there
            }
        }
        guard let entityType, let fields = configs[entityType]?.fields else { return [] }
        let record = displayedValues[entity] ?? .null
        return (configs.ruleDependents(of: entityType)[key] ?? []).compactMap { position in
            let field = fields[position]
            return field.key.map { (entity.appending(key: $0), field.conditions.state(in: record)) }
        }
    }
}
