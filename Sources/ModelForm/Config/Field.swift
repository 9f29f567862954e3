/// One row of a form: a property of the model, or a virtual row such as a button.
///
/// The stored properties are FXForms' field keys (`key`, `type`, `title`, `placeholder`,
/// `default`, `options`, `template`, `valueTransformer`, `action`, `header`, `footer`,
/// `inline`, `sortable`, `cell`) plus `readOnly`, `hidden`, `help`, input traits and the
/// static type and relationship the field was inferred from.
///
/// ```swift
/// var email = Field(key: "email", type: .email)
/// email.title = "Email Address"
/// email.placeholder = "you@example.com"
/// ```
public struct Field: Hashable, Sendable {
    /// The model property this field edits; `nil` for a virtual field (a button, a label).
    public var key: String?

    /// The field type: decides the cell and the input parsing.
    public var type: FieldType

    /// The label.
    public var title: String

    /// Shown when the value is empty; for options, the "no value" choice.
    public var placeholder: String?

    /// Stored when the value is `nil`.
    public var defaultValue: FormValue?

    /// The choices of an options, multi-select or bitfield field.
    public var options: [FieldOption]

    /// The name of a value transformer that formats the value (and options) for display.
    public var valueTransformer: String?

    /// The name of the action this field runs (buttons), or runs on change.
    public var action: String?

    /// Starts a new section before this field; `""` starts one without a title.
    public var header: String?

    /// Ends the section after this field with this footer text; `""` ends it without one.
    public var footer: String?

    /// Show options or a subform in place instead of behind a navigation row.
    public var inline: Bool

    /// Let the user reorder a collection's items.
    public var sortable: Bool

    /// The name of the cell to draw this field with (the per-field registration).
    public var cell: String?

    /// Shown but not editable.
    public var readOnly: Bool

    /// Not shown (kept in the values).
    public var hidden: Bool

    /// Help text shown with the field.
    public var help: String?

    /// Keyboard and text-entry traits.
    public var traits: InputTraits

    /// The static type of the property, when the field is backed by one.
    public var valueType: ValueType?

    /// The entity at the other end, for subforms and collections of models.
    public var relationship: Relationship?

    /// Validation rules.
    public var rules: [ValidationRule]

    /// Extra cell settings by key path (FXForms' `"textField.autocapitalizationType": 1`),
    /// for cells that understand them.
    public var cellProperties: [String: String]

    /// Where each setting that was not inferred came from, by setting name (`title`,
    /// `type`...): a `file:line:column`, or `code`. What is absent here was inferred.
    public var sources: [String: String]

    /// The item description of a collection (see ``template``), kept in an array so that
    /// a field can hold a field.
    private var templateStorage: [Field]

    /// A field. Only `key` and `type` are needed; the title defaults to one inferred from the key.
    public init(
        key: String?, type: FieldType, title: String? = nil, placeholder: String? = nil,
        defaultValue: FormValue? = nil, options: [FieldOption] = [], template: Field? = nil,
        valueTransformer: String? = nil, action: String? = nil, header: String? = nil, footer: String? = nil,
        inline: Bool = false, sortable: Bool = false, cell: String? = nil, readOnly: Bool = false,
        hidden: Bool = false, help: String? = nil, traits: InputTraits = .init(), valueType: ValueType? = nil,
        relationship: Relationship? = nil, rules: [ValidationRule] = []
    ) {
        self.key = key
        self.type = type
        self.title = title ?? key.map(TitleInference.title(forKey:)) ?? ""
        self.placeholder = placeholder
        self.defaultValue = defaultValue
        self.options = options
        self.valueTransformer = valueTransformer
        self.action = action
        self.header = header
        self.footer = footer
        self.inline = inline
        self.sortable = sortable
        self.cell = cell
        self.readOnly = readOnly
        self.hidden = hidden
        self.help = help
        self.traits = traits
        self.valueType = valueType
        self.relationship = relationship
        self.rules = rules
        self.cellProperties = [:]
        self.sources = [:]
        self.templateStorage = template.map { [$0] } ?? []
    }

    /// Describes one item of a collection field (FXForms' `template`).
    public var template: Field? {
        get { templateStorage.first }
        set { templateStorage = newValue.map { [$0] } ?? [] }
    }

    /// `true` for a field with no model property behind it.
    public var isVirtual: Bool { key == nil }

    /// How a choice is stored, following FXForms: bits for a bitfield; the index when the
    /// property is numeric but the options are not numbers; otherwise the option's value.
    public var optionStorage: OptionStorage {
        if type == .bitfield { return .bits }
        let scalar = valueType.map { $0.elementType ?? $0 }?.unwrapped
        if let scalar, scalar.isNumeric, !options.isEmpty, !options.allSatisfy({ $0.value.isNumeric }) {
            return .index
        }
        return .value
    }

    /// An identifier that is unique within its form: the key, else the action, else the title.
    public var id: String { key ?? action.map { "action:\($0)" } ?? "title:\(title)" }
}
