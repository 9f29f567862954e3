import ModelForm

extension JSONSchemaExporter {
    /// A tuple's keywords: `array`, each position's schema in order (`prefixItems`; draft-07:
    /// `items` as an array), then what may follow them (`items`; draft-07: `additionalItems`),
    /// `false` when nothing may.
    func tupleSchema(_ field: Field, type: ValueType, nullable: Bool, _ reaching: (String) -> Void)
        -> JSONObject
    {
        var schema = JSONObject([("type", Self.typeName("array", nullable: nullable))])
        guard case .tuple(let tuple) = type.unwrapped else { return schema }
        let positions = zip(field.positions, tuple.elements).map { position, element in
            propertySchema(position, type: element, item: false, reaching: reaching)
        }
        var rest: JSONValue?
        if let template = field.template, let element = tuple.rest {
            rest = propertySchema(template, type: element, item: true, reaching: reaching)
        }
        schema[draft == .draft7 ? "items" : "prefixItems"] = .array(positions)
        schema[draft == .draft7 ? "additionalItems" : "items"] = rest ?? .bool(false)
        return schema
    }
}
