extension FormValue {
    /// Whether the value counts as nothing entered. This is the one meaning of "empty"
    /// that `required`, `requiredIf`, the condition `empty(...)` and placeholders share:
    ///
    /// | value | empty |
    /// |---|---|
    /// | `null` | yes |
    /// | text of white space only (`""`, `"   "`) | yes |
    /// | an empty list, empty data | yes |
    /// | `false` (an unticked box) | yes |
    /// | `0` of a bitfield (no option chosen) | yes |
    /// | any other number, a date, a record | no: `0` is a value |
    ///
    /// A condition reads values without their fields, so it passes no type; it refuses
    /// `empty(...)` on an unsigned number, whose `0` only the type tells from a bitfield's.
    ///
    /// ```swift
    /// let blank = FormValue.string("   ").isEmpty(as: .text)  // true: blank text is empty everywhere
    /// let zero = FormValue.int(0).isEmpty(as: .integer)  // false
    /// ```
    package func isEmpty(as type: FieldType?) -> Bool {
        switch self {
        case .null: return true
        case .string(let text): return text.isBlank
        case .list(let items): return items.isEmpty
        case .data(let data): return data.isEmpty
        case .bool(let on): return !on
        case .uint(let bits): return bits == 0 && (type == nil || type == .bitfield)
        case .record(let entries): return entries.isEmpty && type == .map
        default: return false
        }
    }
}
