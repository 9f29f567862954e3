import Foundation

/// A condition on a form's values, as `visibleIf`, `enabledIf` and `requiredIf` rules hold
/// it: one tree for every front end, from YAML (`needsVisa and destination != "home"`) or
/// from code (`.field("needsVisa") == true`).
///
/// Paths are relative to the entity whose form holds the rule. A comparison with a missing
/// or `null` value is `false` (only ``isEmpty(_:)`` and `== null` match one), so no rule
/// fires on an empty form by accident.
///
/// ```swift
/// let rule = try Condition(parsing: "travellers > 2 and not empty(children)")
/// let children: FormValue = .list([.string("Ann")])
/// let applies = rule.evaluate(in: .record(["travellers": .int(3), "children": children]))  // true
/// ```
public indirect enum Condition: Hashable, Sendable, CustomStringConvertible {
    /// A boolean field: true when its value is `true`.
    case isTrue(FormPath)
    /// A comparison of a field with a literal or another field.
    case compare(FormPath, Comparison, Operand)
    /// The field's value is (or, `negated`, is not) one of the values.
    case oneOf(FormPath, [FormValue], negated: Bool)
    /// The field has no value: `null`, absent, empty text or an empty list.
    case isEmpty(FormPath)
    /// The field's value is of a kind (`contact is record`): the choice of a union whose
    /// alternatives are told apart by their kind, or what free JSON holds.
    case hasKind(FormPath, ValueKind)
    /// Both.
    case and(Condition, Condition)
    /// Either.
    case or(Condition, Condition)
    /// The opposite.
    case not(Condition)

    /// A comparison operator.
    ///
    /// A parsed rule is a tree to read:
    ///
    /// ```swift
    /// let adult = try Condition(parsing: "age >= 18")
    /// if case .compare(let path, let comparison, let operand) = adult {
    ///     let op: Condition.Comparison = comparison  // .greaterOrEqual, written ">="
    ///     let limit: Condition.Operand = operand  // .value(.int(18)); `.field(path)` compares two fields
    ///     print(path, op.rawValue, limit)
    /// }
    /// ```
    public enum Comparison: String, Hashable, Sendable, CaseIterable {
        case equal = "=="
        case notEqual = "!="
        case less = "<"
        case lessOrEqual = "<="
        case greater = ">"
        case greaterOrEqual = ">="
    }

    /// What a value is, as a rule tests it (`x is text`, `x is not list`) and as a union's
    /// untagged alternatives are told apart.
    ///
    /// ```swift
    /// let rule = try Condition(parsing: "contact is record")
    /// let street: Condition = .hasKind("contact", Condition.ValueKind.record)
    /// let both = rule == street  // true
    /// let applies = rule.evaluate(in: .record(["contact": .string("ada@example.com")]))  // false
    /// ```
    public enum ValueKind: String, Hashable, Sendable, CaseIterable {
        /// Text (a date or bytes, which are written as text, included).
        case text
        /// A number, whole or not.
        case number
        /// `true` or `false`.
        case boolean
        /// A list.
        case list
        /// A record or a map.
        case record

        /// The kind of `value`; `nil` for `null`.
        init?(of value: FormValue) {
            switch value {
            case .null: return nil
            case .string, .date, .data: self = .text
            case .int, .uint, .double, .decimal: self = .number
            case .bool: self = .boolean
            case .list: self = .list
            case .record: self = .record
            }
        }
    }

    /// The right side of a comparison.
    public enum Operand: Hashable, Sendable {
        /// A literal (`null` included).
        case value(FormValue)
        /// Another field's value.
        case field(FormPath)
    }

    /// The rule as it is written in a forms file.
    public var description: String { ConditionPrinter.text(self) }

    /// Every field path the condition reads.
    package var paths: [FormPath] {
        switch self {
        case .isTrue(let path), .isEmpty(let path), .oneOf(let path, _, _), .hasKind(let path, _): return [path]
        case .compare(let path, _, .field(let other)): return [path, other]
        case .compare(let path, _, .value): return [path]
        case .and(let a, let b), .or(let a, let b): return a.paths + b.paths
        case .not(let a): return a.paths
        }
    }

    /// Whether the condition holds for an entity's values (a record).
    public func evaluate(in values: FormValue) -> Bool {
        switch self {
        case .isTrue(let path):
            return values[path] == .bool(true)
        case .isEmpty(let path):
            return (values[path] ?? .null).isEmpty(as: nil)
        case .hasKind(let path, let kind):
            return ValueKind(of: values[path] ?? .null) == kind
        case .oneOf(let path, let options, let negated):
            guard let value = values[path], value != .null else { return false }
            let found = options.contains { Self.compare(value, $0) == .orderedSame }
            return negated ? !found : found
        case .compare(let path, let comparison, let operand):
            let left = values[path] ?? .null
            let right: FormValue =
                switch operand {
                case .value(let value): value
                case .field(let other): values[other] ?? .null
                }
            if case .value(.null) = operand {
                switch comparison {
                case .equal: return left == .null
                case .notEqual: return left != .null
                default: return false
                }
            }
            guard left != .null, right != .null, let order = Self.compare(left, right) else { return false }
            switch comparison {
            case .equal: return order == .orderedSame
            case .notEqual: return order != .orderedSame
            case .less: return order == .orderedAscending
            case .lessOrEqual: return order != .orderedDescending
            case .greater: return order == .orderedDescending
            case .greaterOrEqual: return order != .orderedAscending
            }
        case .and(let a, let b):
            return a.evaluate(in: values) && b.evaluate(in: values)
        case .or(let a, let b):
            return a.evaluate(in: values) || b.evaluate(in: values)
        case .not(let a):
            return !a.evaluate(in: values)
        }
    }

    /// How two values order: numbers by value, text by its characters, dates by time,
    /// booleans only as equal or not; `nil` when they cannot be compared.
    static func compare(_ a: FormValue, _ b: FormValue) -> ComparisonResult? {
        if let x = number(a), let y = number(b) {
            return x < y ? .orderedAscending : x > y ? .orderedDescending : .orderedSame
        }
        switch (a, b) {
        case (.string(let x), .string(let y)):
            return x < y ? .orderedAscending : x > y ? .orderedDescending : .orderedSame
        case (.date(let x), .date(let y)): return x < y ? .orderedAscending : x > y ? .orderedDescending : .orderedSame
        case (.date, .string(let text)): return date(text).flatMap { compare(a, .date($0)) }
        case (.string(let text), .date): return date(text).flatMap { compare(.date($0), b) }
        case (.bool(let x), .bool(let y)): return x == y ? .orderedSame : .orderedAscending
        case (.list(let x), .list(let y)): return x == y ? .orderedSame : .orderedAscending
        default: return a == b ? .orderedSame : nil
        }
    }

    private static func number(_ value: FormValue) -> Decimal? {
        switch value {
        case .int(let x): return Decimal(x)
        case .uint(let x): return Decimal(x)
        case .double(let x): return x.isFinite ? Decimal(x) : nil
        case .decimal(let x): return x
        default: return nil
        }
    }
}
