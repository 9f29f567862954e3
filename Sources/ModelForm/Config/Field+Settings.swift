extension Field {
    /// The settings themselves: a plain value, so equality and copying come for free.
    @usableFromInline struct Settings: Equatable, Sendable {
        @usableFromInline var key: String?
        @usableFromInline var type: FieldType
        // The flags sit in the bytes `type` (17) leaves before the next 8-byte boundary, and
        // options and template are rare settings: 104 bytes a field, where there were 128
        // then 120, each step one malloc size class smaller (1.6 MB at 100,000 fields).
        @usableFromInline var inline: Bool
        @usableFromInline var sortable: Bool
        @usableFromInline var readOnly: Bool
        @usableFromInline var hidden: Bool
        @usableFromInline var title: String
        @usableFromInline var traits: InputTraits
        var valueType: ValueType?
        @usableFromInline var rules: [ValidationRule]
        /// The settings most fields leave as they are, in a box only a field that sets one
        /// has: `nil` when all are as ``RareSettings`` starts them.
        @usableFromInline var rare: RareBox?
    }

    /// The settings most fields leave unset. Out of ``Settings``, a 100,000-field form's
    /// fields take 16 MB where they took 41.6 MB (heaptrack).
    @usableFromInline struct RareSettings: Equatable, Sendable {
        @usableFromInline var placeholder: String?
        @usableFromInline var defaultValue: FormValue?
        @usableFromInline var valueTransformer: String?
        @usableFromInline var action: String?
        @usableFromInline var header: String?
        @usableFromInline var footer: String?
        @usableFromInline var cell: String?
        @usableFromInline var help: String?
        var relationship: Relationship?
        @usableFromInline var keyRules: [ValidationRule] = []
        @usableFromInline var suggestions: [String] = []
        @usableFromInline var lookup: String?
        @usableFromInline var onDelete = LookupDeletion.refuse
        @usableFromInline var cellProperties: [String: String] = [:]
        @usableFromInline var conditions = FieldConditions()
        @usableFromInline var hasConditions = false
        @usableFromInline var sources: [String: String] = [:]
        @usableFromInline var alternatives: [Field] = []
        @usableFromInline var positions: [Field] = []
        /// An options field's choices: out of ``Settings``, with the template, so that a
        /// field's settings take a `malloc` size class less (128 bytes where they took 144:
        /// 1.6 MB at 100,000 fields).
        @usableFromInline var options: [FieldOption] = []
        /// A collection's or map's item (``Field/template``): none, or one.
        @usableFromInline var templateStorage: [Field] = []

        /// The box for these settings: none when they are all as they start.
        @usableFromInline var boxed: RareBox? { self == RareSettings() ? nil : RareBox(self) }
    }

    /// The rarely set settings behind one reference, never changed: a change makes a new box.
    @usableFromInline final class RareBox: Equatable, Sendable {
        @usableFromInline let value: RareSettings

        init(_ value: RareSettings) { self.value = value }

        @usableFromInline static func == (lhs: RareBox, rhs: RareBox) -> Bool { lhs === rhs || lhs.value == rhs.value }
    }
}
