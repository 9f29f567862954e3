import Foundation
import ModelFormYAML

/// A JSON value as JSON Schema sees it: numbers keep their exact decimal value (so `1.0` is
/// an integer and `0.0075` a multiple of `0.0001`), objects keep their keys' order.
public enum JSONValue: Sendable, Hashable {
    case null
    case bool(Bool)
    case number(JSONNumber)
    case string(String)
    case array([JSONValue])
    case object(JSONObject)

    /// The JSON Schema type name: `null`, `boolean`, `number`, `string`, `array`, `object`
    /// (an integer is a `number` whose ``JSONNumber/isInteger`` holds).
    public var typeName: String {
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
    /// (`1 == 1.0`), objects whatever their keys' order, `true` never equal to `1`.
    public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): true
        case (.bool(let a), .bool(let b)): a == b
        case (.number(let a), .number(let b)): a == b
        case (.string(let a), .string(let b)): a.unicodeScalars.elementsEqual(b.unicodeScalars)
        case (.array(let a), .array(let b)): a == b
        case (.object(let a), .object(let b)):
            a.count == b.count && a.pairs.allSatisfy { pair in b[pair.key].map { $0 == pair.value } ?? false }
        default: false
        }
    }

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

    public subscript(key: String) -> JSONValue? {
        if case .object(let object) = self { return object[key] }
        return nil
    }

    public var string: String? {
        if case .string(let text) = self { return text }
        return nil
    }

    public var object: JSONObject? {
        if case .object(let object) = self { return object }
        return nil
    }

    public var array: [JSONValue]? {
        if case .array(let items) = self { return items }
        return nil
    }

    public var number: JSONNumber? {
        if case .number(let number) = self { return number }
        return nil
    }

    /// A value from a parsed JSON (or YAML) document: plain scalars `null`, `true`, `false`
    /// and numbers are those; anything quoted is a string.
    public init(_ node: YAMLNode) {
        switch node.kind {
        case .sequence(let items): self = .array(items.map(JSONValue.init))
        case .mapping(let pairs): self = .object(JSONObject(pairs.map { ($0.key.string ?? "", JSONValue($0.value)) }))
        case .scalar(let scalar):
            guard !scalar.isQuoted else {
                self = .string(scalar.value)
                return
            }
            switch scalar.value {
            case "null", "~", "": self = .null
            case "true": self = .bool(true)
            case "false": self = .bool(false)
            default: self = JSONNumber(scalar.value).map(JSONValue.number) ?? .string(scalar.value)
            }
        }
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

    /// The value as indented JSON text (two spaces), for files people read.
    public func prettyJSON(indent: String = "") -> String {
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

    /// A JSON string literal (the values files' own quoting).
    static func quote(_ text: String) -> String { JSONText.quote(text) }
}

/// A JSON object: its members in order, looked up by key.
public struct JSONObject: Sendable, Hashable {
    /// The members, in document order.
    public private(set) var pairs: [(key: String, value: JSONValue)]
    private var index: [String: Int]

    public init(_ pairs: [(String, JSONValue)] = []) {
        self.pairs = []
        index = [:]
        for (key, value) in pairs { self[key] = value }
    }

    public var count: Int { pairs.count }
    public var keys: [String] { pairs.map(\.key) }

    public subscript(key: String) -> JSONValue? {
        get { index[key].map { pairs[$0].value } }
        set {
            if let position = index[key] {
                if let newValue {
                    pairs[position].value = newValue
                } else {
                    pairs.remove(at: position)
                    index = Dictionary(uniqueKeysWithValues: pairs.enumerated().map { ($1.key, $0) })
                }
            } else if let newValue {
                index[key] = pairs.count
                pairs.append((key, newValue))
            }
        }
    }

    public static func == (lhs: JSONObject, rhs: JSONObject) -> Bool { JSONValue.object(lhs) == JSONValue.object(rhs) }
    public func hash(into hasher: inout Hasher) { hasher.combine(count) }
}

/// A JSON number: its text, its value as a `Double`, and, when it fits, as a `Decimal`
/// (exact for every decimal literal of up to 38 digits), so comparisons and `multipleOf`
/// are exact where they can be.
public struct JSONNumber: Sendable, Hashable {
    /// The number as written.
    public var text: String
    /// Its value as a `Double` (infinite past its range).
    public var double: Double
    /// Its exact value, when a `Decimal` holds it.
    public var decimal: Decimal?

    /// A number from JSON text (`-1.5e3`); `nil` for anything else.
    public init?(_ text: String) {
        guard JSONNumber.isNumberText(text), let double = Double(text) else { return nil }
        self.text = text
        self.double = double
        let exponent = JSONNumber.exponent(text)
        decimal = abs(exponent) < 100 ? Decimal(string: text, locale: Locale(identifier: "en_US_POSIX")) : nil
    }

    public init(_ value: Double) {
        text = value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : String(value)
        double = value
        decimal = Decimal(string: text, locale: Locale(identifier: "en_US_POSIX"))
    }

    public init(_ value: Int) {
        text = String(value)
        double = Double(value)
        decimal = Decimal(value)
    }

    /// Whether the value is a whole number (`1.0` is one).
    public var isInteger: Bool {
        if var decimal {
            var whole = Decimal()
            NSDecimalRound(&whole, &decimal, 0, .plain)
            return decimal == whole
        }
        return double.isFinite && double == double.rounded()
    }

    public static func == (lhs: JSONNumber, rhs: JSONNumber) -> Bool {
        if let a = lhs.decimal, let b = rhs.decimal { return a == b }
        return lhs.double == rhs.double
    }

    public static func < (lhs: JSONNumber, rhs: JSONNumber) -> Bool {
        if let a = lhs.decimal, let b = rhs.decimal { return a < b }
        return lhs.double < rhs.double
    }

    public func hash(into hasher: inout Hasher) { hasher.combine(double) }

    /// Whether this is a whole multiple of `divisor`: exact with decimals, else by the
    /// floating-point quotient (an infinite quotient is not a multiple).
    public func isMultiple(of divisor: JSONNumber) -> Bool {
        if let a = decimal, let b = divisor.decimal, b != 0 {
            var quotient = a / b
            var whole = Decimal()
            NSDecimalRound(&whole, &quotient, 0, .plain)
            if !quotient.isNaN { return quotient == whole }
        }
        let quotient = double / divisor.double
        return quotient.isFinite && quotient == quotient.rounded()
    }

    static func isNumberText(_ text: String) -> Bool {
        var bytes = Substring(text).utf8[...]
        if bytes.first == UInt8(ascii: "-") { bytes = bytes.dropFirst() }
        guard let first = bytes.first, (0x30...0x39).contains(first) else { return false }
        var seenDot = false
        var seenExponent = false
        var previous: UInt8 = 0
        for byte in bytes {
            switch byte {
            case 0x30...0x39: break
            case UInt8(ascii: "."):
                if seenDot || seenExponent { return false }
                seenDot = true
            case UInt8(ascii: "e"), UInt8(ascii: "E"):
                if seenExponent { return false }
                seenExponent = true
            case UInt8(ascii: "+"), UInt8(ascii: "-"):
                if previous != UInt8(ascii: "e") && previous != UInt8(ascii: "E") { return false }
            default: return false
            }
            previous = byte
        }
        return (0x30...0x39).contains(previous)
    }

    static func exponent(_ text: String) -> Int {
        guard let e = text.lowercased().firstIndex(of: "e") else { return 0 }
        return Int(text[text.index(after: e)...]) ?? 0
    }
}
