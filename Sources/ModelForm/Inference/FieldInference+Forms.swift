extension FieldInference {
    /// The inferred form of an entity: a field per property in declaration order, one
    /// untitled section, save and cancel actions.
    public func config(for entity: EntityDescription) -> FormConfig {
        let passwordIsNew = hasNewPassword(entity)
        return FormConfig(
            typeName: entity.name,
            fields: entity.properties.map { field(for: $0, passwordIsNew: passwordIsNew) })
    }

    /// The inferred field for one property.
    public func field(for property: PropertyDescription, passwordIsNew: Bool = false) -> Field {
        field(key: property.key, valueType: property.valueType, passwordIsNew: passwordIsNew)
    }

    private func field(key: String, valueType: ValueType, passwordIsNew: Bool) -> Field {
        let type = fieldType(for: valueType, key: key)
        var field = Field(
            key: key, type: type, traits: traits(for: type, key: key, passwordIsNew: passwordIsNew),
            valueType: valueType, relationship: PropertyDescription(key: key, valueType: valueType).relationship)
        switch valueType.unwrapped {
        case .enumeration(let description), .optionSet(let description):
            field.options = description.options
        case .array(let element), .set(let element):
            if case .enumeration(let description) = element.unwrapped {
                field.options = description.options
            } else {
                var template = self.field(key: key, valueType: element, passwordIsNew: passwordIsNew)
                template.key = nil
                template.title = field.title
                field.template = template
            }
        case .unsupported:
            field.readOnly = true
        default:
            break
        }
        return field
    }
}
