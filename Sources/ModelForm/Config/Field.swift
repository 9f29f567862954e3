/// One row of a form: a property of the model, or a virtual row such as a button.
///
/// A value type with copy-on-write storage: copying a field (which renderers and the
/// editing session do for every row) costs one reference, not one per setting. Each
/// setting a forms file can make is listed once, in the package's settings table.
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
///
/// The settings of a forms file, made in code:
///
/// ```swift
/// try form.configs[Profile.self]?.update("bio") {
///     $0.header = "About you"
///     $0.help = "A few lines for your profile page."
///     $0.defaultValue = .string("Hello!")
///     $0.traits = InputTraits(autocapitalization: .sentences, contentHint: "bio")
///     $0.cellProperties = ["textView.rows": "6"]
///     $0.footer = ""
/// }
/// try form.configs[Profile.self]?.update("previous") {
///     $0.inline = true
///     $0.sortable = true
/// }
/// try form.configs[Profile.self]?.update("visits") {
///     $0.readOnly = true
///     $0.valueTransformer = "count"
/// }
/// try form.configs[Profile.self]?.update("photo") { $0.hidden = true }
/// ```
public struct Field: Hashable, Sendable {
    /// The model property this field edits; `nil` for a virtual field (a button, a label).
    public var key: String? {
        @inlinable get { storage.value.key }
        set { mutate { $0.key = newValue } }
    }

    /// The field type: decides the cell and the input parsing.
    public var type: FieldType {
        @inlinable get { storage.value.type }
        set { mutate { $0.type = newValue } }
    }

    /// The label.
    public var title: String {
        @inlinable get { storage.value.title }
        set { mutate { $0.title = newValue } }
    }

    /// Shown when the value is empty; for options, the "no value" choice.
    public var placeholder: String? {
        @inlinable get { storage.value.rare?.value.placeholder }
        set { changeRare { $0.placeholder = newValue } }
    }

    /// Stored when the value is `nil`.
    public var defaultValue: FormValue? {
        @inlinable get { storage.value.rare?.value.defaultValue }
        set { changeRare { $0.defaultValue = newValue } }
    }

    /// The choices of an options, multi-select or bitfield field.
    public var options: [FieldOption] {
        @inlinable get { storage.value.rare?.value.options ?? [] }
        set { changeRare { $0.options = newValue } }
    }

    /// The name of a value transformer that formats the value (and options) for display.
    public var valueTransformer: String? {
        @inlinable get { storage.value.rare?.value.valueTransformer }
        set { changeRare { $0.valueTransformer = newValue } }
    }

    /// The name of the action this field runs (buttons), or runs on change.
    public var action: String? {
        @inlinable get { storage.value.rare?.value.action }
        set { changeRare { $0.action = newValue } }
    }

    /// Starts a new section before this field; `""` starts one without a title.
    public var header: String? {
        @inlinable get { storage.value.rare?.value.header }
        set { changeRare { $0.header = newValue } }
    }

    /// Ends the section after this field with this footer text; `""` ends it without one.
    public var footer: String? {
        @inlinable get { storage.value.rare?.value.footer }
        set { changeRare { $0.footer = newValue } }
    }

    /// Show options or a subform in place instead of behind a navigation row.
    public var inline: Bool {
        @inlinable get { storage.value.inline }
        set { mutate { $0.inline = newValue } }
    }

    /// Let the user reorder a collection's items.
    public var sortable: Bool {
        @inlinable get { storage.value.sortable }
        set { mutate { $0.sortable = newValue } }
    }

    /// The name of the cell to draw this field with (the per-field registration).
    public var cell: String? {
        @inlinable get { storage.value.rare?.value.cell }
        set { changeRare { $0.cell = newValue } }
    }

    /// Shown but not editable.
    public var readOnly: Bool {
        @inlinable get { storage.value.readOnly }
        set { mutate { $0.readOnly = newValue } }
    }

    /// Not shown (kept in the values).
    public var hidden: Bool {
        @inlinable get { storage.value.hidden }
        set { mutate { $0.hidden = newValue } }
    }

    /// Help text shown with the field.
    public var help: String? {
        @inlinable get { storage.value.rare?.value.help }
        set { changeRare { $0.help = newValue } }
    }

    /// Keyboard and text-entry traits.
    public var traits: InputTraits {
        @inlinable get { storage.value.traits }
        set { mutate { $0.traits = newValue } }
    }

    /// The static type of the property, when the field is backed by one.
    package var valueType: ValueType? {
        get { storage.value.valueType }
        set { mutate { $0.valueType = newValue } }
    }

    /// The entity at the other end, for subforms and collections of models.
    package var relationship: Relationship? {
        get { storage.value.rare?.value.relationship }
        set { changeRare { $0.relationship = newValue } }
    }

    /// Validation rules.
    public var rules: [ValidationRule] {
        @inlinable get { storage.value.rules }
        set { mutate { $0.rules = newValue } }
    }

    /// A map's rules for its keys (`length`, `pattern`...: JSON Schema's `propertyNames`, or
    /// the one pattern of its `patternProperties`): a key that breaks one is refused when an
    /// entry is added or renamed, and an entry read with one is an error at its path.
    public var keyRules: [ValidationRule] {
        @inlinable get { storage.value.rare?.value.keyRules ?? [] }
        set { changeRare { $0.keyRules = newValue } }
    }

    /// Whether a `required` rule applies.
    package var isRequired: Bool {
        storage.value.rules.contains { if case .required = $0.kind { true } else { false } }
    }

    /// When the field is shown (`visibleIf`), editable (`enabledIf`) and required
    /// (`requiredIf`), and what happens to its value while hidden; `nil` rules always hold.
    public var conditions: FieldConditions {
        @inlinable get { storage.value.rare?.value.conditions ?? FieldConditions() }
        set {
            // Computed outside the change: a call inside it would make the compiler check
            // exclusive access on every read of every setting.
            let hasConditions = !newValue.isEmpty
            changeRare {
                $0.conditions = newValue
                $0.hasConditions = hasConditions
            }
        }
    }

    /// Whether any rule is set: one stored flag, read for every field by the tree builder,
    /// the validator and the submission binder (reading ``conditions`` copies the rules).
    package var hasConditions: Bool { storage.value.rare?.value.hasConditions ?? false }

    /// Values offered for a text field, which still takes any text (a JSON Schema's "one of
    /// these or any string", `anyOf: [{enum: [json, yaml]}, {type: string}]`): HTML offers
    /// them in a `<datalist>`, the terminal editor lists them.
    ///
    /// ```swift
    /// try config.update("format") { $0.suggestions = ["json", "yaml"] }
    /// ```
    public var suggestions: [String] {
        @inlinable get { storage.value.rare?.value.suggestions ?? [] }
        set { changeRare { $0.suggestions = newValue } }
    }

    /// The suggestions a front end offers: each non-empty one, once, in order.
    package var offeredSuggestions: [String] {
        var seen = Set<String>()
        return suggestions.filter { !$0.isEmpty && seen.insert($0).inserted }
    }

    /// The type of the records this field refers to (a lookup): its value is a record's id,
    /// drawn as a choice among that type's records by their titles where a record store serves
    /// them, and as the id elsewhere. On a list of ids (`[Reference<Tag>]`, `[Int]`) it is a
    /// to-many lookup, drawn as a multi-choice. A ``Reference`` property sets it; so does a
    /// forms file (`lookup: Department` on an integer property, or a list of them).
    ///
    /// ```swift
    /// try config.update("department") { $0.lookup = "Department" }
    /// ```
    public var lookup: String? {
        @inlinable get { storage.value.rare?.value.lookup }
        set { changeRare { $0.lookup = newValue } }
    }

    /// What deleting the record a lookup refers to does to the records that hold it:
    /// refused while any does (the default), or those records deleted too, or the lookup
    /// cleared (an optional one; a to-many lookup loses that id). A forms file says
    /// `onDelete: cascade`.
    ///
    /// ```swift
    /// try config.update("department") { $0.onDelete = .clear }
    /// ```
    public var onDelete: LookupDeletion {
        @inlinable get { storage.value.rare?.value.onDelete ?? .refuse }
        set { changeRare { $0.onDelete = newValue } }
    }

    /// Extra cell settings by key path (FXForms' `"textField.autocapitalizationType": 1`),
    /// for cells that understand them.
    public var cellProperties: [String: String] {
        @inlinable get { storage.value.rare?.value.cellProperties ?? [:] }
        set { changeRare { $0.cellProperties = newValue } }
    }

    /// Where each setting that was not inferred came from, by setting name (`title`,
    /// `type`...): a `file:line:column`, or `code`. What is absent here was inferred.
    package var sources: [String: String] {
        @inlinable get { storage.value.rare?.value.sources ?? [:] }
        set { changeRare { $0.sources = newValue } }
    }

    /// The settings, shared between copies until one of them changes: without this box,
    /// rendering the 1,000-field benchmark form costs 42% more instructions and binding it
    /// 77% more (callgrind), because renderers and the session copy every row. The getters
    /// are inlinable, so that a renderer in another module reads a setting in place (the box
    /// is immutable) instead of copying the field out first.
    @usableFromInline var storage: SharedValue<Settings>

    /// `true` when every rarely set setting is as it starts (no options, template,
    /// relationship, alternatives, positions...): read without copying any of them out, as the
    /// renderer asks for every row.
    var hasOnlyCommonSettings: Bool { storage.value.rare == nil }

    /// Whether the field has a ``template``, read without copying it out.
    var hasTemplate: Bool { storage.value.rare.map { !$0.value.templateStorage.isEmpty } ?? false }

    /// Whether the field has ``options``, read without copying them out.
    var hasOptions: Bool { storage.value.rare.map { !$0.value.options.isEmpty } ?? false }

    /// Changes the settings: a new box holds the changed copy (a box is never changed).
    private mutating func mutate(_ change: (inout Settings) -> Void) {
        SharedValue.modify(&storage, change)
    }

    /// Changes the settings most fields leave unset; the box goes when they are all unset again.
    private mutating func changeRare(_ change: (inout RareSettings) -> Void) {
        var rare = storage.value.rare?.value ?? RareSettings()
        change(&rare)
        let boxed = rare.boxed
        mutate { $0.rare = boxed }
    }

    public static func == (lhs: Field, rhs: Field) -> Bool {
        lhs.storage === rhs.storage || lhs.storage.value == rhs.storage.value
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(key)
        hasher.combine(type)
        hasher.combine(title)
        hasher.combine(valueType)
    }

    /// A field. Only `key` and `type` are needed; the title defaults to one inferred from the key.
    ///
    /// ```swift
    /// let email = Field(key: "email", type: .email, placeholder: "you@example.com", rules: [.init(.required)])
    /// ```
    ///
    /// - Parameters:
    ///   - key: The model property, or `nil` for a virtual field (a button, a label).
    ///   - type: How it is edited and drawn (FXForms' field types, plus any a plugin adds).
    ///   - title: The label; inferred from `key` (`homepageURL` -> "Homepage URL") when `nil`.
    ///   - placeholder: Shown while the value is empty; for an options field, the "none" choice.
    ///   - defaultValue: The value a new record starts with, and `reset` returns to.
    ///   - options: The choices of an options, multi-select or bitfield field.
    ///   - template: One item of a collection field (FXForms' `template`).
    ///   - valueTransformer: The name of a ``ValueTransformer`` that displays and reads the value.
    ///   - action: For a button (`type: .action`), the action it performs.
    ///   - header: Starts a new section with this header (`""`: a section without one).
    ///   - footer: Ends the section with this footer.
    ///   - inline: Draw a subform or options in place rather than on a page of their own.
    ///   - sortable: A collection whose items can be moved.
    ///   - cell: A cell registered by name, instead of the one the field type resolves to.
    ///   - readOnly: Drawn, never edited: a submission's text for it is ignored.
    ///   - hidden: Not drawn; a submission naming it is refused.
    ///   - help: A line of help drawn with the field.
    ///   - traits: Keyboard, capitalisation, autocorrection and autocomplete hints.
    ///   - rules: Validation rules, checked on validate, commit and every submission.
    public init(
        key: String?, type: FieldType, title: String? = nil, placeholder: String? = nil,
        defaultValue: FormValue? = nil, options: [FieldOption] = [], template: Field? = nil,
        valueTransformer: String? = nil, action: String? = nil, header: String? = nil, footer: String? = nil,
        inline: Bool = false, sortable: Bool = false, cell: String? = nil, readOnly: Bool = false,
        hidden: Bool = false, help: String? = nil, traits: InputTraits = .init(), rules: [ValidationRule] = []
    ) {
        self.init(
            key: key, type: type, title: title, placeholder: placeholder, defaultValue: defaultValue,
            options: options, template: template, valueTransformer: valueTransformer, action: action,
            header: header, footer: footer, inline: inline, sortable: sortable, cell: cell, readOnly: readOnly,
            hidden: hidden, help: help, traits: traits, valueType: nil, rules: rules)
    }

    /// A field of a model property: with the property's type (`valueType`) and, for a
    /// subform or collection, the entity it leads to (`relationship`).
    package init(
        key: String?, type: FieldType, title: String? = nil, placeholder: String? = nil,
        defaultValue: FormValue? = nil, options: [FieldOption] = [], template: Field? = nil,
        valueTransformer: String? = nil, action: String? = nil, header: String? = nil, footer: String? = nil,
        inline: Bool = false, sortable: Bool = false, cell: String? = nil, readOnly: Bool = false,
        hidden: Bool = false, help: String? = nil, traits: InputTraits = .init(), valueType: ValueType?,
        relationship: Relationship? = nil, rules: [ValidationRule] = []
    ) {
        // Most fields set none of these: then there is nothing to make or box. Each one set
        // differs from how ``RareSettings`` starts, so the box needs no comparison.
        let setsRare =
            placeholder != nil || defaultValue != nil || valueTransformer != nil || action != nil || header != nil
            || footer != nil || cell != nil || help != nil || relationship != nil || !options.isEmpty || template != nil
        let rare =
            setsRare
            ? RareBox(
                RareSettings(
                    placeholder: placeholder, defaultValue: defaultValue, valueTransformer: valueTransformer,
                    action: action, header: header, footer: footer, cell: cell, help: help, relationship: relationship,
                    options: options, templateStorage: template.map { [$0] } ?? []
                )) : nil
        storage = SharedValue(
            Settings(
                key: key, type: type, inline: inline, sortable: sortable, readOnly: readOnly, hidden: hidden,
                title: title ?? key.map(TitleInference.title(forKey:)) ?? "", traits: traits,
                valueType: valueType, rules: rules, rare: rare))
    }

    /// Describes one item of a collection field (FXForms' `template`).
    public var template: Field? {
        @inlinable get { storage.value.rare?.value.templateStorage.first }
        set { changeRare { $0.templateStorage = newValue.map { [$0] } ?? [] } }
    }

    /// The alternatives of a union field (``FieldType/alternatives``), each described as a
    /// field: keyed by its tag when its payload is written under one (a Swift enum's case),
    /// keyless when the value is the payload itself.
    public var alternatives: [Field] {
        @inlinable get { storage.value.rare?.value.alternatives ?? [] }
        set { changeRare { $0.alternatives = newValue } }
    }

    /// The positions of a tuple field (a ``FieldType/collection`` whose items differ by
    /// position, JSON Schema's `prefixItems`), each described as a keyless field; any items
    /// after them are described by ``template``. Empty for every other field.
    package var positions: [Field] {
        @inlinable get { storage.value.rare?.value.positions ?? [] }
        set { changeRare { $0.positions = newValue } }
    }

    /// The type names a value-type cell registration is looked up by, the property's own
    /// first (`[Int]`, then `Int`); empty for a field without a model property.
    @usableFromInline package var valueTypeNames: [String] { valueType?.lookupNames ?? [] }

    /// `true` for a field with no model property behind it.
    package var isVirtual: Bool { key == nil }

    /// An identifier that is unique within its form: the key, else the action, else the title.
    package var id: String { key ?? action.map { "action:\($0)" } ?? "title:\(title)" }
}
