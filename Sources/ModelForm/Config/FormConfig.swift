/// The form of one type: its fields (grouped into sections) and its actions.
///
/// Fields are kept as one ordered list; the sections are derived from their `header` and
/// `footer` keys, so reordering or overriding a field never leaves a stale section behind.
///
/// ```swift
/// guard var config = configs["User"] else { return }
/// try config.update("email") { $0.title = "Email Address" }
/// try config.exclude(["id"])
/// ```
///
/// An action of your own beside save and cancel, and hidden values cleared on save:
///
/// ```swift
/// var guest: FormConfig = configs.root
/// guest.actions = FormConfig.standardActions + [Field(key: nil, type: .action, title: "Print", action: "print")]
/// guest.hiddenValues = .clear
/// configs.replace(guest)
/// ```
public struct FormConfig: Hashable, Sendable {
    /// The entity this form edits.
    public var typeName: String
    /// The form's title.
    public var title: String
    /// The fields in order (hidden ones included).
    public var fields: [Field]
    /// The form's actions (save, cancel, custom), drawn as buttons after the fields.
    public var actions: [Field]
    /// What saving does to the values of fields their `visibleIf` rules hide, unless a field
    /// says otherwise (`clearWhenHidden` in a forms file): `keep` them, the default, or `clear`.
    public var hiddenValues: HiddenValuePolicy = .keep

    /// A form configuration.
    public init(typeName: String, title: String? = nil, fields: [Field], actions: [Field] = FormConfig.standardActions)
    {
        self.typeName = typeName
        self.title = title ?? TitleInference.title(forKey: typeName)
        self.fields = fields
        self.actions = actions
    }

    /// Save and cancel.
    public static let standardActions: [Field] = [
        Field(key: nil, type: .action, title: "Save", action: "save"),
        Field(key: nil, type: .action, title: "Cancel", action: "cancel"),
    ]

    /// The visible fields grouped into sections (see ``SectionConfig/grouping(_:)``).
    /// The fields are shared, not copied, when none is hidden.
    package var sections: [SectionConfig] {
        SectionConfig.grouping(fields.contains { $0.hidden } ? fields.filter { !$0.hidden } : fields)
    }

    /// The field for a key.
    public func field(_ key: String) -> Field? {
        fields.first { $0.key == key }
    }

    /// Changes the field for `key` in place. A key that names no field throws, with the
    /// closest key as a suggestion, and changes nothing.
    public mutating func update(_ key: String, _ change: (inout Field) throws -> Void) throws {
        guard let index = fields.firstIndex(where: { $0.key == key }) else { throw unknown(key) }
        var field = fields[index]
        try change(&field)
        fields[index] = field
    }

    /// Removes the fields for these keys (FXForms' `excludedFields`). A key that names no
    /// field throws (with a suggestion) and nothing is removed. New records still get a
    /// default for an excluded property, so they stay committable.
    public mutating func exclude(_ keys: [String]) throws(ConfigError) {
        let known = Set(fields.compactMap(\.key))
        if let missing = keys.first(where: { !known.contains($0) }) { throw unknown(missing) }
        let excluded = Set(keys)
        fields.removeAll { $0.key.map(excluded.contains) ?? false }
    }

    /// The error for a key that names no field, with the closest key.
    func unknown(_ key: String) -> ConfigError {
        .unknownField(
            key: key, typeName: typeName, suggestion: Suggestion.closest(to: key, in: fields.compactMap(\.key)))
    }

    /// Keeps only these keys, in this order (FXForms' `fields` as a list of names); virtual
    /// fields are kept at the end. Returns the keys that named no field.
    @discardableResult
    public mutating func order(_ keys: [String]) -> [String] {
        let byKey = Dictionary(fields.compactMap { f in f.key.map { ($0, f) } }, uniquingKeysWith: { a, _ in a })
        let missing = keys.filter { byKey[$0] == nil }
        fields = keys.compactMap { byKey[$0] } + fields.filter(\.isVirtual)
        return missing
    }
}
