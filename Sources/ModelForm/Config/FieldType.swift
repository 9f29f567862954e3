/// The kind of a field: decides the cell that draws it and how input is parsed.
///
/// An open vocabulary: the built-ins are FXForms' field types (same strings) plus the
/// kinds Swift's types let ModelForm infer. A plugin adds its own by extension:
///
/// ```swift
/// extension FieldType { static let rating: FieldType = "rating" }
/// ```
public struct FieldType: RawRepresentable, Hashable, Sendable, Comparable, ExpressibleByStringLiteral, CustomStringConvertible {
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

    private static let builtInNames = [
        "default", "label", "text", "longtext", "url", "email", "password", "phone", "number", "integer", "unsigned",
        "float", "boolean", "option", "date", "time", "datetime", "image", "options", "multiselect", "bitfield",
        "subform", "collection", "action",
    ]

    /// The built-in type's position plus one (`0` for other types): an index for tables.
    @inlinable package var builtInTag: Int { Int(tag) }

    /// How many tags there are (the built-in types plus one for all others).
    package static var tagCount: Int { builtInNames.count + 1 }

    private static func tag(of name: String) -> UInt8 {
        builtInNames.firstIndex(of: name).map { UInt8($0 + 1) } ?? 0
    }

    /// Equal names (built-ins compare by tag).
    public static func == (lhs: FieldType, rhs: FieldType) -> Bool {
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
    public static let `default`: FieldType = "default"
    /// Read-only text.
    public static let label: FieldType = "label"
    /// Single-line text.
    public static let text: FieldType = "text"
    /// Multi-line text.
    public static let longText: FieldType = "longtext"
    /// A URL.
    public static let url: FieldType = "url"
    /// An email address.
    public static let email: FieldType = "email"
    /// A password (secure entry).
    public static let password: FieldType = "password"
    /// A phone number.
    public static let phone: FieldType = "phone"
    /// Any number (`Decimal`).
    public static let number: FieldType = "number"
    /// A signed integer.
    public static let integer: FieldType = "integer"
    /// An unsigned integer.
    public static let unsigned: FieldType = "unsigned"
    /// A binary floating-point number.
    public static let float: FieldType = "float"
    /// A switch.
    public static let boolean: FieldType = "boolean"
    /// A checkmark toggle (FXForms' `option`).
    public static let option: FieldType = "option"
    /// A calendar date.
    public static let date: FieldType = "date"
    /// A time of day.
    public static let time: FieldType = "time"
    /// A date and time.
    public static let dateTime: FieldType = "datetime"
    /// An image.
    public static let image: FieldType = "image"
    /// One choice among options.
    public static let options: FieldType = "options"
    /// Several choices among options, stored as a collection.
    public static let multiSelect: FieldType = "multiselect"
    /// Several choices among options, stored as bits of one integer.
    public static let bitfield: FieldType = "bitfield"
    /// A nested model (to-one relationship).
    public static let subform: FieldType = "subform"
    /// An editable list of items (to-many relationship, or an array of scalars).
    public static let collection: FieldType = "collection"
    /// A button that runs a named action.
    public static let action: FieldType = "action"

    /// Every built-in field type (in the order of their tags).
    public static let builtIn: [FieldType] = builtInNames.map(FieldType.init(rawValue:))

    /// `true` for the types whose value is typed as text.
    package var isTextual: Bool { Self.textualTags & (1 << tag) != 0 }

    /// `true` for the types that pick among ``Field/options``.
    public var choosesOptions: Bool { Self.optionTags & (1 << tag) != 0 }

    /// Tags as bits, so a group of built-in types is tested with one mask (the parser asks
    /// for every submitted field).
    private static func tags(_ names: [String]) -> UInt32 {
        names.reduce(0) { $0 | 1 << tag(of: $1) }
    }

    private static let textualTags = tags(["text", "longtext", "url", "email", "password", "phone", "label", "default"])
    private static let optionTags = tags(["options", "multiselect", "bitfield"])
}
