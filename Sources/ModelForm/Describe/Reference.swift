/// A lookup: another record, stored as its id (a foreign key), drawn as a choice among the
/// records of `Target` by their titles where a record store serves them (a
/// `RecordServer`), and as the id elsewhere. `Codable` writes it as the id alone.
///
/// ```swift
/// struct Department: Codable {
///     var name = ""
/// }
/// struct Employee: Codable {
///     var name = ""
///     var department: Reference<Department>?  // a lookup: `department`'s field has `lookup` Department
/// }
/// let configs = try ConfigDictionary(describing: Employee.self)  // Department's form too
/// let employee = Employee(name: "Ada", department: Reference(3))
/// ```
public struct Reference<Target: Codable>: Codable, Hashable, Sendable {
    /// The other record's id in its store.
    public var id: Int64

    /// A reference to the record `id`.
    public init(_ id: Int64) { self.id = id }

    public init(from decoder: any Decoder) throws {
        id = try decoder.singleValueContainer().decode(Int64.self)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(id)
    }
}

/// What a describer asks of a ``Reference`` type: to describe the type it refers to.
protocol LookupReference {
    /// Describes the target type as an entity; returns its name.
    static func describeTarget(with describer: ModelDescriber, path: String) throws(DescriptionError) -> String
}

extension Reference: LookupReference {
    static func describeTarget(with describer: ModelDescriber, path: String) throws(DescriptionError) -> String {
        let name = ModelDescriber.entityName(Target.self)
        // A record that refers to records of its own type (`manager`), or to one met before.
        if describer.described.contains(name) || describer.inProgress.contains(name) { return name }
        let (valueType, _) = try describer.probeModel(Target.self, path: path)
        guard case .model(let name) = valueType else {
            throw DescriptionError(
                path: path,
                message:
                    "a Reference is to a record of a model with properties; '\(ModelDescriber.entityName(Target.self))' is not one"
            )
        }
        return name
    }
}
