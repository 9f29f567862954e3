/// The static type of a property, as ModelForm understands it.
///
/// Built from a Swift type by `ModelDescription(type:)` or from a YAML type definition; the same
/// description drives inference either way. Models are referenced by name, so recursive
/// types are described once.
package indirect enum ValueType: Hashable, Sendable {
    /// `String`.
    case string
    /// `Bool`.
    case bool
    /// A signed integer type; the payload is its width in bits.
    case integer(bits: Int)
    /// An unsigned integer type; the payload is its width in bits.
    case unsigned(bits: Int)
    /// `Double` or `Float`; the payload is its width in bits.
    case float(bits: Int)
    /// `Decimal`.
    case decimal
    /// `Date`.
    case date
    /// `URL`.
    case url
    /// `Data` (images).
    case data
    /// A `CaseIterable & RawRepresentable` enum: one of a fixed set of options.
    case enumeration(EnumDescription)
    /// An `OptionSet` conforming to ``FormOptionSet``: a set of named bits.
    case optionSet(EnumDescription)
    /// `Optional<Wrapped>`.
    case optional(ValueType)
    /// `Array<Element>`.
    case array(ValueType)
    /// `Set<Element>`.
    case set(ValueType)
    /// `[String: Value]`: a map of entries keyed by strings, in the data's order (a
    /// dictionary whose keys are strings, or `RawRepresentable` by a string).
    case dictionary(ValueType)
    /// Free JSON (``JSONValue``): any JSON value, edited as JSON or YAML text (a `{}` schema,
    /// `JSON` in a types file).
    case json
    /// A tuple: a list whose items differ by position (JSON Schema's `prefixItems`), each
    /// position of its own type, then any further items of one type (see ``TupleDescription``).
    case tuple(TupleDescription)
    /// A nested model, by entity name (see ``ModelDescription/entities``).
    case model(String)
    /// A value that is one of several alternatives (a Swift enum with associated values,
    /// JSON Schema's `oneOf`): see ``UnionDescription``.
    case union(UnionDescription)
    /// A Swift type that encodes itself as one value (a `Temperature` written as
    /// `"180 C"` through a `singleValueContainer`, an `Email` wrapping a string): by its name,
    /// and the type of that value. It is a field of that value's kind; a cell registered
    /// for the type's name draws it, and the type's own `Decodable` reads the value back.
    case singleValue(String, ValueType)
    /// A type ModelForm cannot edit (a dictionary, a function...), by name.
    case unsupported(String)

    /// The type with any `Optional` layers removed, and a ``singleValue(_:_:)`` type's
    /// name: the type of the value it is edited as.
    package var unwrapped: ValueType {
        switch self {
        case .optional(let wrapped), .singleValue(_, let wrapped): return wrapped.unwrapped
        default: return self
        }
    }

    /// `true` for `Optional` types.
    package var isOptional: Bool {
        if case .optional = self { return true }
        return false
    }

    /// The element type of an array or set (after unwrapping optionals), else `nil`.
    package var elementType: ValueType? {
        switch unwrapped {
        case .array(let element), .set(let element): return element
        default: return nil
        }
    }

    /// The value type of a dictionary's entries (after unwrapping optionals), else `nil`.
    package var entryType: ValueType? {
        if case .dictionary(let value) = unwrapped { return value }
        return nil
    }

    /// `true` when the type, or the element of a list or set it is, is a number (optionals
    /// unwrapped): `(elementType ?? self).isNumeric`, without copying the parts out.
    package var holdsNumbers: Bool {
        switch self {
        case .integer, .unsigned, .float, .decimal: return true
        case .optional(let wrapped), .singleValue(_, let wrapped): return wrapped.holdsNumbers
        case .array(let element), .set(let element): return element.isNumeric
        default: return false
        }
    }

    /// `true` for integer, unsigned, float and decimal types.
    package var isNumeric: Bool {
        switch unwrapped {
        case .integer, .unsigned, .float, .decimal: return true
        default: return false
        }
    }

    /// The Swift-style name of the type: `String`, `Int`, `[Person]`, `Address?`.
    package var name: String {
        switch self {
        case .string: return "String"
        case .bool: return "Bool"
        case .integer(let bits): return bits == 64 ? "Int" : "Int\(bits)"
        case .unsigned(let bits): return bits == 64 ? "UInt" : "UInt\(bits)"
        case .float(let bits): return bits == 32 ? "Float" : "Double"
        case .decimal: return "Decimal"
        case .date: return "Date"
        case .url: return "URL"
        case .data: return "Data"
        case .enumeration(let description), .optionSet(let description): return description.name
        case .optional(let wrapped): return wrapped.name + "?"
        case .array(let element): return "[\(element.name)]"
        case .set(let element): return "Set<\(element.name)>"
        case .dictionary(let value): return "[String: \(value.name)]"
        case .json: return "JSONValue"
        case .tuple(let tuple): return tuple.name
        case .union(let union): return union.name
        case .model(let name), .unsupported(let name), .singleValue(let name, _): return name
        }
    }

    /// The names a cell registry may match this type by, most specific first: the type
    /// itself, then (through optionals and collections) the element type.
    package var lookupNames: [String] {
        switch self {
        case .optional(let wrapped): return [name] + wrapped.lookupNames
        case .array(let element), .set(let element), .dictionary(let element), .singleValue(_, let element):
            return [name] + element.lookupNames
        default: return [name]
        }
    }
}

/// The positions of a tuple and what may follow them: `(String, Bool)` is a text then a
/// yes-or-no and nothing more; `(String, JSON...)` a text then any number of free values.
package struct TupleDescription: Hashable, Sendable {
    /// Each position's type, in order.
    package var elements: [ValueType]
    /// The type of any items after the positions; `nil` when there may be none.
    package var rest: ValueType?

    /// A tuple.
    package init(elements: [ValueType], rest: ValueType? = nil) {
        self.elements = elements
        self.rest = rest
    }

    /// `(String, Bool)`, `(String, JSON...)`: how a types file writes it.
    package var name: String {
        "(" + (elements.map(\.name) + (rest.map { [$0.name + "..."] } ?? [])).joined(separator: ", ") + ")"
    }
}

/// The cases of an enum or the named bits of an option set.
package struct EnumDescription: Hashable, Sendable {
    /// The Swift type name.
    package var name: String
    /// The cases (or bits) in declaration order.
    package var options: [FieldOption]

    /// An enum description.
    package init(name: String, options: [FieldOption]) {
        self.name = name
        self.options = options
    }
}
