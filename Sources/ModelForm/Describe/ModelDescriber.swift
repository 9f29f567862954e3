/// Builds a ``ModelDescription`` from Swift types and values.
///
/// Two routes share one classifier: `Mirror` over an instance (declaration order; static
/// types even for `nil` optionals), and probing a `Decodable` type with a recording decoder
/// (declaration order of the synthesized `init(from:)`), which needs no instance. A nested
/// model met with a `nil` value or in an empty array is probed if it is `Decodable`.
/// Entities are described once and referenced by name, so recursive types terminate.
final class ModelDescriber {
    private(set) var entities: [EntityDescription] = []
    private var described: Set<String> = []
    private var inProgress: Set<String> = []

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
        if described.contains(name) || inProgress.contains(name) { return .model(name) }
        if let sample {
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

    private func probeValueType<T: Decodable>(_ type: T.Type, name: String, path: String) throws(DescriptionError)
        -> ValueType
    {
        try probeModel(type, path: path).valueType
    }

    /// Probes a `Decodable` type: records it as an entity (once) and returns a placeholder
    /// instance, or the single value type it decodes from (a wrapper such as `Email`).
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
        let (recorder, instance) = try probe(type, path: path)
        if instance == nil || recorder.singleValue != nil {
            if isNew { entities.removeAll { $0.name == name } }
            return (instance == nil ? .unsupported(name) : recorder.singleValue ?? .unsupported(name), instance)
        }
        if isNew { fill(name, with: recorder.properties) }
        return (.model(name), instance)
    }

    private func probe<T: Decodable>(_ type: T.Type, path: String) throws(DescriptionError) -> (ProbeRecorder, T?) {
        let name = Self.entityName(type)
        inProgress.insert(name)
        defer { inProgress.remove(name) }
        let recorder = ProbeRecorder(describer: self, path: path)
        do {
            return (recorder, try T(from: ProbeDecoder(recorder: recorder, codingPath: [])))
        } catch let error as DescriptionError {
            throw error
        } catch {
            return (recorder, nil)
        }
    }

    /// Places an entity in the list before its children are described, so the order is the
    /// order entities are first reached.
    private func reserve(_ name: String) {
        described.insert(name)
        entities.append(EntityDescription(name: name, properties: []))
    }

    private func fill(_ name: String, with properties: [PropertyDescription]) {
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
