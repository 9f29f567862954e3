/// Everything a cell needs to draw one field's control: the field, its value (raw and as
/// display text), its choices, its errors and its names in the output. Text here is not
/// escaped; the cell escapes it for its format.
///
/// A cell that draws its field's choices, as a group:
///
/// ```swift
/// let radios = Cell<PlainTextFormat>(name: "radios", drawsGroup: true) { (context: CellContext) in
///     context.choices.map { (choice: CellContext.Choice) in (choice.selected ? "(x) " : "( ) ") + choice.title }
///         .joined(separator: "\n")
/// }
/// ```
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
        /// Where the record a to-many lookup's chosen choice names has its page, else `nil`.
        package var link: String?

        /// A choice.
        package init(index: Int, title: String, value: String, selected: Bool) {
            self.index = index
            self.title = title
            self.value = value
            self.selected = selected
        }
    }

    /// The values copies of a context share; the few a renderer sets per output (`inputID`,
    /// `nested`, `drawsGroup`) live beside them. Copying a context (the tree, the renderer
    /// and their closures do) then costs one reference instead of a dozen.
    @usableFromInline struct Values: Sendable {
        @usableFromInline var field: Field
        @usableFromInline var path: FormPath
        @usableFromInline var value: FormValue
        @usableFromInline var display: String
        @usableFromInline var inputValue: String
        @usableFromInline var choices: [Choice]
        @usableFromInline var errors: [String]
        @usableFromInline var isRequired: Bool
        @usableFromInline var inputName: String
        @usableFromInline var link: String?
        /// The theme, boxed once for a whole tree (its rows share it: one reference a row, not
        /// a name and two dictionaries); `nil` for the default theme.
        @usableFromInline var themeBox: SharedValue<Theme>?
        @usableFromInline var isRawInput: Bool
        @usableFromInline var lookupActions: LookupActions? = nil
    }

    /// What a record server draws beside an editable lookup: a Find box when its records
    /// are too many to offer as choices, and a link to a new record's page that comes back
    /// with the new record chosen.
    @usableFromInline package struct LookupActions: Sendable, Equatable {
        /// The title of the records' type.
        package var typeTitle: String
        /// Whether to draw the Find box.
        package var finds = false
        /// Where a new record is made, else `nil`.
        package var newRecord: String?

        package init(typeTitle: String, finds: Bool = false, newRecord: String? = nil) {
            self.typeTitle = typeTitle
            self.finds = finds
            self.newRecord = newRecord
        }
    }

    /// The shared values; the getters are inlinable, so that a renderer reads them in place.
    @usableFromInline var storage: SharedValue<Values>

    private mutating func mutate(_ change: (inout Values) -> Void) {
        SharedValue.modify(&storage, change)
    }

    /// The field.
    public var field: Field {
        @inlinable get { storage.value.field }
        set { mutate { $0.field = newValue } }
    }

    /// Its path in the form's values.
    public var path: FormPath {
        @inlinable get { storage.value.path }
        set { mutate { $0.path = newValue } }
    }

    /// The current value (`.null` when there is none).
    public var value: FormValue {
        @inlinable get { storage.value.value }
        set { mutate { $0.value = newValue } }
    }

    /// The value as a person reads it (options by title, dates in ISO form, a subform's summary).
    public var display: String {
        @inlinable get { storage.value.display }
        set { mutate { $0.display = newValue } }
    }

    /// The value as an input control holds it (`2024-05-01`, `true`, `42`).
    public var inputValue: String {
        @inlinable get { storage.value.inputValue }
        set { mutate { $0.inputValue = newValue } }
    }

    /// The choices, for fields with options.
    public var choices: [Choice] {
        @inlinable get { storage.value.choices }
        set { mutate { $0.choices = newValue } }
    }

    /// Error messages for this field.
    public var errors: [String] {
        @inlinable get { storage.value.errors }
        set { mutate { $0.errors = newValue } }
    }

    /// Whether a `required` rule applies.
    public var isRequired: Bool {
        @inlinable get { storage.value.isRequired }
        set { mutate { $0.isRequired = newValue } }
    }

    /// The name a form submission uses for it (`address[street]`).
    public var inputName: String {
        @inlinable get { storage.value.inputName }
        set { mutate { $0.inputName = newValue } }
    }

    /// A unique id in the document, set by renderers that need one (HTML: `f-address-street`).
    public var inputID: String

    /// Nested content already rendered in the cell's format (an inline subform, a
    /// collection's items), else `nil`.
    package var nested: String?

    /// Where a navigable subform's own page is (HTML/Markdown), else `nil`.
    public var link: String? {
        @inlinable get { storage.value.link }
        set { mutate { $0.link = newValue } }
    }

    /// The theme.
    public var theme: Theme {
        @inlinable get { storage.value.themeBox?.value ?? .default }
        set { mutate { $0.themeBox = Self.box(newValue) } }
    }

    /// Set by renderers from the resolved cell: it draws a group of controls.
    public var drawsGroup: Bool = false

    /// `true` when ``inputValue`` is what the user typed in a refused submission (it may not
    /// parse as the field's type), not a value the form holds.
    @inlinable package var isRawInput: Bool { storage.value.isRawInput }

    /// What a record server draws beside an editable lookup, else `nil`.
    package var lookupActions: LookupActions? {
        @inlinable get { storage.value.lookupActions }
        set { mutate { $0.lookupActions = newValue } }
    }

    /// A context. Renderers build these; tests and custom renderers may too.
    public init(
        field: Field, path: FormPath, value: FormValue, display: String, inputValue: String, choices: [Choice] = [],
        errors: [String] = [], isRequired: Bool = false, inputName: String, inputID: String = "", nested: String? = nil,
        link: String? = nil, theme: Theme = .default
    ) {
        self.init(
            field: field, path: path, value: value, display: display, inputValue: inputValue, choices: choices,
            errors: errors, isRequired: isRequired, inputName: inputName, inputID: inputID, nested: nested,
            link: link, themeBox: Self.box(theme), isRawInput: false)
    }

    /// A context whose theme is `themeBox` (from ``box(_:)``), shared with the other rows of
    /// its tree, and with whether its input value is raw input (``isRawInput``).
    init(
        field: consuming Field, path: consuming FormPath, value: consuming FormValue, display: String,
        inputValue: String, choices: [Choice] = [], errors: [String] = [], isRequired: Bool = false,
        inputName: String, inputID: String = "", nested: String? = nil, link: String? = nil,
        themeBox: SharedValue<Theme>?, isRawInput: Bool
    ) {
        storage = SharedValue(
            Values(
                field: field, path: path, value: value, display: display, inputValue: inputValue, choices: choices,
                errors: errors, isRequired: isRequired, inputName: inputName, link: link, themeBox: themeBox,
                isRawInput: isRawInput))
        self.inputID = inputID
        self.nested = nested
    }

    /// A theme as contexts hold it: `nil` for the default theme, else a box the rows of a
    /// tree share.
    static func box(_ theme: Theme) -> SharedValue<Theme>? {
        theme == .default ? nil : SharedValue(theme)
    }

    /// `true` when the value is empty (shows the placeholder); raw input that was typed (a
    /// text that did not parse) is not empty.
    public var isEmpty: Bool {
        if isRawInput { return inputValue.isEmpty }
        return value.isEmpty(as: field.type)
    }

    /// Whether the field is labelled as a group (several controls, or nested content): its
    /// cell draws a group, or it is a multi-select, bitfield, collection, map, or an inline
    /// options field or subform.
    package var isGroup: Bool {
        let type = field.type
        switch field.shape {
        case .records, .items, .positions, .entries: return true
        // A union's choice is one labelled `<select>`; its alternative's rows label themselves.
        case .alternatives: return drawsGroup
        case .record: return drawsGroup || type == .collection || (field.inline && type == .subform)
        case .single:
            return drawsGroup || type == .multiSelect || type == .bitfield || type == .collection || type == .map
                || (field.inline && (type == .options || type == .subform))
        }
    }

    /// Whether the cell is a link to a related record's own page (a to-one record not drawn
    /// in place): its chrome captions it instead of labelling an input.
    package var isRecordLink: Bool {
        switch field.shape {
        case .record: !isGroup
        case .records, .items, .positions, .entries, .single, .alternatives: false
        }
    }

    /// Whether a plain-text row draws its content under the label, indented (a list's items,
    /// an inline record's form), not beside it in the value column.
    package var drawsContentBelowLabel: Bool {
        switch field.shape {
        case .records, .items, .positions: true
        case .record: field.type == .collection || nested != nil && field.inline
        // A multi-select's list of options is one value whose cell draws a group.
        case .single: field.type == .collection
        // A map's entries and a union's chosen alternative are rows of their own, drawn
        // after the field's row.
        case .entries, .alternatives: false
        }
    }

}

extension CellContext {
    /// The context of a button (an action field), which submits `_action`.
    package static func action(_ field: Field, theme: Theme = .default) -> CellContext {
        CellContext(
            field: field, path: FormPath(), value: .null, display: field.title, inputValue: "",
            inputName: FormSession.actionFieldName, theme: theme)
    }
}
