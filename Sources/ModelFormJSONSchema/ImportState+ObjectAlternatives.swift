import ModelForm

extension ImportState {
    /// Whether a schema says what its value is made of beside its alternatives: a `type`, or
    /// `properties` (an object's keys).
    static func hasShapeOfItsOwn(_ schema: JSONValue) -> Bool {
        schema["type"] != nil || schema["properties"] != nil
    }

    /// An object that is one of several objects: `oneOf` / `anyOf` alternatives and no
    /// properties or `allOf` parts of its own (Backstage's catalog entity, one per `kind`),
    /// imported as a union of its alternatives.
    static func isObjectOfAlternatives(_ schema: JSONValue) -> Bool {
        guard schema["type"] == nil || schema["type"] == .string("object"), schema["properties"] == nil,
            schema["allOf"] == nil, schema["patternProperties"] == nil
        else { return false }
        return ["oneOf", "anyOf"].contains { keyword in
            guard let alternatives = schema[keyword]?.array else { return false }
            return alternatives.filter { !isNull($0) }.count > 1 && !isConstantChoice(.array(alternatives))
                && !onlyConstrain(alternatives)
        }
    }

    /// Whether most of `alternatives` hold a constant for one property (aspire's resources:
    /// 15 of 16 a constant `type`, the last any other type): a choice, even beside properties.
    func toldApartByConstants(_ alternatives: [JSONValue], keyword: String, pointer: String) -> Bool {
        let keys = alternatives.indices.map { index in
            let resolved = dereferenced(alternatives[index], pointer: pointer + "/\(keyword)/\(index)")
            // Each alternative counted once for a key.
            return Array(Set(constants(of: resolved.schema, pointer: resolved.pointer).map(\.key)))
        }
        let most = Self.tellingKey(keys)?.count ?? 0
        return most >= 2 && most * 2 > alternatives.count
    }

    /// The properties an object's own `oneOf` / `anyOf` alternatives bring beside its
    /// properties (hatch's build target, libman's `defaultProvider`): each an optional field,
    /// in the order first met, one that differs from alternative to alternative free JSON;
    /// which of them may go together is the schema's to check on each save. Alternatives that
    /// only constrain, and a choice of constants, bring none.
    mutating func alternativeProperties(_ schema: JSONValue, pointer: String, entity: String) {
        for keyword in ["oneOf", "anyOf"] {
            guard let alternatives = schema[keyword]?.array, alternatives.count > 1,
                !Self.isConstantChoice(.array(alternatives)), !Self.onlyConstrain(alternatives)
            else { continue }
            var first: [String: JSONValue] = [:]
            var differing: Set<String> = []
            var order: [(key: String, property: JSONValue, pointer: String)] = []
            for (index, alternative) in alternatives.enumerated() {
                let resolved = dereferenced(alternative, pointer: pointer + "/\(keyword)/\(index)")
                for part in [resolved] + allOfParts(of: resolved.schema, pointer: resolved.pointer) {
                    for (key, property) in part.schema["properties"]?.object?.pairs ?? [] {
                        // A property the object has, or one an alternative forbids, is no new field.
                        guard property != .bool(false), !hasProperty(key, in: entity) else { continue }
                        let place = part.pointer + "/properties/" + JSONParser.escape(key)
                        let given = dereferenced(property, pointer: place).schema
                        if let seen = first[key] {
                            if seen != given { differing.insert(key) }
                            continue
                        }
                        first[key] = given
                        order.append((key, property, place))
                    }
                }
            }
            for (key, property, place) in order {
                guard differing.contains(key) else {
                    add(key, property, pointer: place, required: false, to: entity)
                    continue
                }
                note(
                    "'\(key)' differs from alternative to alternative: edited as free JSON; the schema checks each save",
                    at: place)
                add(key, .bool(true), pointer: place, required: false, to: entity)
            }
        }
    }
}
