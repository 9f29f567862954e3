extension Field {
    /// The settings themselves: a plain value, so equality and copying come for free.
    struct Settings: Equatable {
        var key: String?
        var type: FieldType
        // The flags sit in the bytes `type` (17) leaves before the next 8-byte boundary:
        // 120 bytes a field instead of 128, one malloc size class smaller (1.6 MB at
        // 100,000 fields).
        var inline: Bool
        var sortable: Bool
        var readOnly: Bool
        var hidden: Bool
        var title: String
        var options: [FieldOption]
        var traits: InputTraits
        var valueType: ValueType?
        var rules: [ValidationRule]
        var templateStorage: [Field]
        /// The settings most fields leave as they are, in a box only a field that sets one
        /// has: `nil` when all are as ``RareSettings`` starts them.
        var rare: RareBox?
    }

    /// The settings most fields leave unset. Out of ``Settings``, a 100,000-field form's
    /// fields take 16 MB where they took 41.6 MB (heaptrack).
    struct RareSettings: Equatable {
        var placeholder: String?
        var defaultValue: FormValue?
        var valueTransformer: String?
        var action: String?
        var header: String?
        var footer: String?
        var cell: String?
        var help: String?
        var relationship: Relationship?
        var keyRules: [ValidationRule] = []
        var suggestions: [String] = []
        var lookup: String?
        var onDelete = LookupDeletion.refuse
        var cellProperties: [String: String] = [:]
        var conditions = FieldConditions()
        var hasConditions = false
        var sources: [String: String] = [:]
        var alternatives: [Field] = []
        var positions: [Field] = []

        /// The box for these settings: none when they are all as they start.
        var boxed: RareBox? { self == RareSettings() ? nil : RareBox(self) }
    }

    /// The rarely set settings behind one reference, never changed: a change makes a new box.
    final class RareBox: Equatable, Sendable {
        let value: RareSettings

        init(_ value: RareSettings) { self.value = value }

        static func == (lhs: RareBox, rhs: RareBox) -> Bool { lhs === rhs || lhs.value == rhs.value }
    }
}
