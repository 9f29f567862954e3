import Foundation

extension FormValue {
    /// The value as plain text, the way input is written: numbers in C locale, booleans as
    /// `true`/`false`, dates as ISO 8601 date-times, data as base64, lists comma-separated.
    public var plainText: String {
        switch self {
        case .null: return ""
        case .bool(let b): return b ? "true" : "false"
        case .int(let n): return String(n)
        case .uint(let n): return String(n)
        case .double(let d): return FormValue.whole(d).map { String($0) } ?? String(d)
        case .decimal(let d): return d.description
        case .string(let s): return s
        case .date(let date): return ISODate.formatDateTime(date)
        case .data(let data): return data.base64EncodedString()
        case .list(let items): return items.map(\.plainText).joined(separator: ", ")
        case .record(let record):
            // `_0`, `_1`: how Swift encodes an enum case's unlabeled associated values.
            return record.pairs.map {
                Self.isPositional($0.key) ? $0.value.plainText : "\($0.key): \($0.value.plainText)"
            }
            .joined(separator: ", ")
        }
    }

    /// `_0`, `_1`, ...: the key Swift's synthesized `Codable` gives an unlabeled associated value.
    private static func isPositional(_ key: String) -> Bool {
        key.count > 1 && key.first == "_" && key.dropFirst().allSatisfy(\.isASCII) && Int(key.dropFirst()) != nil
    }

    /// A `Double` that text writes as a whole number (`1000`, not `1000.0`): whole, and below
    /// 10^15 in size, where every such value is exact; `nil` for another.
    package static func whole(_ number: Double) -> Int64? {
        number == number.rounded() && abs(number) < 1e15 ? Int64(number) : nil
    }
}

/// Checks on text shared by input parsing and validation.
package enum TextChecks {
    /// `text` without leading and trailing white space (fast for ASCII).
    package static func trimmed(_ text: String) -> String { text.trimmingWhitespace }

    /// `true` for `local@domain.tld` with no spaces and one `@`.
    package static func isEmail(_ text: String) -> Bool {
        var text = text
        let (valid, nonASCII) = text.withUTF8 { isEmail(bytes: $0) }
        return valid && (!nonASCII || !text.containsWhitespace)
    }

    /// The byte-level checks of ``isEmail(_:)``: no ASCII space, one `@` after a non-empty
    /// local part, a dotted domain without empty labels; and whether there is non-ASCII
    /// text (which may hold other spaces).
    private static func isEmail(bytes: UnsafeBufferPointer<UInt8>) -> (valid: Bool, nonASCII: Bool) {
        var nonASCII = false
        var atSeen = false
        var localLength = 0
        var domainLength = 0
        var dots = 0
        var previous: UInt8 = 0
        for byte in bytes {
            if byte == 0x20 || (byte >= 0x09 && byte <= 0x0D) { return (false, nonASCII) }
            if byte >= 0x80 { nonASCII = true }
            if byte == UInt8(ascii: "@") {
                if atSeen || localLength == 0 { return (false, nonASCII) }
                atSeen = true
            } else if !atSeen {
                localLength += 1
            } else {
                if byte == UInt8(ascii: ".") {
                    if domainLength == 0 || previous == UInt8(ascii: ".") { return (false, nonASCII) }
                    dots += 1
                }
                domainLength += 1
            }
            previous = byte
        }
        return (atSeen && dots > 0 && previous != UInt8(ascii: "."), nonASCII)
    }

    /// `true` for an absolute URL: a scheme, and a host for http(s).
    package static func isURL(_ text: String) -> Bool {
        guard !text.contains(where: \.isWhitespace), let components = URLComponents(string: text),
            let scheme = components.scheme?.lowercased(), !scheme.isEmpty
        else { return false }
        if scheme == "http" || scheme == "https" { return !(components.host ?? "").isEmpty }
        return text.count > scheme.count + 1
    }

    /// `true` for a decimal number literal: optional sign, digits, optional fraction and exponent.
    package static func isDecimalLiteral(_ text: String) -> Bool {
        var chars = Substring(text)
        if chars.first == "+" || chars.first == "-" { chars = chars.dropFirst() }
        let mantissaEnd = chars.firstIndex(where: { $0 == "e" || $0 == "E" }) ?? chars.endIndex
        let mantissa = chars[..<mantissaEnd]
        let parts = mantissa.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        let digitsOK =
            parts.allSatisfy { $0.allSatisfy { $0.isASCII && $0.isNumber } } && parts.contains { !$0.isEmpty }
        guard digitsOK else { return false }
        guard mantissaEnd != chars.endIndex else { return true }
        var exponent = chars[chars.index(after: mantissaEnd)...]
        if exponent.first == "+" || exponent.first == "-" { exponent = exponent.dropFirst() }
        return !exponent.isEmpty && exponent.allSatisfy { $0.isASCII && $0.isNumber }
    }
}
