/// A JSON object: its members in order, looked up by key.
public struct JSONObject: Sendable, Hashable {
    /// The members, in document order.
    public private(set) var pairs: [(key: String, value: JSONValue)]
    private var index: [String: Int]

    /// An object of `pairs` in order (a repeated key keeps its last value).
    public init(_ pairs: [(String, JSONValue)] = []) {
        self.pairs = []
        index = [:]
        for (key, value) in pairs { self[key] = value }
    }

    /// The number of members.
    package var count: Int { pairs.count }
    /// Where the member of `key` is in ``pairs``.
    package func position(of key: String) -> Int? { index[key] }
    /// The members' keys in order.
    package var keys: [String] { pairs.map(\.key) }

    /// A member's value; setting `nil` removes the member, a new key goes last.
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

    /// The same members, whatever their order.
    public static func == (lhs: JSONObject, rhs: JSONObject) -> Bool { JSONValue.object(lhs) == JSONValue.object(rhs) }
    /// Hashes the member count (equal objects may order their members differently).
    public func hash(into hasher: inout Hasher) { hasher.combine(count) }
}
