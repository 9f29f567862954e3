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
    public var field: Field {
        get { storage.field }
        set { mutate { $0.field = newValue } }
    }

    /// Its path in the form's values.
    public var path: FormPath {
        get { storage.path }
        set { mutate { $0.path = newValue } }
    }

    /// The current value (`.null` when there is none).
    public var value: FormValue {
        get { storage.value }
        set { mutate { $0.value = newValue } }
    }

    /// The value as a person reads it (options by title, dates in ISO form, a subform's summary).
    public var display: String {
        get { storage.display }
        set { mutate { $0.display = newValue } }
    }

    /// The value as an input control holds it (`2024-05-01`, `true`, `42`).
    public var inputValue: String {
        get { storage.inputValue }
        set { mutate { $0.inputValue = newValue } }
    }

    /// The choices, for fields with options.
    public var choices: [Choice] {
        get { storage.choices }
        set { mutate { $0.choices = newValue } }
    }

    /// Error messages for this field.
    public var errors: [String] {
        get { storage.errors }
        set { mutate { $0.errors = newValue } }
    }

    /// Whether a `required` rule applies.
    public var isRequired: Bool {
        get { storage.isRequired }
        set { mutate { $0.isRequired = newValue } }
    }

    /// The name a form submission uses for it (`address[street]`).
    public var inputName: String {
        get { storage.inputName }
        set { mutate { $0.inputName = newValue } }
    }

    /// A unique id in the document (`f-address-street`).
    public var inputID: String {
        get { storage.inputID }
        set { mutate { $0.inputID = newValue } }
    }

    /// Nested content already rendered in the cell's format (an inline subform, a
    /// collection's items), else `nil`.
    public var nested: String? {
        get { storage.nested }
        set { mutate { $0.nested = newValue } }
    }

    /// Where a navigable subform's own page is (HTML/Markdown), else `nil`.
    public var link: String? {
        get { storage.link }
        set { mutate { $0.link = newValue } }
    }

    /// The theme.
    public var theme: Theme {
        get { storage.theme }
        set { mutate { $0.theme = newValue } }
    }

    /// Set by renderers from the resolved cell: it draws a group of controls.
    public var drawsGroup: Bool {
        get { storage.drawsGroup }
        set { mutate { $0.drawsGroup = newValue } }
    }

    /// For aligned text layouts: the width of the label column, in display columns.
    public var labelWidth: Int {
        get { storage.labelWidth }
        set { mutate { $0.labelWidth = newValue } }
    }

    /// For text layouts: the display columns left for the control.
    public var availableWidth: Int {
        get { storage.availableWidth }
        set { mutate { $0.availableWidth = newValue } }
    }

    /// The values, shared between copies until one changes (renderers copy contexts
    /// for every row). Holds only Sendable values and is never changed while shared (every
    /// change goes through `mutate`), hence `@unchecked Sendable`.
    final class Storage: @unchecked Sendable {
        var field: Field
        var path: FormPath
        var value: FormValue
        var display: String
        var inputValue: String
        var choices: [Choice]
        var errors: [String]
        var isRequired: Bool
        var inputName: String
        var inputID: String
        var nested: String?
        var link: String?
        var theme: Theme
        var drawsGroup: Bool = false
        var labelWidth: Int = 0
        var availableWidth: Int = 80

        init(field: Field, path: FormPath, value: FormValue, display: String, inputValue: String, choices: [Choice], errors: [String], isRequired: Bool, inputName: String, inputID: String, nested: String?, link: String?, theme: Theme) {
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

        func copy() -> Storage {
            let copy = Storage(field: field, path: path, value: value, display: display, inputValue: inputValue, choices: choices, errors: errors, isRequired: isRequired, inputName: inputName, inputID: inputID, nested: nested, link: link, theme: theme)
            copy.drawsGroup = drawsGroup
            copy.labelWidth = labelWidth
            copy.availableWidth = availableWidth
            return copy
        }
    }

    private var storage: Storage

    private mutating func mutate(_ change: (Storage) -> Void) {
        if !isKnownUniquelyReferenced(&storage) { storage = storage.copy() }
        change(storage)
    }

    /// A context. Renderers build these; tests and custom renderers may too.
    public init(
        field: Field, path: FormPath, value: FormValue, display: String, inputValue: String, choices: [Choice] = [],
        errors: [String] = [], isRequired: Bool = false, inputName: String, inputID: String, nested: String? = nil,
        link: String? = nil, theme: Theme = .default
    ) {
        storage = Storage(
            field: field,
            path: path,
            value: value,
            display: display,
            inputValue: inputValue,
            choices: choices,
            errors: errors,
            isRequired: isRequired,
            inputName: inputName,
            inputID: inputID,
            nested: nested,
            link: link,
            theme: theme)
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

    /// The id of the element holding the help text, for `aria-describedby`.
    public var helpID: String { inputID + "-help" }
    /// The id of the element holding the errors, for `aria-describedby`.
    public var errorID: String { inputID + "-error" }
}
