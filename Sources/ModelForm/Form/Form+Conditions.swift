extension Form {
    /// A field's state under its rules for the current values: shown, editable, and
    /// required by a `requiredIf` rule. A path that names no field is shown and editable.
    ///
    /// ```swift
    /// if form.fieldState(at: "visaNumber").isVisible { ... }
    /// ```
    public func fieldState(at path: FormPath) -> FieldState {
        guard let field = try? configs.field(at: path, in: typeName), !field.conditions.isEmpty else { return .unconditional }
        let entity = FormPath(Array(path.components.dropLast()))
        return field.conditions.state(in: displayedValues[entity] ?? .null)
    }
}
