import ModelForm

/// The keywords the validator reads.
enum Keyword: Int, CaseIterable {
    case ref, dynamicRef, schema, id
    case type, `enum`, const
    case minimum, maximum, exclusiveMinimum, exclusiveMaximum, multipleOf
    case minLength, maxLength, pattern, format
    case minItems, maxItems, uniqueItems, items, additionalItems, prefixItems, contains, minContains, maxContains
    case required, minProperties, maxProperties, properties, patternProperties, additionalProperties, propertyNames
    case dependencies, dependentRequired, dependentSchemas
    case allOf, anyOf, oneOf, not, `if`, then, `else`

    /// The keyword as a schema spells it.
    var name: String { Self.names[rawValue] }

    private static let names = allCases.map { keyword in
        switch keyword {
        case .ref: "$ref"
        case .dynamicRef: "$dynamicRef"
        case .schema: "$schema"
        case .id: "$id"
        default: "\(keyword)"
        }
    }

    /// Each keyword by its name.
    static let named: [String: Keyword] = Dictionary(uniqueKeysWithValues: allCases.map { ($0.name, $0) })
}

/// An object schema with the set of keywords it holds, found in one pass over its members:
/// the validator asks for about thirty keywords of every schema it evaluates, of which a
/// schema holds a few, and a keyword it lacks is then a bit test instead of a hashed lookup.
struct SchemaKeywords {
    let object: JSONObject
    private let present: UInt64

    init(_ object: JSONObject) {
        self.object = object
        var present: UInt64 = 0
        for (key, _) in object.pairs {
            if let keyword = Keyword.named[key] { present |= 1 << keyword.rawValue }
        }
        self.present = present
    }

    /// The keyword's value, or `nil` when the schema does not hold it.
    subscript(keyword: Keyword) -> JSONValue? {
        present & 1 << keyword.rawValue == 0 ? nil : object[keyword.name]
    }
}
