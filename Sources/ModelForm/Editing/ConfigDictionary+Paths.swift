extension ConfigDictionary {
    /// The field a path leads to from a type's form, following subforms by name (so
    /// replaced configs are honoured) and collection items through their template.
    ///
    /// ```swift
    /// try configs.field(at: "friends[2].name", in: "Person")   // Person.name
    /// ```
    public func field(at path: FormPath, in typeName: String) throws(FormError) -> Field {
        guard var config = self[typeName] else { throw FormError.unknownField(path.description) }
        var current: Field?
        for component in path.components {
            switch component {
            case .key(let key):
                if let field = current {
                    guard field.relationship?.cardinality == .toOne, let next = destination(of: field) else {
                        throw FormError.unknownField(path.description)
                    }
                    config = next
                }
                guard let field = config.field(key) else { throw FormError.unknownField(path.description) }
                current = field
            case .index:
                guard let field = current, field.type == .collection, let template = field.template else {
                    throw FormError.unknownField(path.description)
                }
                current = template
            }
        }
        guard let current else { throw FormError.unknownField(path.description) }
        return current
    }
}
