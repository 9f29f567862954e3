/// An `OptionSet` whose bits have names, so ModelForm can offer it as a bitfield field.
///
/// Swift cannot list an option set's static members at run time; this protocol is the
/// one line that lets it.
///
/// ```swift
/// struct Toppings: FormOptionSet, Codable {
///     let rawValue: UInt8
///     static let cheese = Toppings(rawValue: 1), ham = Toppings(rawValue: 2)
///     static let formOptions: [(String, Toppings)] = [("Cheese", .cheese), ("Ham", .ham)]
/// }
/// ```
public protocol FormOptionSet: OptionSet, Sendable where RawValue: FixedWidthInteger {
    /// Each named bit with its title, in display order.
    static var formOptions: [(String, Self)] { get }
}

/// Hooks that let the describer see through generic standard-library types.
protocol OptionalTypeProtocol {
    static var wrappedType: Any.Type { get }
    static func makeNone() -> Any
}

extension Optional: OptionalTypeProtocol {
    static var wrappedType: Any.Type { Wrapped.self }
    static func makeNone() -> Any { Optional<Wrapped>.none as Any }
}

protocol ArrayTypeProtocol {
    static var elementType: Any.Type { get }
}

extension Array: ArrayTypeProtocol {
    static var elementType: Any.Type { Element.self }
}
