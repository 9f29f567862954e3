/// One stored property of a model: its key and static type.
package struct PropertyDescription: Hashable, Sendable {
    /// The property name, as the model declares it (`dateOfBirth`).
    package var key: String
    /// The property's static type.
    package var valueType: ValueType

    /// A property description.
    package init(key: String, valueType: ValueType) {
        self.key = key
        self.valueType = valueType
    }

    /// The relationship this property is, if its type is a model or a collection of models.
    package var relationship: Relationship? {
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
package struct Relationship: Hashable, Sendable {
    /// To-one (a nested model) or to-many (an array of models).
    package enum Cardinality: String, Hashable, Sendable {
        /// A single nested model, possibly optional.
        case toOne = "to-one"
        /// A collection of models.
        case toMany = "to-many"
    }

    /// The entity at the other end.
    package var target: String
    /// How many of it.
    package var cardinality: Cardinality

    /// A relationship.
    package init(target: String, cardinality: Cardinality) {
        self.target = target
        self.cardinality = cardinality
    }
}

/// A model type: its name and stored properties in declaration order.
package struct EntityDescription: Hashable, Sendable {
    /// The type name (`User`).
    package var name: String
    /// The stored properties in declaration order.
    package var properties: [PropertyDescription]
    /// The map property (`[String: T]`) that holds the keys no other property names, when
    /// the data writes them beside the properties (JSON Schema's `additionalProperties`
    /// beside `properties`): in the form they are that map's entries; in a values file,
    /// keys of the record itself.
    package var otherKeys: String?

    /// An entity description.
    package init(name: String, properties: [PropertyDescription], otherKeys: String? = nil) {
        self.name = name
        self.properties = properties
        self.otherKeys = otherKeys
    }

    /// The property with the given key.
    package func property(_ key: String) -> PropertyDescription? {
        properties.first { $0.key == key }
    }

    /// The properties that are relationships, with their relationship.
    package var relationships: [(property: PropertyDescription, relationship: Relationship)] {
        properties.compactMap { property in property.relationship.map { (property, $0) } }
    }
}
