extension FieldInference {
    /// The inferred form of an entity: a field per property in declaration order, one
    /// untitled section, save and cancel actions.
    package func config(for entity: EntityDescription) -> FormConfig {
        let passwordIsNew = hasNewPassword(entity)
        return FormConfig(
            typeName: entity.name,
            fields: entity.properties.map { field(for: $0, passwordIsNew: passwordIsNew) })
    }

    /// The inferred field for one property.
    package func field(for property: PropertyDescription, passwordIsNew: Bool = false) -> Field {
        field(key: property.key, valueType: property.valueType, passwordIsNew: passwordIsNew)
    }

    private func field(key: String, valueType: ValueType, passwordIsNew: Bool) -> Field {
        let type = fieldType(for: valueType, key: key)
        var field = Field(
            key: key, type: type, traits: traits(for: type, key: key, passwordIsNew: passwordIsNew),
            valueType: valueType, relationship: PropertyDescription(key: key, valueType: valueType).relationship)
        // An enum case's unlabeled value (`_0`, as `Codable` keys it) is titled by its type.
        if key.hasPrefix("_"), key.count > 1, key.utf8.dropFirst().allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) {
            field.title = Self.kindTitle(valueType)
        }
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
        case .tuple(let tuple):
            // Each position titled by its number (`Plugin 1`), as a list's items are.
            field.positions = tuple.elements.enumerated().map { index, element in
                var position = template(of: field, valueType: element, passwordIsNew: passwordIsNew)
                position.title = ItemTitles.numbered(field.title, index: index)
                return position
            }
            field.template = tuple.rest.map { template(of: field, valueType: $0, passwordIsNew: passwordIsNew) }
        case .union(let union):
            field.alternatives = union.alternatives.map { alternative(of: field, $0, passwordIsNew: passwordIsNew) }
        case .unsupported(let name):
            field.readOnly = true
            // Says why it is not edited.
            field.help =
                "Shown, not edited: ModelForm cannot edit a value of type \(name) yet (an enum with associated values that is not FormAlternatives, a dictionary not keyed by strings, a Duration)."
        default:
            break
        }
        return field
    }

    /// The field of one alternative of a union `field`: keyed by its tag (keyless when it
    /// has none), titled by its title, else its tag, else its type.
    private func alternative(of field: Field, _ alternative: UnionDescription.Alternative, passwordIsNew: Bool)
        -> Field
    {
        var inferred = self.field(
            key: alternative.tag ?? field.key ?? "", valueType: alternative.valueType, passwordIsNew: passwordIsNew)
        inferred.key = alternative.tag
        inferred.title =
            alternative.title ?? alternative.tag.map(TitleInference.title(forCase:))
            ?? Self.kindTitle(alternative.valueType)
        // A tuple's positions are numbered by the alternative's title (`List 1`).
        for index in inferred.positions.indices {
            inferred.positions[index].title = ItemTitles.numbered(inferred.title, index: index)
        }
        return inferred
    }

    /// A title for a value of a type, where nothing else names it: `Text`, `Number`, a
    /// model's name as words (`Postal Address`).
    static func kindTitle(_ type: ValueType) -> String {
        switch type.unwrapped {
        case .string, .url: return "Text"
        case .bool: return "Yes or no"
        case .integer, .unsigned: return "Whole number"
        case .float, .decimal: return "Number"
        case .date: return "Date"
        case .data: return "Data"
        case .array, .set, .tuple: return "List"
        case .dictionary: return "Map"
        case .json: return "JSON"
        case .enumeration(let named), .optionSet(let named): return TitleInference.title(forKey: named.name)
        case .union(let union): return TitleInference.title(forKey: union.name)
        case .model(let name), .unsupported(let name), .singleValue(let name, _):
            return TitleInference.title(forKey: name)
        case .optional: return "Value"  // never: `unwrapped` removes it
        }
    }

    /// The keyless field of one item or entry of `field`, titled as it is.
    private func template(of field: Field, valueType: ValueType, passwordIsNew: Bool) -> Field {
        var template = self.field(key: field.key ?? "", valueType: valueType, passwordIsNew: passwordIsNew)
        template.key = nil
        template.title = field.title
        return template
    }
}
