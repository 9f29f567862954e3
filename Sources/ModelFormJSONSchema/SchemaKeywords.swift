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

/// An object schema with the keywords it holds and where, found in one pass over its
/// members: compiling a schema asks for about thirty keywords, of which a schema holds a few. A keyword it lacks is a bit test, and one it holds is read
/// from its member's position, where each was a hashed lookup by name before.
struct SchemaKeywords {
    let object: JSONObject
    /// Bit `n`: the schema holds the keyword numbered `n`.
    private var present: UInt64 = 0
    /// The first ``slotCount`` keywords found, 16 bits each: the keyword's number (6 bits)
    /// and its member's position (10 bits). A keyword past them, or at a position past
    /// 1,023, is looked up by name.
    private var slots: (UInt64, UInt64) = (0, 0)
    private var filled = 0
    private static let slotCount = 8

    init(_ object: JSONObject) {
        self.object = object
        for (position, member) in object.pairs.enumerated() {
            guard let keyword = Keyword.named[member.key] else { continue }
            present |= 1 << keyword.rawValue
            guard filled < Self.slotCount, position < 1024 else { continue }
            let entry = UInt64(keyword.rawValue) << 10 | UInt64(position)
            if filled < 4 {
                slots.0 |= entry << (16 * filled)
            } else {
                slots.1 |= entry << (16 * (filled - 4))
            }
            filled += 1
        }
    }

    /// The keyword's value, or `nil` when the schema does not hold it.
    subscript(keyword: Keyword) -> JSONValue? {
        guard present & 1 << keyword.rawValue != 0 else { return nil }
        for slot in 0..<filled {
            let entry = slot < 4 ? slots.0 >> (16 * slot) : slots.1 >> (16 * (slot - 4))
            if Int(entry >> 10 & 0x3F) == keyword.rawValue { return object.pairs[Int(entry & 0x3FF)].value }
        }
        return object[keyword.name]
    }
}
