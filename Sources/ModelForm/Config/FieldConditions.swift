/// A field's conditional rules: shown, editable and required only while other values say so.
///
/// ```swift
/// try form.configs[Trip.self]?.update("visaNumber") {
///     $0.conditions.visibleIf = .field("needsVisa") == true
///     $0.conditions.requiredIf = .field("needsVisa") == true && .field("destination") != "home"
/// }
/// ```
public struct FieldConditions: Hashable, Sendable {
    /// While false the field is not drawn, not validated and not accepted from a submission.
    public var visibleIf: Condition?
    /// While false the field is read-only.
    public var enabledIf: Condition?
    /// While true a `required` rule applies.
    public var requiredIf: Condition?
    /// What saving does to the value of a hidden field; `nil` follows the form's policy.
    public var whenHidden: HiddenValuePolicy?

    /// No rules.
    public init(
        visibleIf: Condition? = nil, enabledIf: Condition? = nil, requiredIf: Condition? = nil,
        whenHidden: HiddenValuePolicy? = nil
    ) {
        self.visibleIf = visibleIf
        self.enabledIf = enabledIf
        self.requiredIf = requiredIf
        self.whenHidden = whenHidden
    }

    /// Whether any rule is set.
    package var isEmpty: Bool { visibleIf == nil && enabledIf == nil && requiredIf == nil }

    /// The rules that are set, by their names in a forms file.
    package var named: [(name: String, condition: Condition)] {
        [("visibleIf", visibleIf), ("enabledIf", enabledIf), ("requiredIf", requiredIf)].compactMap { name, rule in
            rule.map { (name, $0) }
        }
    }
}

/// What saving does to the value of a field while its `visibleIf` rule hides it.
public enum HiddenValuePolicy: String, Hashable, Sendable, CaseIterable {
    /// The value stays as it was (the default): showing the field again shows it.
    case keep
    /// The value is reset to the field's default when the form is saved.
    case clear
}

/// A field's state under its rules for the current values.
///
/// Rules in code, and the state they give a field now:
///
/// ```swift
/// try form.configs[Trip.self]?.update("visaNumber") {
///     $0.conditions = FieldConditions(
///         visibleIf: .field("needsVisa") == true, enabledIf: .field("travellers") > 0,
///         whenHidden: HiddenValuePolicy.clear)  // a hidden visa number is not saved
/// }
/// let state: FieldState = form.fieldState(at: "visaNumber")
/// let editable = state.isEnabled && !state.isConditionallyRequired  // true
/// ```
public struct FieldState: Hashable, Sendable {
    /// Drawn and accepted from submissions.
    public var isVisible: Bool
    /// Editable (else drawn read-only).
    public var isEnabled: Bool
    /// `requiredIf` holds.
    public var isConditionallyRequired: Bool

    /// The state of a field without rules.
    package static let unconditional = FieldState(isVisible: true, isEnabled: true, isConditionallyRequired: false)
}

extension Field {
    /// The field's rules in `state`: with `required` first while a `requiredIf` rule holds.
    package func rules(in state: FieldState) -> [ValidationRule] {
        guard state.isConditionallyRequired, !isRequired else { return rules }
        return [ValidationRule(.required)] + rules
    }
}

extension FieldConditions {
    /// The state for an entity's values (the record the field belongs to).
    package func state(in values: FormValue) -> FieldState {
        FieldState(
            isVisible: visibleIf?.evaluate(in: values) ?? true,
            isEnabled: enabledIf?.evaluate(in: values) ?? true,
            isConditionallyRequired: requiredIf?.evaluate(in: values) ?? false)
    }
}
