import Foundation

/// Free JSON: any JSON value, for a property whose shape is not fixed (a plugin's options,
/// an extension point of a configuration file), edited in a form as JSON or YAML text.
///
/// Numbers keep their exact decimal value (so `1.0` is an integer and `0.0075` a multiple
/// of `0.0001`), objects keep their keys' order. A Swift model's `JSONValue` property is a
/// `json` field; it is `Codable` as the JSON it holds.
///
/// ```swift
/// struct Plugin: Codable {
///     var name = "lint"
///     var options: JSONValue = ["strict": true, "ignore": ["build", "dist"]]
/// }
/// ```
///
/// Numbers kept as written, members in order, and the same value as a form value:
///
/// ```swift
/// let number = JSONNumber("1e3")  // kept as written; `double` is 1000.0
/// let object = JSONObject([("size", .number(JSONNumber(3))), ("unit", .string("cm"))])
/// let value: FormValue = JSONValue.object(object).formValue  // .record(["size": .int(3), "unit": ...])
/// ```
public enum JSONValue: Sendable, Hashable {
    /// `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A number, as written.
    case number(JSONNumber)
    /// A string.
    case string(String)
    /// An array.
    case array([JSONValue])
    /// An object, its members in order.
    case object(JSONObject)

    /// The JSON Schema type name: `null`, `boolean`, `number`, `string`, `array`, `object`
    /// (an integer is a `number` whose ``JSONNumber/isInteger`` holds).
    package var typeName: String {
        switch self {
        case .null: "null"
        case .bool: "boolean"
        case .number: "number"
        case .string: "string"
        case .array: "array"
        case .object: "object"
        }
    }

    /// Equality as JSON Schema defines it (`enum`, `const`, `uniqueItems`): numbers by value
    /// (`1 == 1.0`), objects whatever their keys' order, `true` never equal to `1`, text by
    /// its Unicode scalars (`"é"` written as one scalar differs from `e` and a combining accent).
    public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): true
        case (.bool(let a), .bool(let b)): a == b
        case (.number(let a), .number(let b)): a == b
        // The same scalars are the same UTF-8 bytes, compared without decoding them.
        case (.string(let a), .string(let b)): a.utf8.count == b.utf8.count && a.utf8.elementsEqual(b.utf8)
        case (.array(let a), .array(let b)): a == b
        case (.object(let a), .object(let b)):
            a.count == b.count && a.pairs.allSatisfy { pair in b[pair.key].map { $0 == pair.value } ?? false }
        default: false
        }
    }

    /// Hashes as equality compares: objects whatever their keys' order.
    public func hash(into hasher: inout Hasher) {
        switch self {
        case .null: hasher.combine(0)
        case .bool(let value): hasher.combine(value)
        case .number(let value): hasher.combine(value)
        case .string(let value): hasher.combine(value)
        case .array(let items): hasher.combine(items)
        case .object(let object):
            // Whatever the keys' order: the pairs' hashes combined by a commutative sum.
            hasher.combine(object.count)
            hasher.combine(
                object.pairs.reduce(0) { sum, pair in
                    var inner = Hasher()
                    inner.combine(pair.key)
                    inner.combine(pair.value)
                    return sum &+ inner.finalize()
                })
        }
    }

    /// An object's member; `nil` for a missing member or a value that is no object.
    public subscript(key: String) -> JSONValue? {
        if case .object(let object) = self { return object[key] }
        return nil
    }

    /// The text of a string.
    public var string: String? {
        if case .string(let text) = self { return text }
        return nil
    }

    /// The members of an object.
    public var object: JSONObject? {
        if case .object(let object) = self { return object }
        return nil
    }

    /// The items of an array.
    public var array: [JSONValue]? {
        if case .array(let items) = self { return items }
        return nil
    }

    /// The number of a number.
    public var number: JSONNumber? {
        if case .number(let number) = self { return number }
        return nil
    }

    /// The value as JSON text (keys in order, numbers as written).
    public var json: String {
        switch self {
        case .null: return "null"
        case .bool(let value): return value ? "true" : "false"
        case .number(let number): return number.text
        case .string(let text): return JSONValue.quote(text)
        case .array(let items): return "[" + items.map(\.json).joined(separator: ",") + "]"
        case .object(let object):
            return "{" + object.pairs.map { JSONValue.quote($0.key) + ":" + $0.value.json }.joined(separator: ",") + "}"
        }
    }

    /// The value as JSON text on one line, a space after each `,` and `:`: how a form shows
    /// free JSON in a row (`{"strict": true, "ignore": ["build", "dist"]}`).
    package var inlineJSON: String {
        switch self {
        case .array(let items): return "[" + items.map(\.inlineJSON).joined(separator: ", ") + "]"
        case .object(let object):
            return "{"
                + object.pairs.map { JSONValue.quote($0.key) + ": " + $0.value.inlineJSON }
                .joined(separator: ", ") + "}"
        default: return json
        }
    }

    /// The value as indented JSON text (two spaces), for files people read.
    package func prettyJSON(indent: String = "") -> String {
        let inner = indent + "  "
        switch self {
        case .array(let items) where !items.isEmpty:
            if items.allSatisfy({ $0.array == nil && $0.object == nil }) {
                return "[" + items.map(\.json).joined(separator: ", ") + "]"
            }
            return "[\n" + items.map { inner + $0.prettyJSON(indent: inner) }.joined(separator: ",\n") + "\n" + indent
                + "]"
        case .object(let object) where object.count > 0:
            return "{\n"
                + object.pairs.map { inner + JSONValue.quote($0.key) + ": " + $0.value.prettyJSON(indent: inner) }
                .joined(separator: ",\n") + "\n" + indent + "}"
        default:
            return json
        }
    }

    /// A JSON string literal: control characters and the line separators U+2028 and U+2029
    /// as `\u` escapes (the values files' own quoting).
    package static func quote(_ text: String) -> String {
        JSONStringLiteral.quote(text) { $0.value < 0x20 || $0.value == 0x2028 || $0.value == 0x2029 }
    }
}
