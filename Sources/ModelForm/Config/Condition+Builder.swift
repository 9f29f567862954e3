/// A field to write a condition about in code: `.field("needsVisa") == true`,
/// `.field("travellers") > 2`, `.field("repeat").isIn(["weekly", "monthly"])`.
///
/// Conditions combine with `&&`, `||` and `!`:
///
/// ```swift
/// let needsVisa: ConditionField = .field("needsVisa")
/// let far: Condition = needsVisa.isTrue && .field("destination").isNotIn(["Lyon", "Paris"])
/// let busy: Condition = .field("mode").isIn(["train", "plane"]) || .field("travellers") > 4
/// ```
public struct ConditionField: Sendable {
    /// The field's path, relative to the form's entity.
    package var path: FormPath

    /// A field by path (so `.field("a") == 1` reads the same wherever a condition is built).
    public static func field(_ path: String) -> ConditionField { Condition.field(path) }

    /// `true` while the field's value is `true` (a bare boolean path).
    public var isTrue: Condition { .isTrue(path) }
    /// `true` while the field has no value (`null`, absent, empty text or list).
    public var isEmpty: Condition { .isEmpty(path) }

    /// `true` while the value is one of `values`.
    public func isIn<V: ConditionLiteral>(_ values: [V]) -> Condition {
        .oneOf(path, values.map(\.conditionValue), negated: false)
    }
    /// `true` while the value is present and none of `values`.
    public func isNotIn<V: ConditionLiteral>(_ values: [V]) -> Condition {
        .oneOf(path, values.map(\.conditionValue), negated: true)
    }

    public static func == <V: ConditionLiteral>(field: ConditionField, value: V) -> Condition {
        .compare(field.path, .equal, .value(value.conditionValue))
    }
    public static func != <V: ConditionLiteral>(field: ConditionField, value: V) -> Condition {
        .compare(field.path, .notEqual, .value(value.conditionValue))
    }
    public static func < <V: ConditionLiteral>(field: ConditionField, value: V) -> Condition {
        .compare(field.path, .less, .value(value.conditionValue))
    }
    public static func <= <V: ConditionLiteral>(field: ConditionField, value: V) -> Condition {
        .compare(field.path, .lessOrEqual, .value(value.conditionValue))
    }
    public static func > <V: ConditionLiteral>(field: ConditionField, value: V) -> Condition {
        .compare(field.path, .greater, .value(value.conditionValue))
    }
    public static func >= <V: ConditionLiteral>(field: ConditionField, value: V) -> Condition {
        .compare(field.path, .greaterOrEqual, .value(value.conditionValue))
    }
    public static func == (field: ConditionField, other: ConditionField) -> Condition {
        .compare(field.path, .equal, .field(other.path))
    }
    public static func != (field: ConditionField, other: ConditionField) -> Condition {
        .compare(field.path, .notEqual, .field(other.path))
    }
}

extension Condition {
    /// A field of the form's entity, by path (`"address.country"`); an unparsable path
    /// names nothing, so conditions on it are false (the load-time check reports it).
    public static func field(_ path: String) -> ConditionField {
        ConditionField(path: (try? FormPath(parsing: path)) ?? FormPath([.key(path)]))
    }

    public static func && (a: Condition, b: Condition) -> Condition { .and(a, b) }
    public static func || (a: Condition, b: Condition) -> Condition { .or(a, b) }
    public static prefix func ! (a: Condition) -> Condition { .not(a) }
}

/// A value a condition built in code compares with: `Bool`, `Int`, `Double`, `String` or a
/// ``FormValue`` (`.null` included).
///
/// A type of your own compared in conditions:
///
/// ```swift
/// struct Code: ConditionLiteral {
///     var text: String
///     var conditionValue: FormValue { .string(text.uppercased()) }
/// }
/// let french: Condition = .field("country") == Code(text: "fr")  // country == "FR"
/// ```
public protocol ConditionLiteral: Sendable {
    /// The value compared with.
    var conditionValue: FormValue { get }
}

extension Bool: ConditionLiteral { public var conditionValue: FormValue { .bool(self) } }
extension Int: ConditionLiteral { public var conditionValue: FormValue { .int(Int64(self)) } }
extension Double: ConditionLiteral { public var conditionValue: FormValue { .double(self) } }
extension String: ConditionLiteral { public var conditionValue: FormValue { .string(self) } }
extension FormValue: ConditionLiteral { public var conditionValue: FormValue { self } }
