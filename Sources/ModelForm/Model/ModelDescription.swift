/// A root entity and every entity reachable from it, each described once.
///
/// ```swift
/// let model = try ModelDescription(type: User.self)  // from a Decodable type
/// let same = try ModelDescription(describing: User())  // from an instance, via Mirror
/// let root = model.root  // "User"
/// let keys = model.entity("Address")?.properties.map(\.key)  // ["street", "city", "country"]
/// ```
package struct ModelDescription: Hashable, Sendable {
    /// The name of the entity the form edits.
    package var root: String
    /// Every entity reached from the root, in the order first reached (root first).
    package private(set) var entities: [EntityDescription]
    /// The lookups' types (``Reference`` types, one-value types of an id) by name, with the
    /// entity each refers to.
    package var lookups: [String: String] = [:]

    /// A description from already-built entities; `root` must name one of them.
    package init(root: String, entities: [EntityDescription]) {
        self.root = root
        self.entities = entities
    }

    /// The entity with the given name.
    package func entity(_ name: String) -> EntityDescription? {
        entities.first { $0.name == name }
    }

    /// The root entity.
    package var rootEntity: EntityDescription? { entity(root) }

    /// Adds an entity, or replaces the one with the same name.
    package mutating func upsert(_ entity: EntityDescription) {
        if let index = entities.firstIndex(where: { $0.name == entity.name }) {
            entities[index] = entity
        } else {
            entities.append(entity)
        }
    }
}
