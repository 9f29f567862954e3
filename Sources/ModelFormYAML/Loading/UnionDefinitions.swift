import ModelForm

/// The `unions:` section of a types file: a value that is one of several alternatives.
///
/// ```yaml
/// unions:
///   Contact: [String, Address]          # untagged: the first alternative the value fits
///   Shape: {oneOf: [Circle, Square]}    # untagged, and the value must fit exactly one
///   Payment:                            # tagged: {card: {number: "4242"}}, as Swift writes an enum
///     cash: {}                          # a record of no fields
///     card: {number: String, expiry: String?}   # a record of these fields
///     amount: Double                    # {amount: 12.5}
/// ```
///
/// An untagged alternative is a type expression or `{type: T, title: "Title"}`.
extension Loader {
    /// The union `name` (read on first use; a union that contains itself is an error).
    mutating func union(named name: String) -> ValueType? {
        if let known = unions[name] { return known }
        guard let (key, body) = unionNodes[name] else { return nil }
        guard !unionsInProgress.contains(name) else {
            reader.error("the union '\(name)' contains itself: give the inner one a record around it", at: key)
            return nil
        }
        unionsInProgress.insert(name)
        defer { unionsInProgress.remove(name) }
        guard let description = unionDescription(name, body) else { return nil }
        let type = ValueType.union(description)
        unions[name] = type
        return type
    }

    private mutating func unionDescription(_ name: String, _ body: YAMLNode) -> UnionDescription? {
        if body.sequence != nil {
            return untagged(name, body, exclusive: false)
        }
        guard let pairs = reader.mapping(body, "the alternatives of '\(name)'") else { return nil }
        if pairs.count == 1, let keyword = pairs[0].key.string, keyword == "oneOf" || keyword == "anyOf" {
            return untagged(name, pairs[0].value, exclusive: keyword == "oneOf")
        }
        var alternatives: [UnionDescription.Alternative] = []
        for pair in pairs {
            guard let tag = reader.string(pair.key, "an alternative's tag") else { continue }
            if pair.value.mapping != nil {
                let payload = entity("\(name).\(tag)", pair.value)
                payloadEntities.append(payload)
                alternatives.append(.init(tag: tag, valueType: .model(payload.name)))
            } else if let text = reader.string(pair.value, "the type of '\(name).\(tag)'"),
                let type = typeExpression(text, at: pair.value)
            {
                alternatives.append(.init(tag: tag, valueType: type))
            }
        }
        guard !alternatives.isEmpty else {
            reader.error("the union '\(name)' needs at least one alternative", at: body)
            return nil
        }
        return UnionDescription(name: name, alternatives: alternatives)
    }

    /// Untagged alternatives: a sequence of type expressions or `{type:, title:}`.
    private mutating func untagged(_ name: String, _ node: YAMLNode, exclusive: Bool) -> UnionDescription? {
        guard let items = reader.sequence(node, "the alternatives of '\(name)'") else { return nil }
        var alternatives: [UnionDescription.Alternative] = []
        for item in items {
            var title: String?
            var typeNode: YAMLNode? = item
            if let pairs = item.mapping {
                typeNode = nil
                for pair in pairs {
                    switch pair.key.string {
                    case "type": typeNode = pair.value
                    case "title": title = reader.string(pair.value, "an alternative's title")
                    default:
                        reader.error(
                            "unknown key '\(pair.key.string ?? "?")' in an alternative"
                                + Suggestion.hint(for: pair.key.string ?? "", in: ["type", "title"]),
                            at: pair.key)
                    }
                }
            }
            guard let typeNode else {
                reader.error("an alternative needs a 'type'", at: item)
                continue
            }
            guard let text = reader.string(typeNode, "an alternative's type"),
                let type = typeExpression(text, at: typeNode)
            else { continue }
            alternatives.append(.init(title: title, valueType: type))
        }
        guard !alternatives.isEmpty else {
            reader.error("the union '\(name)' needs at least one alternative", at: node)
            return nil
        }
        return UnionDescription(name: name, alternatives: alternatives, exclusive: exclusive)
    }
}
