/// Everything a cell needs to draw one field's control: the field, its value (raw and as
/// display text), its choices, its errors and its names in the output. Text here is not
/// escaped; the cell escapes it for its format.
public struct CellContext: Sendable {
    /// One choice of an options, multi-select or bitfield field.
    public struct Choice: Hashable, Sendable {
        /// 0-based position.
        public var index: Int
        /// The title shown.
        public var title: String
        /// The value submitted for it (an option's value, its index or its bit).
        public var value: String
        /// Whether the current value selects it.
        public var selected: Bool

        /// A choice.
        public init(index: Int, title: String, value: String, selected: Bool) {
            self.index = index
            self.title = title
            self.value = value
            self.selected = selected
        }
    }

    /// The field.
    public var field: Field

    /// Its path in the form's values.
    public var path: FormPath

    /// The current value (`.null` when there is none).
    public var value: FormValue

    /// The value as a person reads it (options by title, dates in ISO form, a subform's summary).
    public var display: String

    /// The value as an input control holds it (`2024-05-01`, `true`, `42`).
    public var inputValue: String

    /// The choices, for fields with options.
    public var choices: [Choice]

    /// Error messages for this field.
    public var errors: [String]

    /// Whether a `required` rule applies.
    public var isRequired: Bool

    /// The name a form submission uses for it (`address[street]`).
    public var inputName: String

    /// A unique id in the document, set by renderers that need one (HTML: `f-address-street`).
    public var inputID: String

    /// Nested content already rendered in the cell's format (an inline subform, a
    /// collection's items), else `nil`.
    public var nested: String?

    /// Where a navigable subform's own page is (HTML/Markdown), else `nil`.
    public var link: String?

    /// The theme.
    public var theme: Theme

    /// Set by renderers from the resolved cell: it draws a group of controls.
    public var drawsGroup: Bool = false

    /// `true` when ``inputValue`` is what the user typed in a refused submission (it may not
    /// parse as the field's type), not a value the form holds.
    public var isRawInput = false

    /// A context. Renderers build these; tests and custom renderers may too.
    public init(
        field: Field, path: FormPath, value: FormValue, display: String, inputValue: String, choices: [Choice] = [],
        errors: [String] = [], isRequired: Bool = false, inputName: String, inputID: String = "", nested: String? = nil,
        link: String? = nil, theme: Theme = .default
    ) {
        self.field = field
        self.path = path
        self.value = value
        self.display = display
        self.inputValue = inputValue
        self.choices = choices
        self.errors = errors
        self.isRequired = isRequired
        self.inputName = inputName
        self.inputID = inputID
        self.nested = nested
        self.link = link
        self.theme = theme
    }

    /// `true` when the value is empty (shows the placeholder).
    public var isEmpty: Bool {
        switch value {
        case .null: return true
        case .string(let text): return text.isEmpty
        case .list(let items): return items.isEmpty
        default: return false
        }
    }

    /// Whether the field is labelled as a group (several controls, or nested content): its
    /// cell draws a group, or it is a multi-select, bitfield, collection, or an inline
    /// options field or subform.
    public var isGroup: Bool {
        drawsGroup || [.multiSelect, .bitfield, .collection].contains(field.type)
            || (field.inline && (field.type == .options || field.type == .subform))
    }

}

extension CellContext {
    /// The context of a button (an action field), which submits `_action`.
    public static func action(_ field: Field, theme: Theme = .default) -> CellContext {
        CellContext(field: field, path: FormPath(), value: .null, display: field.title, inputValue: "", inputName: FormSession.actionFieldName, theme: theme)
    }
}
