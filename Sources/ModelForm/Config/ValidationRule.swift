/// A validation rule as a value: an identifier and its parameters.
///
/// Rules are data, so they load from YAML and compare equal; a `custom` rule names a
/// check registered in code (see the editing session).
///
/// Rules are values to build and read:
///
/// ```swift
/// var code = Field(key: "code", type: .text)
/// code.rules = [ValidationRule(.required), ValidationRule(.length(min: 3, max: 8), message: "3 to 8 letters")]
/// let bounds = code.rules.compactMap { rule -> Int? in
///     if case ValidationRule.Kind.length(_, let max) = rule.kind { return max }
///     return nil
/// }  // [8]
/// var env = Field(key: "env", type: .text)
/// env.keyRules = [ValidationRule(.pattern("[A-Z_]+"))]  // a map's keys: upper-case names
/// ```
public struct ValidationRule: Hashable, Sendable {
    /// What the rule checks.
    public enum Kind: Hashable, Sendable {
        /// The value must not be empty.
        case required
        /// Text length (in characters) within bounds.
        case length(min: Int?, max: Int?)
        /// A number within bounds.
        case range(min: Double?, max: Double?)
        /// A number that is a whole multiple of this (JSON Schema's `multipleOf`, the HTML
        /// input's `step`).
        case multipleOf(Double)
        /// The whole text must match a regular expression.
        case pattern(String)
        /// The text must be an email address.
        case email
        /// The text must be an absolute URL with a scheme and host.
        case url
        /// The value must equal another field's value (`repeatPassword` equal to `password`).
        case equalTo(String)
        /// A check registered in code under this name.
        case custom(String)
    }

    /// What the rule checks.
    public var kind: Kind
    /// The message shown when it fails; `nil` for the rule's standard message.
    public var message: String?

    /// A rule.
    public init(_ kind: Kind, message: String? = nil) {
        self.kind = kind
        self.message = message
    }

    /// The rule's identifier: `required`, `length`, `range`, `multipleOf`, `pattern`, `email`, `url`,
    /// `equalTo`, or the custom check's name.
    public var id: String {
        switch kind {
        case .required: return "required"
        case .length: return "length"
        case .range: return "range"
        case .multipleOf: return "multipleOf"
        case .pattern: return "pattern"
        case .email: return "email"
        case .url: return "url"
        case .equalTo: return "equalTo"
        case .custom(let name): return name
        }
    }
}
