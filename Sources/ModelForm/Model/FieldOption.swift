/// One choice of an options, multi-select or bitfield field: the stored value and its title.
public struct FieldOption: Hashable, Sendable {
    /// The value stored in the model when this option is chosen (a bit's value for bitfields).
    public var value: FormValue
    /// The text shown for it.
    public var title: String

    /// An option.
    public init(value: FormValue, title: String) {
        self.value = value
        self.title = title
    }
}

/// How an options field stores its choice (FXForms' rules, made explicit).
public enum OptionStorage: String, Hashable, Sendable {
    /// The chosen option's value is stored as it is.
    case value
    /// The chosen option's index is stored: a numeric field whose options are not numbers.
    case index
    /// The options are bits; the stored value is the bitwise OR of the chosen bits.
    case bits
}
