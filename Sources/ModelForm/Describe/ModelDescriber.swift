/// Builds a ``ModelDescription`` from Swift types and values.
///
/// Two routes share one classifier: `Mirror` over an instance (declaration order; static
/// types even for `nil` optionals), and probing a `Decodable` type with a recording decoder
/// (declaration order of the synthesized `init(from:)`), which needs no instance. A nested
/// model met with a `nil` value or in an empty array is probed if it is `Decodable`.
/// Entities are described once and referenced by name, so recursive types terminate.
final class ModelDescriber {
    private(set) var entities: [EntityDescription] = []
    private(set) var described: Set<String> = []
    var inProgress: Set<String> = []
    /// The unions described (``FormAlternatives`` types), by name.
    var unions: [String: ValueType] = [:]
    /// The unions being described that a case's payload met again (`indirect` enums).
    var recursiveUnions: Set<String> = []
    /// Types met that encode themselves as one value, with that value's type.
    private var singleValues: [String: ValueType] = [:]
    /// The ``Reference`` types met (one-value types: the id), with the entity each refers to.
    private(set) var lookups: [String: String] = [:]
    /// An instance's encoded values, for the type route: a type whose decoder refuses
    /// every probe value is decoded from the value at its path instead.
    let sample: FormValue?

    /// A describer; `sample` is an instance's encoded values (see ``sample``).
    init(sample: FormValue? = nil) { self.sample = sample }

    /// The entity name used for a Swift type.
    static func entityName(_ type: Any.Type) -> String {
        String(describing: type)
    }

    /// Describes the type of `instance`, reading nested instances where present.
    func describeInstance(_ instance: Any) throws(DescriptionError) -> String {
        let type = Swift.type(of: instance)
        let mirror = Mirror(reflecting: instance)
        guard mirror.displayStyle == .struct || mirror.displayStyle == .class else {
            throw DescriptionError(
                path: "", message: "'\(type)' is not a struct or class, so it has no properties to edit")
        }
        let name = Self.entityName(type)
        try describeEntity(named: name, sample: mirror, type: type, path: "")
        return name
    }

    /// Describes a `Decodable` type without an instance.
    func describeType<T: Decodable>(_ type: T.Type) throws(DescriptionError) -> String {
        if let valueType = ScalarConversion.primitiveType(type) {
            throw DescriptionError(
                path: "", message: "'\(valueType.name)' is a single value, not a model with properties")
        }
        let (valueType, _) = try probeModel(type, path: "")
        guard case .model(let name) = valueType else {
            throw DescriptionError(
                path: "", message: "'\(Self.entityName(type))' does not decode as a model with properties")
        }
        return name
    }

    /// The value type of a property, describing any model it reaches.
    func valueType(of type: Any.Type, sample: Any?, path: String) throws(DescriptionError) -> ValueType {
        if let primitive = ScalarConversion.primitiveType(type) { return primitive }
        if let optional = type as? any OptionalTypeProtocol.Type {
            let inner = sample.flatMap(Self.firstChild)
            return .optional(try valueType(of: optional.wrappedType, sample: inner, path: path))
        }
        if let optionSet = type as? any FormOptionSet.Type {
            return .optionSet(Self.describeOptionSet(optionSet))
        }
        if let enumeration = type as? any (CaseIterable & RawRepresentable).Type {
            return .enumeration(Self.describeEnum(enumeration))
        }
        if let union = type as? any FormAlternatives.Type {
            return try describeUnion(union, path: path)
        }
        if let reference = type as? any LookupReference.Type {
            let name = Self.entityName(type)
            lookups[name] = try reference.describeTarget(with: self, path: path)
            singleValues[name] = .integer(bits: 64)
            return .singleValue(name, .integer(bits: 64))
        }
        if let array = type as? any ArrayTypeProtocol.Type {
            let first = sample.flatMap(Self.firstChild)
            return .array(try valueType(of: array.elementType, sample: first, path: path + "[]"))
        }
        if let set = type as? any SetTypeProtocol.Type {
            let first = sample.flatMap(Self.firstChild)
            return .set(try valueType(of: set.elementType, sample: first, path: path + "[]"))
        }
        // A dictionary keyed by strings is a map (`Codable` writes it as a keyed container);
        // other keys encode as a list of keys and values, and `Duration` its private parts:
        // they are shown read-only (their cell says why) rather than edited as something
        // they are not.
        if let dictionary = type as? any DictionaryTypeProtocol.Type {
            guard Self.isStringKeyed(dictionary.keyType) else { return .unsupported(Self.entityName(type)) }
            let first = sample.flatMap { Mirror(reflecting: $0).children.first?.value }
                .flatMap { Mirror(reflecting: $0).children.dropFirst().first?.value }
            return .dictionary(try valueType(of: dictionary.valueType, sample: first, path: path + "[]"))
        }
        if type == Duration.self { return .unsupported(Self.entityName(type)) }
        return try modelType(type, sample: sample, path: path)
    }

    /// Keys a dictionary encodes as a keyed container of strings: `String`, and
    /// `CodingKeyRepresentable` types (an enum declares it) whose keys are their strings.
    static func isStringKeyed(_ key: Any.Type) -> Bool {
        key == String.self || key is any CodingKeyRepresentable.Type && key != Int.self
    }

    private func modelType(_ type: Any.Type, sample: Any?, path: String) throws(DescriptionError) -> ValueType {
        let name = Self.entityName(type)
        if let single = singleValues[name] { return .singleValue(name, single) }
        if described.contains(name) || inProgress.contains(name) { return .model(name) }
        if let sample {
            // What `Codable` writes decides: a type that encodes itself as one value is a
            // field of that value, whatever its stored properties.
            if let single = Self.encodedSingleValue(sample) {
                singleValues[name] = single
                return .singleValue(name, single)
            }
            let mirror = Mirror(reflecting: sample)
            if mirror.displayStyle == .struct || mirror.displayStyle == .class {
                try describeEntity(named: name, sample: mirror, type: type, path: path)
                return .model(name)
            }
            return .unsupported(name)
        }
        if let decodable = type as? any Decodable.Type {
            return try probeValueType(decodable, name: name, path: path)
        }
        throw DescriptionError(
            path: path,
            message: "cannot describe '\(name)': no value to inspect and the type is not Decodable")
    }

    /// The type of the one value an instance encodes itself as (a string, a number, a
    /// Boolean, a date), or `nil` when it encodes as a record or a list, or not at all.
    private static func encodedSingleValue(_ sample: Any) -> ValueType? {
        guard let encodable = sample as? any Encodable, let value = try? FormValueEncoder().encode(encodable) else {
            return nil
        }
        switch value {
        case .string: return .string
        case .bool: return .bool
        case .int: return .integer(bits: 64)
        case .uint: return .unsigned(bits: 64)
        case .double: return .float(bits: 64)
        case .decimal: return .decimal
        case .date: return .date
        case .data: return .data
        case .null, .list, .record: return nil
        }
    }

    private func probeValueType<T: Decodable>(_ type: T.Type, name: String, path: String) throws(DescriptionError)
        -> ValueType
    {
        try probeModel(type, path: path).valueType
    }

    /// Probes a `Decodable` type: records it as an entity (once) and returns a placeholder
    /// instance, or the single value type it decodes from (a wrapper such as `Email`). A
    /// type that decodes one value and refuses every probe value (a validating
    /// `Temperature`) is still that value's type; its instance comes from the sample, if any.
    func probeModel<T: Decodable>(_ type: T.Type, path: String) throws(DescriptionError) -> (
        valueType: ValueType, instance: T?
    ) {
        let name = Self.entityName(type)
        guard !inProgress.contains(name) else {
            throw DescriptionError(
                path: path,
                message:
                    "'\(name)' contains itself without an Optional or a collection in between; such a value cannot exist"
            )
        }
        let isNew = !described.contains(name)
        if isNew { reserve(name) }
        let (recorder, outcome) = try probe(type, path: path)
        if let single = recorder.singleValue {
            if isNew { forget(name) }
            singleValues[name] = single
            return (.singleValue(name, single), (try? outcome.get()) ?? sampleInstance(type, path: path))
        }
        guard let instance = try? outcome.get() else {
            if isNew { forget(name) }
            return (.unsupported(name), nil)
        }
        if isNew { fill(name, with: recorder.properties) }
        return (.model(name), instance)
    }

    /// Why the last probe of a type failed (its decoder's own words), by type name.
    private(set) var refusals: [String: String] = [:]

    private func probe<T: Decodable>(_ type: T.Type, path: String) throws(DescriptionError) -> (
        ProbeRecorder, Result<T, any Error>
    ) {
        let name = Self.entityName(type)
        inProgress.insert(name)
        defer { inProgress.remove(name) }
        var firstFailure: (any Error)?
        for attempt in 0..<ScalarConversion.probeCandidateCount {
            let recorder = ProbeRecorder(describer: self, path: path, attempt: attempt)
            do {
                return (recorder, .success(try T(from: ProbeDecoder(recorder: recorder, codingPath: []))))
            } catch let error as DescriptionError {
                throw error
            } catch {
                if firstFailure == nil { firstFailure = error }
                // Only a type that asked for one value is offered another.
                guard recorder.singleValue != nil, attempt + 1 < ScalarConversion.probeCandidateCount else {
                    refusals[name] = Self.message(of: firstFailure ?? error)
                    return (recorder, .failure(firstFailure ?? error))
                }
            }
        }
        preconditionFailure("there is at least one probe value")
    }

    /// A decoding error's own words.
    static func message(of error: any Error) -> String {
        switch error {
        case DecodingError.dataCorrupted(let context), DecodingError.typeMismatch(_, let context),
            DecodingError.valueNotFound(_, let context), DecodingError.keyNotFound(_, let context):
            return context.debugDescription
        default: return String(describing: error)
        }
    }

    /// The instance at `path` of the sample, decoded through the type's own `Decodable`.
    func sampleInstance<T: Decodable>(_ type: T.Type, path: String) -> T? {
        guard let sample, let at = try? FormPath(parsing: path), let value = sample[at] else { return nil }
        return try? FormValueDecoder().decode(type, from: value)
    }

    /// Takes back an entity reserved for a type that turned out not to be a model.
    private func forget(_ name: String) {
        entities.removeAll { $0.name == name }
        described.remove(name)
    }

    /// Places an entity in the list before its children are described, so the order is the
    /// order entities are first reached.
    func reserve(_ name: String) {
        described.insert(name)
        entities.append(EntityDescription(name: name, properties: []))
    }

    /// Puts `union` where the entities described so far hold the stand-in for `name`.
    func replaceStandIns(of name: String, with union: ValueType) {
        for index in entities.indices {
            for property in entities[index].properties.indices {
                let type = entities[index].properties[property].valueType
                entities[index].properties[property].valueType = type.replacingStandIn(of: name, with: union)
            }
        }
    }

    func fill(_ name: String, with properties: [PropertyDescription]) {
        if let index = entities.firstIndex(where: { $0.name == name }) {
            entities[index].properties = properties
        }
    }

    private func describeEntity(named name: String, sample: Mirror, type: Any.Type, path: String)
        throws(DescriptionError)
    {
        inProgress.insert(name)
        defer { inProgress.remove(name) }
        reserve(name)
        var properties: [PropertyDescription] = []
        for child in Self.storedChildren(of: sample) {
            let childPath = path.isEmpty ? child.key : "\(path).\(child.key)"
            let childType = Swift.type(of: child.value)
            properties.append(
                PropertyDescription(
                    key: child.key, valueType: try valueType(of: childType, sample: child.value, path: childPath)))
        }
        fill(name, with: properties)
    }

    /// The wrapped value of an optional, or the first element of a collection.
    private static func firstChild(_ value: Any) -> Any? {
        Mirror(reflecting: value).children.first?.value
    }

    /// The stored properties of a value, superclass properties first; property wrappers are
    /// seen through (`_name` with a `wrappedValue` becomes `name`), lazy storage is skipped.
    static func storedChildren(of mirror: Mirror) -> [(key: String, value: Any)] {
        var result = mirror.superclassMirror.map(storedChildren(of:)) ?? []
        for child in mirror.children {
            guard let label = child.label, !label.hasPrefix("$") else { continue }
            if label.hasPrefix("_"),
                let wrapped = Mirror(reflecting: child.value).children.first(where: { $0.label == "wrappedValue" })
            {
                result.append((String(label.dropFirst()), wrapped.value))
            } else {
                result.append((label, child.value))
            }
        }
        return result
    }

    static func describeEnum<E: CaseIterable & RawRepresentable>(_ type: E.Type) -> EnumDescription {
        let options = E.allCases.map { value in
            FieldOption(
                value: FormValue(scalar: value.rawValue)
                    ?? .string(String(describing: value.rawValue)),
                title: TitleInference.title(forCase: String(describing: value)))
        }
        return EnumDescription(name: entityName(type), options: options)
    }

    static func describeOptionSet<S: FormOptionSet>(_ type: S.Type) -> EnumDescription {
        let options = S.formOptions.map { title, value in
            FieldOption(value: .uint(UInt64(truncatingIfNeeded: value.rawValue)), title: title)
        }
        return EnumDescription(name: entityName(type), options: options)
    }
}
