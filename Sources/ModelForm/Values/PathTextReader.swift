/// Reads the text of a ``FormPath``: names joined by `.`, `[2]` for a position, `["key"]`
/// for a key written as a JSON string. One pass, no backtracking, at most
/// ``InputLimits/nameDepth`` components. An HTML input's bracket name (`friends[0][name]`)
/// is read with `bracketKeys`: a bracket that holds neither digits nor a quote holds a key.
struct PathTextReader {
    private let text: String
    /// The text's UTF-8 bytes: every delimiter is ASCII, so a name is a run of bytes.
    private let bytes: [UInt8]
    private var position = 0
    private let bracketKeys: Bool

    init(_ text: String, bracketKeys: Bool = false) {
        self.text = text
        self.bracketKeys = bracketKeys
        bytes = Array(text.utf8)
    }

    private var next: UInt8? { position < bytes.count ? bytes[position] : nil }

    private func failure(_ problem: String) -> FormError { FormError.invalidPath(text.excerpt(), problem) }

    private static let dot = UInt8(ascii: "."), open = UInt8(ascii: "["), close = UInt8(ascii: "]")
    private static let quote = UInt8(ascii: "\""), backslash = UInt8(ascii: "\\")

    /// The components, or the first problem in the text.
    mutating func components() throws(FormError) -> [FormPath.Component] {
        var components: [FormPath.Component] = []
        while let byte = next {
            guard components.count < InputLimits.nameDepth else {
                throw failure("more than \(InputLimits.nameDepth) levels")
            }
            if byte == Self.open {
                position += 1
                components.append(try bracketed())
            } else {
                if !components.isEmpty {
                    guard byte == Self.dot else { throw failure("expected '.' or '[' after '\(lastText(components))'") }
                    position += 1
                    guard let after = next, after != Self.open, after != Self.dot else {
                        throw failure("expected a name after '.'")
                    }
                }
                components.append(.key(try name()))
            }
        }
        return components
    }

    private func lastText(_ components: [FormPath.Component]) -> String {
        FormPath(Array(components.suffix(1))).description.excerpt(40)
    }

    /// A plain name: up to the next `.` or `[`.
    private mutating func name() throws(FormError) -> String {
        let start = position
        while let byte = next, byte != Self.dot, byte != Self.open { position += 1 }
        guard position > start else { throw failure("empty name") }
        return text(from: start, to: position)
    }

    /// The bytes from `start` up to `end` (both on character boundaries: next to ASCII
    /// delimiters or the ends) as a string.
    private func text(from start: Int, to end: Int) -> String {
        String(decoding: bytes[start..<end], as: UTF8.self)
    }

    /// After `[`: a position (`2]`) or a quoted key (`"build:prod"]`).
    private mutating func bracketed() throws(FormError) -> FormPath.Component {
        if next == Self.quote {
            position += 1
            let key = try quoted()
            guard next == Self.close else { throw failure("expected ']' after a quoted key") }
            position += 1
            return .key(key)
        }
        let start = position
        var index = 0
        var overflow = false
        while let byte = next, byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") {
            let (times, o1) = index.multipliedReportingOverflow(by: 10)
            let (sum, o2) = times.addingReportingOverflow(Int(byte - UInt8(ascii: "0")))
            overflow = overflow || o1 || o2
            index = sum
            position += 1
        }
        if bracketKeys, next != Self.close || position == start {
            while let byte = next, byte != Self.close { position += 1 }
            guard next == Self.close, position > start else { throw failure("expected a name in brackets") }
            position += 1
            return .key(text(from: start, to: position - 1))
        }
        guard next == Self.close, position > start, !overflow else {
            throw failure("expected a non-negative index or a quoted key in brackets")
        }
        position += 1
        return .index(index)
    }

    /// A JSON string's body up to its closing quote, unescaped.
    private mutating func quoted() throws(FormError) -> String {
        var key = ""
        var run = position
        while let byte = next {
            guard byte == Self.quote || byte == Self.backslash else {
                position += 1
                continue
            }
            if position > run { key += text(from: run, to: position) }
            position += 1
            if byte == Self.quote { return key }
            guard let escaped = next else { break }
            position += 1
            switch escaped {
            case Self.quote, Self.backslash, UInt8(ascii: "/"): key.unicodeScalars.append(Unicode.Scalar(escaped))
            case UInt8(ascii: "n"): key += "\n"
            case UInt8(ascii: "t"): key += "\t"
            case UInt8(ascii: "r"): key += "\r"
            case UInt8(ascii: "b"): key += "\u{8}"
            case UInt8(ascii: "f"): key += "\u{C}"
            case UInt8(ascii: "u"): key.unicodeScalars.append(try unicodeEscape())
            default:
                let shown = escaped < 0x80 ? String(Unicode.Scalar(escaped)) : "?"
                throw failure("'\\\(shown)' is not an escape of a quoted key")
            }
            run = position
        }
        throw failure("a quoted key is not closed")
    }

    /// The scalar of `XXXX` after `\u` (a surrogate pair as two escapes).
    private mutating func unicodeEscape() throws(FormError) -> Unicode.Scalar {
        let high = try hex4()
        if (0xD800..<0xDC00).contains(high), next == Self.backslash, position + 1 < bytes.count,
            bytes[position + 1] == UInt8(ascii: "u")
        {
            position += 2
            let low = try hex4()
            if (0xDC00..<0xE000).contains(low),
                let scalar = Unicode.Scalar(0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00))
            {
                return scalar
            }
        }
        guard let scalar = Unicode.Scalar(high) else { throw failure("'\\u' names no character") }
        return scalar
    }

    private mutating func hex4() throws(FormError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard let byte = next, let digit = Self.hexDigit(byte) else {
                throw failure("expected 4 hexadecimal digits after '\\u'")
            }
            value = value << 4 | digit
            position += 1
        }
        return value
    }

    private static func hexDigit(_ byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(byte - UInt8(ascii: "A") + 10)
        default: nil
        }
    }
}
