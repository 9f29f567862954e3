import Foundation

/// Encodes an `Encodable` model into a ``FormValue`` tree.
///
/// `Date`, `URL`, `Data` and `Decimal` keep their own cases; `nil` optionals are kept as
/// `.null` under their key, so a record always lists every property.
///
/// ```swift
/// let values = try FormValueEncoder().encode(user)  // .record(["email": .string(""), ...])
/// ```
public struct FormValueEncoder: Sendable {
    /// An encoder.
    public init() {}

    /// The value tree of `value`.
    public func encode<T: Encodable>(_ value: T) throws -> FormValue {
        let node = EncodingNode()
        try node.encode(value, codingPath: [])
        return node.resolve()
    }
}

/// One value under construction.
final class EncodingNode {
    enum Content {
        case empty
        case value(FormValue)
        case record(keys: [String], children: [String: EncodingNode])
        case list([EncodingNode])
    }

    var content: Content = .empty

    func resolve() -> FormValue {
        switch content {
        case .empty: return .record(FormRecord())
        case .value(let value): return value
        case .record(let keys, let children):
            return .record(FormRecord(keys.map { ($0, children[$0]?.resolve() ?? .null) }))
        case .list(let nodes): return .list(nodes.map { $0.resolve() })
        }
    }

    func encode<T: Encodable>(_ value: T, codingPath: [any CodingKey]) throws {
        if let special = Self.special(value) {
            content = .value(special)
        } else {
            try value.encode(to: NodeEncoder(node: self, codingPath: codingPath))
            // A dictionary has no order of its own (its hash order changes from run to run):
            // its entries are sorted by key, so a map's order is the same on every run.
            if value is any DictionaryTypeProtocol, case .record(let keys, let children) = content {
                content = .record(keys: keys.sorted(), children: children)
            }
            // A set neither: its members are sorted (numbers by value, the rest by text).
            if value is any SetTypeProtocol, case .list(let nodes) = content {
                let members = nodes.map { ($0, $0.resolve()) }
                content = .list(members.sorted { Self.precedes($0.1, $1.1) }.map(\.0))
            }
        }
    }

    /// The order of a set's members: numbers by value, then the rest by their text.
    static func precedes(_ a: FormValue, _ b: FormValue) -> Bool {
        switch (a.doubleValue, b.doubleValue) {
        case (let x?, let y?): return x < y
        case (.some, nil): return true
        case (nil, .some): return false
        case (nil, nil): return a.plainText < b.plainText
        }
    }

    /// Types whose own `Codable` conformance would lose what they are.
    static func special(_ value: Any) -> FormValue? {
        switch value {
        case let date as Date: return .date(date)
        case let url as URL: return .string(url.absoluteString)
        case let data as Data: return .data(data)
        case let decimal as Decimal: return .decimal(decimal)
        case let json as JSONValue: return json.formValue
        default: return nil
        }
    }

    func child(forKey key: String) -> EncodingNode {
        var (keys, children) = recordParts()
        if let existing = children[key] { return existing }
        let node = EncodingNode()
        keys.append(key)
        children[key] = node
        content = .record(keys: keys, children: children)
        return node
    }

    func recordParts() -> ([String], [String: EncodingNode]) {
        if case .record(let keys, let children) = content { return (keys, children) }
        return ([], [:])
    }

    func appendChild() -> EncodingNode {
        var nodes: [EncodingNode] = []
        if case .list(let existing) = content { nodes = existing }
        let node = EncodingNode()
        nodes.append(node)
        content = .list(nodes)
        return node
    }

    var listCount: Int {
        if case .list(let nodes) = content { return nodes.count }
        return 0
    }
}

struct NodeEncoder: Encoder {
    let node: EncodingNode
    var codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        if case .record = node.content {} else { node.content = .record(keys: [], children: [:]) }
        return KeyedEncodingContainer(NodeKeyedContainer<Key>(node: node, codingPath: codingPath))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        if case .list = node.content {} else { node.content = .list([]) }
        return NodeUnkeyedContainer(node: node, codingPath: codingPath)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        NodeSingleValueContainer(node: node, codingPath: codingPath)
    }
}

struct NodeKeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let node: EncodingNode
    var codingPath: [any CodingKey]

    mutating func encodeNil(forKey key: Key) throws { node.child(forKey: key.stringValue).content = .value(.null) }

    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        try node.child(forKey: key.stringValue).encode(value, codingPath: codingPath + [key])
    }

    mutating func encodeIfPresent<T: Encodable>(_ value: T?, forKey key: Key) throws {
        if let value { try encode(value, forKey: key) } else { try encodeNil(forKey: key) }
    }

    mutating func encodeIfPresent(_ value: Bool?, forKey key: Key) throws { try encodeOptional(value, key) }
    mutating func encodeIfPresent(_ value: String?, forKey key: Key) throws { try encodeOptional(value, key) }
    mutating func encodeIfPresent(_ value: Double?, forKey key: Key) throws { try encodeOptional(value, key) }
    mutating func encodeIfPresent(_ value: Float?, forKey key: Key) throws { try encodeOptional(value, key) }
    mutating func encodeIfPresent(_ value: Int?, forKey key: Key) throws { try encodeOptional(value, key) }
    mutating func encodeIfPresent(_ value: Int8?, forKey key: Key) throws { try encodeOptional(value, key) }
    mutating func encodeIfPresent(_ value: Int16?, forKey key: Key) throws { try encodeOptional(value, key) }
    mutating func encodeIfPresent(_ value: Int32?, forKey key: Key) throws { try encodeOptional(value, key) }
    mutating func encodeIfPresent(_ value: Int64?, forKey key: Key) throws { try encodeOptional(value, key) }
    mutating func encodeIfPresent(_ value: UInt?, forKey key: Key) throws { try encodeOptional(value, key) }
    mutating func encodeIfPresent(_ value: UInt8?, forKey key: Key) throws { try encodeOptional(value, key) }
    mutating func encodeIfPresent(_ value: UInt16?, forKey key: Key) throws { try encodeOptional(value, key) }
    mutating func encodeIfPresent(_ value: UInt32?, forKey key: Key) throws { try encodeOptional(value, key) }
    mutating func encodeIfPresent(_ value: UInt64?, forKey key: Key) throws { try encodeOptional(value, key) }

    private mutating func encodeOptional<T: Encodable>(_ value: T?, _ key: Key) throws {
        if let value { try encode(value, forKey: key) } else { try encodeNil(forKey: key) }
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key)
        -> KeyedEncodingContainer<NestedKey>
    {
        NodeEncoder(node: node.child(forKey: key.stringValue), codingPath: codingPath + [key]).container(
            keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        NodeEncoder(node: node.child(forKey: key.stringValue), codingPath: codingPath + [key]).unkeyedContainer()
    }

    mutating func superEncoder() -> any Encoder {
        NodeEncoder(node: node.child(forKey: "super"), codingPath: codingPath)
    }

    mutating func superEncoder(forKey key: Key) -> any Encoder {
        NodeEncoder(node: node.child(forKey: key.stringValue), codingPath: codingPath + [key])
    }
}

struct NodeUnkeyedContainer: UnkeyedEncodingContainer {
    let node: EncodingNode
    var codingPath: [any CodingKey]
    var count: Int { node.listCount }

    mutating func encodeNil() throws { node.appendChild().content = .value(.null) }

    mutating func encode<T: Encodable>(_ value: T) throws {
        try node.appendChild().encode(value, codingPath: codingPath)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<
        NestedKey
    > {
        NodeEncoder(node: node.appendChild(), codingPath: codingPath).container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        NodeEncoder(node: node.appendChild(), codingPath: codingPath).unkeyedContainer()
    }

    mutating func superEncoder() -> any Encoder { NodeEncoder(node: node.appendChild(), codingPath: codingPath) }
}

struct NodeSingleValueContainer: SingleValueEncodingContainer {
    let node: EncodingNode
    var codingPath: [any CodingKey]

    mutating func encodeNil() throws { node.content = .value(.null) }

    mutating func encode<T: Encodable>(_ value: T) throws {
        if let scalar = FormValue(scalar: value) {
            node.content = .value(scalar)
        } else {
            try node.encode(value, codingPath: codingPath)
        }
    }
}
