/// A value that is one of several alternatives (a union): a Swift enum with associated
/// values, JSON Schema's `oneOf` / `anyOf`, a `unions:` entry of a types file.
///
/// An alternative with a `tag` is written as a record of one key, the tag, holding its
/// payload (`{"card": {"number": "4242"}}`), as Swift's synthesized `Codable` writes an
/// enum case; one without is the value itself, told apart from the others by its kind
/// (text, number, list, record) and, for records, by the keys it has.
///
/// ```swift
/// let payment = UnionDescription(
///     name: "Payment",
///     alternatives: [
///         .init(tag: "cash", valueType: .model("Payment.cash")),
///         .init(tag: "card", valueType: .model("Payment.card")),
///     ])
/// let contact = UnionDescription(
///     name: "Contact", alternatives: [.init(valueType: .string), .init(valueType: .model("Address"))])
/// ```
package struct UnionDescription: Hashable, Sendable {
    /// One alternative: its tag (if written as a record of one key), title and type.
    package struct Alternative: Hashable, Sendable {
        /// The key the alternative's payload is written under (a Swift enum's case name), or
        /// `nil` when the value is the payload itself.
        package var tag: String?
        /// The alternative's title; inferred from the tag or the type when `nil`.
        package var title: String?
        /// The payload's type.
        package var valueType: ValueType

        /// An alternative.
        package init(tag: String? = nil, title: String? = nil, valueType: ValueType) {
            self.tag = tag
            self.title = title
            self.valueType = valueType
        }
    }

    /// The union's type name.
    package var name: String
    /// The alternatives in order.
    package var alternatives: [Alternative]
    /// Whether a value must fit exactly one alternative (JSON Schema's `oneOf`); otherwise
    /// the first that fits is the value's (`anyOf`, Swift enums).
    package var exclusive: Bool

    /// A union.
    package init(name: String, alternatives: [Alternative], exclusive: Bool = false) {
        self.name = name
        self.alternatives = alternatives
        self.exclusive = exclusive
    }
}
