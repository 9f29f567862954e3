/// The kind of a field: decides the cell that draws it and how input is parsed.
///
/// An open vocabulary: the built-ins are FXForms' field types (same strings) plus the
/// kinds Swift's types let ModelForm infer. A plugin adds its own by extension:
///
/// ```swift
/// extension FieldType { static let rating: FieldType = "rating" }
/// ```
///
/// What inference picks, and types set in code:
///
/// ```swift
/// var configs = try ConfigDictionary(describing: Profile.self)
/// let inferred = configs.root.fields.map(\.type)
/// // [.text, .longText, .text, .boolean, .date, .unsigned, .float, .image, .url, .subform, .collection]
/// try configs[Profile.self]?.update("mobile") { $0.type = .phone }
/// try configs[Profile.self]?.update("born") { $0.type = .dateTime }
/// try configs[Profile.self]?.update("name") { $0.type = .label }  // shown, not edited
/// ```
public struct FieldType: RawRepresentable, Hashable, Sendable, Comparable, ExpressibleByStringLiteral,
    CustomStringConvertible
{
    /// The name used in YAML and in cell registrations.
    public var rawValue: String {
        didSet { tag = Self.tag(of: rawValue) }
    }

    /// The position of a built-in type's name in `builtInNames` plus one, `0` for any other:
    /// built-in types compare by this byte instead of by name (renderers compare field
    /// types for every row).
    @usableFromInline var tag: UInt8

    /// A field type by name.
    public init(rawValue: String) {
        self.rawValue = rawValue
        tag = Self.tag(of: rawValue)
    }

    /// A field type by name.
    public init(stringLiteral value: String) { self.init(rawValue: value) }

    /// A built-in type with its tag (the constants below: no lookup, no lazy global; a
    /// test checks each tag against ``init(rawValue:)``).
    @inlinable init(builtIn name: String, tag: UInt8) {
        rawValue = name
        self.tag = tag
    }

    private static let builtInNames = [
        "default", "label", "text", "longtext", "url", "email", "password", "phone", "number", "integer", "unsigned",
        "float", "boolean", "option", "date", "time", "datetime", "image", "options", "multiselect", "bitfield",
        "subform", "collection", "action", "map", "json", "alternatives",
    ]

    /// The built-in type's position plus one (`0` for other types): an index for tables.
    @inlinable package var builtInTag: Int { Int(tag) }

    /// How many tags there are (the built-in types plus one for all others).
    package static var tagCount: Int { builtInNames.count + 1 }

    private static func tag(of name: String) -> UInt8 {
        builtInNames.firstIndex(of: name).map { UInt8($0 + 1) } ?? 0
    }

    /// Equal names (built-ins compare by tag).
    @inlinable public static func == (lhs: FieldType, rhs: FieldType) -> Bool {
        lhs.tag == rhs.tag && (lhs.tag != 0 || lhs.rawValue == rhs.rawValue)
    }

    /// Built-ins hash their tag, others their name (equal types hash alike either way).
    public func hash(into hasher: inout Hasher) {
        if tag != 0 { hasher.combine(tag) } else { hasher.combine(rawValue) }
    }

    /// The name.
    public var description: String { rawValue }

    /// Orders by name.
    public static func < (lhs: FieldType, rhs: FieldType) -> Bool { lhs.rawValue < rhs.rawValue }

    /// Used when no specific type can be determined.
    @inlinable public static var `default`: FieldType { FieldType(builtIn: "default", tag: 1) }
    /// Read-only text.
    @inlinable public static var label: FieldType { FieldType(builtIn: "label", tag: 2) }
    /// Single-line text.
    @inlinable public static var text: FieldType { FieldType(builtIn: "text", tag: 3) }
    /// Multi-line text.
    @inlinable public static var longText: FieldType { FieldType(builtIn: "longtext", tag: 4) }
    /// A URL.
    @inlinable public static var url: FieldType { FieldType(builtIn: "url", tag: 5) }
    /// An email address.
    @inlinable public static var email: FieldType { FieldType(builtIn: "email", tag: 6) }
    /// A password (secure entry).
    @inlinable public static var password: FieldType { FieldType(builtIn: "password", tag: 7) }
    /// A phone number.
    @inlinable public static var phone: FieldType { FieldType(builtIn: "phone", tag: 8) }
    /// Any number (`Decimal`).
    @inlinable public static var number: FieldType { FieldType(builtIn: "number", tag: 9) }
    /// A signed integer.
    @inlinable public static var integer: FieldType { FieldType(builtIn: "integer", tag: 10) }
    /// An unsigned integer.
    @inlinable public static var unsigned: FieldType { FieldType(builtIn: "unsigned", tag: 11) }
    /// A binary floating-point number.
    @inlinable public static var float: FieldType { FieldType(builtIn: "float", tag: 12) }
    /// A switch.
    @inlinable public static var boolean: FieldType { FieldType(builtIn: "boolean", tag: 13) }
    /// A checkmark toggle (FXForms' `option`).
    @inlinable public static var option: FieldType { FieldType(builtIn: "option", tag: 14) }
    /// A calendar date.
    @inlinable public static var date: FieldType { FieldType(builtIn: "date", tag: 15) }
    /// A time of day.
    @inlinable public static var time: FieldType { FieldType(builtIn: "time", tag: 16) }
    /// A date and time.
    @inlinable public static var dateTime: FieldType { FieldType(builtIn: "datetime", tag: 17) }
    /// An image.
    @inlinable public static var image: FieldType { FieldType(builtIn: "image", tag: 18) }
    /// One choice among options.
    @inlinable public static var options: FieldType { FieldType(builtIn: "options", tag: 19) }
    /// Several choices among options, stored as a collection.
    @inlinable public static var multiSelect: FieldType { FieldType(builtIn: "multiselect", tag: 20) }
    /// Several choices among options, stored as bits of one integer.
    @inlinable public static var bitfield: FieldType { FieldType(builtIn: "bitfield", tag: 21) }
    /// A nested model (to-one relationship).
    @inlinable public static var subform: FieldType { FieldType(builtIn: "subform", tag: 22) }
    /// An editable list of items (to-many relationship, or an array of scalars).
    @inlinable public static var collection: FieldType { FieldType(builtIn: "collection", tag: 23) }
    /// A button that runs a named action.
    @inlinable public static var action: FieldType { FieldType(builtIn: "action", tag: 24) }
    /// A map of entries keyed by strings (`[String: T]`, JSON Schema's
    /// `additionalProperties`), each value described by the field's template.
    @inlinable public static var map: FieldType { FieldType(builtIn: "map", tag: 25) }

    /// Free JSON (``JSONValue``, JSON Schema's `{}`): any JSON value, typed as JSON or YAML
    /// text and shown formatted.
    @inlinable public static var json: FieldType { FieldType(builtIn: "json", tag: 26) }

    /// A value that is one of several alternatives (a union: a Swift enum with associated
    /// values, JSON Schema's `oneOf`): a choice of alternative, then the chosen one's field.
    @inlinable public static var alternatives: FieldType { FieldType(builtIn: "alternatives", tag: 27) }

    /// Every built-in field type (in the order of their tags).
    package static let builtIn: [FieldType] = builtInNames.map(FieldType.init(rawValue:))

    /// `true` for the types whose value is typed as text.
    package var isTextual: Bool { Self.textualTags & (1 << tag) != 0 }

    /// `true` for the types a ``Field/suggestions`` list can offer values to: one line of
    /// text (`default`, `text`, `url`, `email`, `phone`).
    package var takesSuggestions: Bool {
        self == .default || self == .text || self == .url || self == .email || self == .phone
    }

    /// `true` for the types that pick among ``Field/options``.
    package var choosesOptions: Bool { Self.optionTags & (1 << tag) != 0 }

    /// `true` for checkboxes, multi-selects and bitfields: absent from a submission means
    /// off / none.
    package var isToggle: Bool { Self.toggleTags & (1 << tag) != 0 }

    /// Tags as bits, so a group of built-in types is tested with one mask (the parser asks
    /// for every submitted field). Constants, not lazy globals; a test checks them against
    /// the names.
    private static var textualTags: UInt32 { 0x1FE }  // default, label, text, longtext, url, email, password, phone
    private static var optionTags: UInt32 { 0x38_0000 }  // options, multiselect, bitfield
    private static var toggleTags: UInt32 { 0x30_6000 }  // boolean, option, multiselect, bitfield
}
