/// A named conversion of a value to display text (FXForms' `valueTransformer`), with an
/// optional way back from text.
public struct ValueTransformer: Sendable {
    /// The name a field's `valueTransformer` key uses.
    public var name: String
    /// The text shown for a value (and for option values).
    public var display: @Sendable (FormValue) -> String
    /// The value for typed text, when the transformer is reversible.
    public var reverse: (@Sendable (String) -> FormValue?)?

    /// A transformer.
    public init(
        name: String, display: @escaping @Sendable (FormValue) -> String,
        reverse: (@Sendable (String) -> FormValue?)? = nil
    ) {
        self.name = name
        self.display = display
        self.reverse = reverse
    }

    /// A transformer from a fixed table (FXForms' enum-title example); reversible.
    public static func table(_ name: String, _ titles: [FormValue: String]) -> ValueTransformer {
        let inverse = Dictionary(titles.map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
        return ValueTransformer(name: name, display: { titles[$0] ?? $0.plainText }, reverse: { inverse[$0] })
    }
}

/// The value transformers renderers may use, by name: a value passed in, not global state.
///
/// A reversible transformer, registered by name:
///
/// ```swift
/// var transformers = ValueTransformers()
/// let kilometres = ValueTransformer(
///     name: "km", display: { "\($0.plainText) km" },
///     reverse: { text in Int64(text.replacingOccurrences(of: " km", with: "")).map(FormValue.int) })
/// transformers.register(kilometres)
/// let shown = kilometres.display(.int(42))  // "42 km"
/// let read = kilometres.reverse?("42 km")  // .int(42)
/// ```
public struct ValueTransformers: Sendable {
    private var byName: [String: ValueTransformer] = [:]

    /// No transformers.
    public init() {}

    /// Adds or replaces a transformer.
    public mutating func register(_ transformer: ValueTransformer) { byName[transformer.name] = transformer }

    /// The transformer with a name.
    package subscript(name: String) -> ValueTransformer? { byName[name] }

    /// The registered names.
    package var names: Set<String> { Set(byName.keys) }
}
