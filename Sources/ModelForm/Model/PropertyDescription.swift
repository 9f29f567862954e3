/// One stored property of a model: its key and static type.
public struct PropertyDescription: Hashable, Sendable {
    /// The property name, as the model declares it (`dateOfBirth`).
    public var key: String
    /// The property's static type.
    public var valueType: ValueType

    /// A property description.
    public init(key: String, valueType: ValueType) {
        self.key = key
        self.valueType = valueType
    }

    /// The relationship this property is, if its type is a model or a collection of models.
    public var relationship: Relationship? {
        switch valueType.unwrapped {
        case .model(let target): return Relationship(target: target, cardinality: .toOne)
        case .array(let element), .set(let element):
            if case .model(let target) = element.unwrapped {
                return Relationship(target: target, cardinality: .toMany)
            }
            return nil
        default: return nil
        }
    }
}

/// A property that points at another entity.
public struct Relationship: Hashable, Sendable {
    /// To-one (a nested model) or to-many (an array of models).
    public enum Cardinality: String, Hashable, Sendable {
        /// A single nested model, possibly optional.
        case toOne = "to-one"
        /// A collection of models.
        case toMany = "to-many"
    }

    /// The entity at the other end.
    public var target: String
    /// How many of it.
    public var cardinality: Cardinality

    /// A relationship.
    public init(target: String, cardinality: Cardinality) {
        self.target = target
        self.cardinality = cardinality
    }
}

/// A model type: its name and stored properties in declaration order.
public struct EntityDescription: Hashable, Sendable {
    /// The type name (`User`).
    public var name: String
    /// The stored properties in declaration order.
    public var properties: [PropertyDescription]
    /// The map property (`[String: T]`) that holds the keys no other property names, when
    /// the data writes them beside the properties (JSON Schema's `additionalProperties`
    /// beside `properties`): in the form they are that map's entries; in a values file,
    /// keys of the record itself.
    public var otherKeys: String?

    /// An entity description.
    public init(name: String, properties: [PropertyDescription], otherKeys: String? = nil) {
        self.name = name
        self.properties = properties
        self.otherKeys = otherKeys
    }

    /// The property with the given key.
    public func property(_ key: String) -> PropertyDescription? {
        properties.first { $0.key == key }
    }

    /// The properties that are relationships, with their relationship.
    public var relationships: [(property: PropertyDescription, relationship: Relationship)] {
        properties.compactMap { property in property.relationship.map { (property, $0) } }
    }
}
