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
                field.template = template(of: field, valueType: element, passwordIsNew: passwordIsNew)
            }
        case .dictionary(let value):
            field.template = template(of: field, valueType: value, passwordIsNew: passwordIsNew)
        case .unsupported(let name):
            field.readOnly = true
            // Says why it is not edited.
            field.help =
                "Shown, not edited: ModelForm cannot edit a value of type \(name) yet (an enum with associated values, a dictionary not keyed by strings, a Duration)."
        default:
            break
        }
        return field
    }

    /// The keyless field of one item or entry of `field`, titled as it is.
    private func template(of field: Field, valueType: ValueType, passwordIsNew: Bool) -> Field {
        var template = self.field(key: field.key ?? "", valueType: valueType, passwordIsNew: passwordIsNew)
        template.key = nil
        template.title = field.title
        return template
    }
}
