import Foundation

/// A JSON number: its text, its value as a `Double`, and, when it fits, as a `Decimal`
/// (exact for every decimal literal of up to 38 digits), so comparisons and `multipleOf`
/// are exact where they can be.
public struct JSONNumber: Sendable, Hashable {
    /// The number as written.
    public var text: String
    /// Its value as a `Double` (infinite past its range).
    public var double: Double
    /// Its exact value, when a `Decimal` holds it.
    package var decimal: Decimal?

    /// A number from JSON text (`-1.5e3`); `nil` for anything else.
    public init?(_ text: String) {
        guard JSONNumber.isNumberText(text), let double = Double(text) else { return nil }
        self.text = text
        self.double = double
        let exponent = JSONNumber.exponent(text)
        decimal = abs(exponent) < 100 ? Decimal(string: text, locale: Locale(identifier: "en_US_POSIX")) : nil
    }

    /// A number of a `Double` (whole values written without a fraction).
    public init(_ value: Double) {
        text = FormValue.whole(value).map { String($0) } ?? String(value)
        double = value
        decimal = Decimal(string: text, locale: Locale(identifier: "en_US_POSIX"))
    }

    /// A whole number.
    public init(_ value: Int) {
        text = String(value)
        double = Double(value)
        decimal = Decimal(value)
    }

    /// Whether the value is a whole number (`1.0` is one).
    package var isInteger: Bool {
        // Digits alone (an optional sign) are a whole number, however many.
        if double.isFinite, !text.utf8.contains(where: { $0 == UInt8(ascii: ".") || $0 | 0x20 == UInt8(ascii: "e") }) {
            return true
        }
        if var decimal {
            var whole = Decimal()
            NSDecimalRound(&whole, &decimal, 0, .plain)
            return decimal == whole
        }
        return double.isFinite && double == double.rounded()
    }

    /// Equal values (`1 == 1.0`).
    public static func == (lhs: JSONNumber, rhs: JSONNumber) -> Bool {
        if let a = lhs.decimal, let b = rhs.decimal { return a == b }
        return lhs.double == rhs.double
    }

    /// Orders by value.
    package static func < (lhs: JSONNumber, rhs: JSONNumber) -> Bool {
        // Rounding to the nearest `Double` keeps order, so two different `Double`s order
        // the values; only equal ones need the exact decimals (`0.1` against a longer
        // `0.1000…01`).
        if lhs.double != rhs.double { return lhs.double < rhs.double }
        if let a = lhs.decimal, let b = rhs.decimal { return a < b }
        return false
    }

    /// Hashes the value.
    public func hash(into hasher: inout Hasher) { hasher.combine(double) }

    /// Whether this is a whole multiple of `divisor`: exact with decimals, else by the
    /// floating-point quotient (an infinite quotient is not a multiple).
    package func isMultiple(of divisor: JSONNumber) -> Bool {
        if let a = decimal, let b = divisor.decimal, b != 0 {
            var quotient = a / b
            var whole = Decimal()
            NSDecimalRound(&whole, &quotient, 0, .plain)
            if !quotient.isNaN { return quotient == whole }
        }
        let quotient = double / divisor.double
        return quotient.isFinite && quotient == quotient.rounded()
    }

    static func isNumberText(_ text: String) -> Bool {
        var bytes = Substring(text).utf8[...]
        if bytes.first == UInt8(ascii: "-") { bytes = bytes.dropFirst() }
        guard let first = bytes.first, (0x30...0x39).contains(first) else { return false }
        var seenDot = false
        var seenExponent = false
        var previous: UInt8 = 0
        for byte in bytes {
            switch byte {
            case 0x30...0x39: break
            case UInt8(ascii: "."):
                if seenDot || seenExponent { return false }
                seenDot = true
            case UInt8(ascii: "e"), UInt8(ascii: "E"):
                if seenExponent { return false }
                seenExponent = true
            case UInt8(ascii: "+"), UInt8(ascii: "-"):
                if previous != UInt8(ascii: "e") && previous != UInt8(ascii: "E") { return false }
            default: return false
            }
            previous = byte
        }
        return (0x30...0x39).contains(previous)
    }

    static func exponent(_ text: String) -> Int {
        guard let e = text.lowercased().firstIndex(of: "e") else { return 0 }
        return Int(text[text.index(after: e)...]) ?? 0
    }
}
