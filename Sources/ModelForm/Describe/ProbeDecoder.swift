/// What a probe of one `Decodable` type saw: the keys it asked for, with their types.
final class ProbeRecorder {
    let describer: ModelDescriber
    let path: String
    /// Which of the probe values a single value is offered (``ScalarConversion/candidate(_:attempt:)``).
    let attempt: Int
    private(set) var properties: [PropertyDescription] = []
    /// Set when the type decoded itself from a single value (a wrapper type).
    var singleValue: ValueType?

    init(describer: ModelDescriber, path: String, attempt: Int = 0) {
        self.describer = describer
        self.path = path
        self.attempt = attempt
    }

    /// Records `key` with its type and returns a placeholder value, or `nil` for an
    /// `decodeIfPresent` call.
    func decode<T: Decodable>(_ type: T.Type, key: String?, optional: Bool) throws -> T? {
        let childPath = key.map { path.isEmpty ? $0 : "\(path).\($0)" } ?? path
        let valueType = try describer.valueType(of: type, sample: nil, path: childPath)
        if let key {
            if !properties.contains(where: { $0.key == key }) {
                properties.append(PropertyDescription(key: key, valueType: optional ? .optional(valueType) : valueType))
            }
        } else if singleValue == nil {
            singleValue = optional ? .optional(valueType) : valueType
        }
        if key == nil, !optional, let candidate = ScalarConversion.candidate(type, attempt: attempt) as? T {
            return candidate
        }
        return optional ? nil : try placeholder(type, valueType: valueType, path: childPath)
    }

    private func placeholder<T: Decodable>(_ type: T.Type, valueType: ValueType, path: String) throws -> T {
        if let value = ScalarConversion.placeholder(type) as? T { return value }
        if let optional = type as? any OptionalTypeProtocol.Type, let none = optional.makeNone() as? T { return none }
        if let enumeration = type as? any CaseIterable.Type, let first = Self.firstCase(enumeration) as? T {
            return first
        }
        if let algebra = type as? any SetAlgebra.Type, let empty = Self.empty(algebra) as? T { return empty }
        if let union = type as? any FormAlternatives.Type, let first = Self.firstAlternative(union) as? T {
            return first
        }
        let name = ModelDescriber.entityName(type)
        if valueType.elementType != nil || valueType.entryType != nil { return try T(from: EmptyDecoder()) }
        if valueType.unwrapped == .unsupported(name), let empty = try? T(from: EmptyDecoder()) { return empty }
        if valueType.unwrapped != .unsupported(name), let instance = try describer.probeModel(type, path: path).instance
        {
            return instance
        }
        // A type that cannot be made from probe values (a validating one-value type, an
        // enum with associated values) is made from the sample's value, if there is one.
        if let instance = describer.sampleInstance(type, path: path) { return instance }
        let said = describer.refusals[name].map { ": \($0)" } ?? ""
        let tried =
            valueType.unwrapped == .unsupported(name)
            ? "cannot be made while probing (an enum with associated values is made only from a value)"
            : "refused every probe value (\(ScalarConversion.candidateList(for: valueType.unwrapped)))"
        throw DescriptionError(
            path: path,
            message:
                "\(name).init(from:) \(tried)\(said). Describe the model from a sample instead: Form(editing:), ModelDescription(type:sample:) or FormServer(_:sample:store:)"
        )
    }

    private static func firstCase<E: CaseIterable>(_ type: E.Type) -> Any? { E.allCases.first }
    private static func empty<S: SetAlgebra>(_ type: S.Type) -> Any { S() }
    private static func firstAlternative<U: FormAlternatives>(_ type: U.Type) -> Any? { U.formAlternatives.first }
}

/// A decoder that answers every request through a ``ProbeRecorder``.
struct ProbeDecoder: Decoder {
    let recorder: ProbeRecorder
    var codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        KeyedDecodingContainer(ProbeKeyedContainer<Key>(recorder: recorder, codingPath: codingPath))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        EmptyUnkeyedContainer(codingPath: codingPath)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        ProbeSingleValueContainer(recorder: recorder, codingPath: codingPath)
    }
}

struct ProbeKeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let recorder: ProbeRecorder
    var codingPath: [any CodingKey]
    var allKeys: [Key] { [] }

    func contains(_ key: Key) -> Bool { true }
    func decodeNil(forKey key: Key) throws -> Bool { false }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        try probeDecode(type, forKey: key)
    }

    private func probeDecode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        guard let value = try recorder.decode(type, key: key.stringValue, optional: false) else {
            throw DecodingError.valueNotFound(type, .init(codingPath: codingPath + [key], debugDescription: "probe"))
        }
        return value
    }

    func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
        try probeDecodeIfPresent(type, forKey: key)
    }

    private func probeDecodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
        try recorder.decode(type, key: key.stringValue, optional: true)
    }

    func decodeIfPresent(_ type: Bool.Type, forKey key: Key) throws -> Bool? {
        try probeDecodeIfPresent(type, forKey: key)
    }
    func decodeIfPresent(_ type: String.Type, forKey key: Key) throws -> String? {
        try probeDecodeIfPresent(type, forKey: key)
    }
    func decodeIfPresent(_ type: Double.Type, forKey key: Key) throws -> Double? {
        try probeDecodeIfPresent(type, forKey: key)
    }
    func decodeIfPresent(_ type: Float.Type, forKey key: Key) throws -> Float? {
        try probeDecodeIfPresent(type, forKey: key)
    }
    func decodeIfPresent(_ type: Int.Type, forKey key: Key) throws -> Int? {
        try probeDecodeIfPresent(type, forKey: key)
    }
    func decodeIfPresent(_ type: Int8.Type, forKey key: Key) throws -> Int8? {
        try probeDecodeIfPresent(type, forKey: key)
    }
    func decodeIfPresent(_ type: Int16.Type, forKey key: Key) throws -> Int16? {
        try probeDecodeIfPresent(type, forKey: key)
    }
    func decodeIfPresent(_ type: Int32.Type, forKey key: Key) throws -> Int32? {
        try probeDecodeIfPresent(type, forKey: key)
    }
    func decodeIfPresent(_ type: Int64.Type, forKey key: Key) throws -> Int64? {
        try probeDecodeIfPresent(type, forKey: key)
    }
    func decodeIfPresent(_ type: UInt.Type, forKey key: Key) throws -> UInt? {
        try probeDecodeIfPresent(type, forKey: key)
    }
    func decodeIfPresent(_ type: UInt8.Type, forKey key: Key) throws -> UInt8? {
        try probeDecodeIfPresent(type, forKey: key)
    }
    func decodeIfPresent(_ type: UInt16.Type, forKey key: Key) throws -> UInt16? {
        try probeDecodeIfPresent(type, forKey: key)
    }
    func decodeIfPresent(_ type: UInt32.Type, forKey key: Key) throws -> UInt32? {
        try probeDecodeIfPresent(type, forKey: key)
    }
    func decodeIfPresent(_ type: UInt64.Type, forKey key: Key) throws -> UInt64? {
        try probeDecodeIfPresent(type, forKey: key)
    }

    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try probeDecode(type, forKey: key) }
    func decode(_ type: String.Type, forKey key: Key) throws -> String { try probeDecode(type, forKey: key) }
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try probeDecode(type, forKey: key) }
    func decode(_ type: Float.Type, forKey key: Key) throws -> Float { try probeDecode(type, forKey: key) }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try probeDecode(type, forKey: key) }
    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try probeDecode(type, forKey: key) }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try probeDecode(type, forKey: key) }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try probeDecode(type, forKey: key) }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try probeDecode(type, forKey: key) }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try probeDecode(type, forKey: key) }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try probeDecode(type, forKey: key) }
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try probeDecode(type, forKey: key) }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try probeDecode(type, forKey: key) }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try probeDecode(type, forKey: key) }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws
        -> KeyedDecodingContainer<NestedKey>
    {
        KeyedDecodingContainer(ProbeKeyedContainer<NestedKey>(recorder: recorder, codingPath: codingPath + [key]))
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        EmptyUnkeyedContainer(codingPath: codingPath + [key])
    }

    func superDecoder() throws -> any Decoder { ProbeDecoder(recorder: recorder, codingPath: codingPath) }
    func superDecoder(forKey key: Key) throws -> any Decoder {
        ProbeDecoder(recorder: recorder, codingPath: codingPath)
    }
}

struct ProbeSingleValueContainer: SingleValueDecodingContainer {
    let recorder: ProbeRecorder
    var codingPath: [any CodingKey]

    func decodeNil() -> Bool { false }

    func decode<T: Decodable>(_ type: T.Type) throws -> T {
        guard let value = try recorder.decode(type, key: nil, optional: false) else {
            throw DecodingError.valueNotFound(type, .init(codingPath: codingPath, debugDescription: "probe"))
        }
        return value
    }
}
