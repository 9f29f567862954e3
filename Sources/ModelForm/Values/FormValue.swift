import Foundation

/// A typed value in a form: the value tree a form reads, edits and writes back.
///
/// `FormValue` replaces the `[String: Any]` bags of older form libraries: every value a
/// field can hold has a case, records keep their key order, and the tree is `Sendable`.
///
/// ```swift
/// let user: FormValue = .record(["email": .string("a@b.c"), "age": .int(41)])
/// ```
public enum FormValue: Hashable, Sendable {
    /// No value (a `nil` optional).
    case null
    /// A boolean.
    case bool(Bool)
    /// A signed integer.
    case int(Int64)
    /// An unsigned integer.
    case uint(UInt64)
    /// A binary floating-point number.
    case double(Double)
    /// A decimal number.
    case decimal(Decimal)
    /// Text (also URLs, emails and enum raw values).
    case string(String)
    /// A point in time.
    case date(Date)
    /// Raw bytes (images).
    case data(Data)
    /// An ordered list (arrays, sets, multi-select values, collections).
    case list([FormValue])
    /// A nested model: keys in declaration order.
    case record(FormRecord)

    /// `true` for `.null`.
    public var isNull: Bool { self == .null }

    /// The value as a string when it is `.string`.
    public var stringValue: String? {
        if case .string(let text) = self { return text }
        return nil
    }

    /// The value as a signed integer, when it is an integer that fits.
    public var intValue: Int64? {
        switch self {
        case .int(let value): return value
        case .uint(let value): return Int64(exactly: value)
        default: return nil
        }
    }

    /// `true` for the numeric cases.
    package var isNumeric: Bool {
        switch self {
        case .int, .uint, .double, .decimal: return true
        default: return false
        }
    }
}

/// An ordered string-keyed record of values: the value of one model instance.
///
/// Keys and values are kept in parallel arrays in key order, with an index from key to
/// position, so reading in order touches memory sequentially and a lookup by key is one
/// hash.
///
/// A record keeps its keys in order:
///
/// ```swift
/// let guest: FormRecord = ["name": .string("Ada"), "age": .int(36), "phone": .null]
/// let filled = guest.pairs.filter { !$0.value.isNull }.map(\.key)  // ["name", "age"]
/// let name = guest["name"]?.stringValue  // "Ada"
/// let age = guest["age"]?.plainText  // "36"
/// ```
public struct FormRecord: Hashable, Sendable, ExpressibleByDictionaryLiteral {
    /// The keys in order.
    public private(set) var keys: [String] = []
    /// The values, in the order of ``keys``.
    public private(set) var values: [FormValue] = []
    private var positions = KeyPositions()

    /// An empty record.
    public init() {}

    /// A record from key/value pairs in order; a repeated key keeps its last value.
    public init(dictionaryLiteral elements: (String, FormValue)...) {
        for (key, value) in elements { self[key] = value }
    }

    /// A record from key/value pairs in order; a repeated key keeps its last value.
    public init(_ pairs: [(String, FormValue)]) {
        reserveCapacity(pairs.count)
        for (key, value) in pairs { self[key] = value }
    }

    /// The value for a key; setting `nil` removes the key.
    public subscript(key: String) -> FormValue? {
        get { positions.position(of: key, in: keys).map { values[$0] } }
        set {
            if let position = positions.position(of: key, in: keys) {
                if let newValue {
                    values[position] = newValue
                } else {
                    keys.remove(at: position)
                    values.remove(at: position)
                    positions.rebuild(keys)
                }
            } else if let newValue {
                keys.append(key)
                values.append(newValue)
                positions.noteAppended(to: keys)
            }
        }
    }

    /// Runs `body` on the value for `key` in place (adding the key, as `.null`, when it is
    /// missing; removing it again if `body` throws).
    public mutating func update<E: Error>(_ key: String, _ body: (inout FormValue) throws(E) -> Void) throws(E) {
        if let position = positions.position(of: key, in: keys) {
            try body(&values[position])
            return
        }
        values.append(.null)
        do {
            try body(&values[values.count - 1])
        } catch {
            values.removeLast()
            throw error
        }
        keys.append(key)
        positions.noteAppended(to: keys)
    }

    /// Reserves room for `count` keys.
    package mutating func reserveCapacity(_ count: Int) {
        keys.reserveCapacity(count)
        values.reserveCapacity(count)
        positions.reserve(count, keys: keys)
    }

    /// The key/value pairs in order.
    public var pairs: [(key: String, value: FormValue)] {
        Array(zip(keys, values))
    }

    /// The number of keys.
    public var count: Int { keys.count }

    /// `true` when the record has no keys.
    public var isEmpty: Bool { keys.isEmpty }

    /// The value for `key`, looked up first at `position` (where it usually is when a
    /// record is read in the order of a form's fields), then by hash; `position` moves
    /// past the key found.
    package func value(forKey key: String, near position: inout Int) -> FormValue? {
        if position < keys.count, keys[position] == key {
            position += 1
            return values[position - 1]
        }
        guard let found = positions.position(of: key, in: keys) else { return nil }
        position = found + 1
        return values[found]
    }

    /// The index of `key`'s value, looking first at `position` (no hash when it is there),
    /// which then moves past it; the value itself is not copied.
    package func index(forKey key: String, near position: inout Int) -> Int? {
        if position < keys.count, keys[position] == key {
            position += 1
            return position - 1
        }
        guard let found = positions.position(of: key, in: keys) else { return nil }
        position = found + 1
        return found
    }

    /// The value at an index from ``index(forKey:near:)``.
    package func value(at index: Int) -> FormValue { values[index] }

    /// Sets the value for `key`, looking first at `position` (no hash when it is there).
    package mutating func set(_ value: FormValue, forKey key: String, near position: Int) {
        if position < keys.count, keys[position] == key {
            values[position] = value
        } else {
            self[key] = value
        }
    }

    public static func == (lhs: FormRecord, rhs: FormRecord) -> Bool {
        lhs.keys == rhs.keys && lhs.values == rhs.values
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(keys)
        hasher.combine(values)
    }
}
