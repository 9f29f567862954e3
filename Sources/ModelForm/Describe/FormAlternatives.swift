/// An enum with associated values that ModelForm offers as alternatives: a choice of case,
/// then the chosen case's values as a form (see the Alternatives article).
///
/// Swift cannot list an enum's cases at run time when they carry values; this protocol is
/// the one line that lets it: a sample value of each case, in the order the form offers
/// them. The samples' associated values are the new values a switch to a case starts
/// from. The enum's `Codable` conformance must be the one Swift synthesizes (a case is
/// written as `{"card": {"number": "4242"}}`, an unlabeled value under `_0`).
///
/// ```swift
/// enum Payment: FormAlternatives {
///     case cash
///     case card(number: String)
///     case transfer(Account)
///     static let formAlternatives: [Payment] = [.cash, .card(number: ""), .transfer(Account())]
/// }
/// ```
public protocol FormAlternatives: Codable, Sendable {
    /// A value of each case, in the order the form offers them.
    static var formAlternatives: [Self] { get }
}

extension ModelDescriber {
    /// The union a ``FormAlternatives`` enum is: a tagged alternative per case, its
    /// payload a record (`Payment.card`) of the case's associated values, keyed as
    /// `Codable` writes them.
    func describeUnion<U: FormAlternatives>(_ type: U.Type, path: String) throws(DescriptionError) -> ValueType {
        let name = Self.entityName(type)
        if let known = unions[name] { return known }
        // An `indirect` enum: a case's payload holds the enum again. Its alternatives are
        // payload records by name, so the union is finite; the payloads described before it
        // was whole name it by a stand-in, replaced below.
        guard !inProgress.contains(name) else {
            recursiveUnions.insert(name)
            return .union(UnionDescription(name: name, alternatives: []))
        }
        inProgress.insert(name)
        defer { inProgress.remove(name) }
        var alternatives: [UnionDescription.Alternative] = []
        for sample in U.formAlternatives {
            let tag = try describeCase(sample, of: name, path: path)
            guard !alternatives.contains(where: { $0.tag == tag }) else {
                throw DescriptionError(
                    path: path,
                    message: "'\(name).formAlternatives' has the case '\(tag)' twice; give one sample per case")
            }
            alternatives.append(.init(tag: tag, valueType: .model("\(name).\(tag)")))
        }
        guard !alternatives.isEmpty else {
            throw DescriptionError(
                path: path, message: "'\(name).formAlternatives' is empty; give a sample of each case")
        }
        let union = ValueType.union(UnionDescription(name: name, alternatives: alternatives))
        unions[name] = union
        if recursiveUnions.remove(name) != nil { replaceStandIns(of: name, with: union) }
        return union
    }

    /// Describes one case from its sample: its payload as the entity `Union.tag`; returns the tag.
    private func describeCase(_ sample: some FormAlternatives, of name: String, path: String)
        throws(DescriptionError) -> String
    {
        guard case .record(let wrapper)? = try? FormValueEncoder().encode(sample), wrapper.count == 1,
            let tag = wrapper.keys.first, case .record(let payload) = wrapper.values[0]
        else {
            throw DescriptionError(
                path: path,
                message:
                    "'\(name)' does not encode a case as {\"case\": {...}}; alternatives need the Codable conformance Swift synthesizes"
            )
        }
        let values = Self.payloadValues(of: sample)
        guard values.count == payload.count else {
            throw DescriptionError(
                path: path,
                message:
                    "the sample of '\(name).\(tag)' encodes \(payload.count) of its \(values.count) values; give every associated value a non-nil sample"
            )
        }
        let entity = "\(name).\(tag)"
        guard !described.contains(entity) else { return tag }
        reserve(entity)
        var properties: [PropertyDescription] = []
        for (key, value) in zip(payload.keys, values) {
            let valueType = try valueType(of: Swift.type(of: value), sample: value, path: "\(path).\(tag).\(key)")
            properties.append(PropertyDescription(key: key, valueType: valueType))
        }
        fill(entity, with: properties)
        return tag
    }

    /// A case's associated values in order: none, the one value, or a tuple's elements.
    private static func payloadValues(of sample: Any) -> [Any] {
        guard let child = Mirror(reflecting: sample).children.first else { return [] }
        let inner = Mirror(reflecting: child.value)
        return inner.displayStyle == .tuple ? inner.children.map(\.value) : [child.value]
    }
}

extension ValueType {
    /// The type with `union` where it holds the stand-in of the union `name` (one with no
    /// alternatives yet).
    func replacingStandIn(of name: String, with union: ValueType) -> ValueType {
        func inner(_ type: ValueType) -> ValueType { type.replacingStandIn(of: name, with: union) }
        switch self {
        case .union(let described) where described.name == name && described.alternatives.isEmpty: return union
        case .optional(let wrapped): return .optional(inner(wrapped))
        case .array(let element): return .array(inner(element))
        case .set(let element): return .set(inner(element))
        case .dictionary(let value): return .dictionary(inner(value))
        case .singleValue(let type, let value): return .singleValue(type, inner(value))
        case .tuple, .union, .string, .bool, .integer, .unsigned, .float, .decimal, .date, .url, .data, .enumeration,
            .optionSet, .json, .model, .unsupported:
            // A Swift model has no tuples, and a union's alternatives are payload records by name.
            return self
        }
    }
}
