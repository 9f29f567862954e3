import Foundation

/// Decodes a `Decodable` model from a ``FormValue`` tree: the way edits are written back.
///
/// ```swift
/// let decoded = try FormValueDecoder().decode(User.self, from: session.values)
/// ```
package struct FormValueDecoder: Sendable {
    /// A decoder.
    package init() {}

    /// The model decoded from `value`.
    package func decode<T: Decodable>(_ type: T.Type, from value: FormValue) throws -> T {
        try ValueDecoder(value: value, codingPath: []).decodeValue(type)
    }
}

struct ValueDecoder: Decoder {
    let value: FormValue
    var codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func mismatch(_ expected: String) -> DecodingError {
        .typeMismatch(
            Any.self, .init(codingPath: codingPath, debugDescription: "expected \(expected), found \(value.kindName)"))
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        guard case .record(let record) = value else { throw mismatch("a record") }
        return KeyedDecodingContainer(ValueKeyedContainer<Key>(record: record, codingPath: codingPath))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        guard case .list(let items) = value else { throw mismatch("a list") }
        return ValueUnkeyedContainer(items: items, codingPath: codingPath)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        ValueSingleContainer(decoder: self)
    }

    /// `value` as `T`, where `T` is known to be its type.
    private func cast<Value, T>(_ value: Value) throws -> T {
        guard let typed = value as? T else { throw mismatch("a \(T.self)") }
        return typed
    }

    /// Decodes `T`, handling the types whose value has a case of its own.
    func decodeValue<T: Decodable>(_ type: T.Type) throws -> T {
        switch ObjectIdentifier(type) {
        case ObjectIdentifier(Date.self):
            guard case .date(let date) = value else { throw mismatch("a date") }
            return try cast(date)
        case ObjectIdentifier(URL.self):
            guard case .string(let text) = value, let url = URL(string: text) else { throw mismatch("a URL") }
            return try cast(url)
        case ObjectIdentifier(Data.self):
            guard case .data(let data) = value else { throw mismatch("data") }
            return try cast(data)
        case ObjectIdentifier(Decimal.self):
            guard let decimal = value.decimalValue else { throw mismatch("a number") }
            return try cast(decimal)
        case ObjectIdentifier(JSONValue.self):
            return try cast(JSONValue(value))
        default:
            do { return try T(from: self) } catch let error as DecodingError { throw error } catch {
                // A type's own error (a validating initializer's) is located where it was
                // thrown, as a decoding error of the value there.
                throw DecodingError.dataCorrupted(
                    .init(codingPath: codingPath, debugDescription: String(describing: error), underlyingError: error))
            }
        }
    }

    func decodeScalar<T>(_ type: T.Type) throws -> T {
        if let result = ScalarCoercion.coerce(value, to: type) { return result }
        throw mismatch(String(describing: type))
    }
}

struct ValueKeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let record: FormRecord
    var codingPath: [any CodingKey]
    var allKeys: [Key] { record.keys.compactMap(Key.init(stringValue:)) }

    func contains(_ key: Key) -> Bool { record[key.stringValue] != nil }

    func decodeNil(forKey key: Key) throws -> Bool { (record[key.stringValue] ?? .null) == .null }

    private func child(_ key: Key) throws -> ValueDecoder {
        guard let value = record[key.stringValue] else {
            throw DecodingError.keyNotFound(
                key, .init(codingPath: codingPath, debugDescription: "no value for '\(key.stringValue)'"))
        }
        return ValueDecoder(value: value, codingPath: codingPath + [key])
    }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        try child(key).decodeValue(type)
    }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws
        -> KeyedDecodingContainer<NestedKey>
    {
        try child(key).container(keyedBy: type)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        try child(key).unkeyedContainer()
    }

    func superDecoder() throws -> any Decoder {
        ValueDecoder(value: record["super"] ?? .null, codingPath: codingPath)
    }

    func superDecoder(forKey key: Key) throws -> any Decoder { try child(key) }
}

struct ValueUnkeyedContainer: UnkeyedDecodingContainer {
    let items: [FormValue]
    var codingPath: [any CodingKey]
    var currentIndex = 0
    var count: Int? { items.count }
    var isAtEnd: Bool { currentIndex >= items.count }

    init(items: [FormValue], codingPath: [any CodingKey]) {
        self.items = items
        self.codingPath = codingPath
    }

    private mutating func next() throws -> ValueDecoder {
        guard !isAtEnd else {
            throw DecodingError.valueNotFound(Any.self, .init(codingPath: codingPath, debugDescription: "list ended"))
        }
        defer { currentIndex += 1 }
        return ValueDecoder(value: items[currentIndex], codingPath: codingPath + [IndexKey(currentIndex)])
    }

    mutating func decodeNil() throws -> Bool {
        guard !isAtEnd, items[currentIndex] == .null else { return false }
        currentIndex += 1
        return true
    }

    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T { try next().decodeValue(type) }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws
        -> KeyedDecodingContainer<NestedKey>
    {
        try next().container(keyedBy: type)
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer { try next().unkeyedContainer() }

    mutating func superDecoder() throws -> any Decoder { try next() }
}

struct ValueSingleContainer: SingleValueDecodingContainer {
    let decoder: ValueDecoder
    var codingPath: [any CodingKey] { decoder.codingPath }

    func decodeNil() -> Bool { decoder.value == .null }
    func decode(_ type: Bool.Type) throws -> Bool { try decoder.decodeScalar(type) }
    func decode(_ type: String.Type) throws -> String { try decoder.decodeScalar(type) }
    func decode(_ type: Double.Type) throws -> Double { try decoder.decodeScalar(type) }
    func decode(_ type: Float.Type) throws -> Float { try decoder.decodeScalar(type) }
    func decode(_ type: Int.Type) throws -> Int { try decoder.decodeScalar(type) }
    func decode(_ type: Int8.Type) throws -> Int8 { try decoder.decodeScalar(type) }
    func decode(_ type: Int16.Type) throws -> Int16 { try decoder.decodeScalar(type) }
    func decode(_ type: Int32.Type) throws -> Int32 { try decoder.decodeScalar(type) }
    func decode(_ type: Int64.Type) throws -> Int64 { try decoder.decodeScalar(type) }
    func decode(_ type: UInt.Type) throws -> UInt { try decoder.decodeScalar(type) }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try decoder.decodeScalar(type) }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try decoder.decodeScalar(type) }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try decoder.decodeScalar(type) }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try decoder.decodeScalar(type) }
    func decode<T: Decodable>(_ type: T.Type) throws -> T { try decoder.decodeValue(type) }
}

/// A coding key for a list position.
struct IndexKey: CodingKey {
    let intValue: Int?
    var stringValue: String { "\(intValue ?? 0)" }
    init(_ index: Int) { intValue = index }
    init?(stringValue: String) { intValue = Int(stringValue) }
    init?(intValue: Int) { self.intValue = intValue }
}
