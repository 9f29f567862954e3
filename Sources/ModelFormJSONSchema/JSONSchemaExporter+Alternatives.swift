import ModelForm

extension JSONSchemaExporter {
    /// A union's keywords: `oneOf` (a union that allows one) or `anyOf` of its alternatives,
    /// each titled; a tagged one an object of its tag alone, as Swift's `Codable` writes it.
    func unionSchema(_ field: Field, nullable: Bool, _ reaching: (String) -> Void) -> JSONObject {
        var alternatives: [JSONValue] = field.alternatives.map { alternative in
            var keyless = alternative
            keyless.key = nil
            let inner = propertySchema(keyless, type: alternative.valueType ?? .json, item: true, reaching: reaching)
            guard let tag = alternative.key else {
                var titled = inner.object ?? JSONObject()
                titled["title"] = .string(alternative.title)
                return .object(titled)
            }
            return .object(
                JSONObject([
                    ("title", .string(alternative.title)), ("type", .string("object")),
                    ("properties", .object(JSONObject([(tag, inner)]))), ("required", .array([.string(tag)])),
                    ("additionalProperties", .bool(false)),
                ]))
        }
        if nullable { alternatives.append(Self.null) }
        return JSONObject([(field.alternativesAreExclusive ? "oneOf" : "anyOf", .array(alternatives))])
    }
}
