/// How a TOML scalar is written: what an edit in place keeps.
enum TOMLScalarKind: Hashable {
    case basicString, literalString, multilineBasicString, multilineLiteralString
    case integer, float, boolean
    case offsetDateTime, localDateTime, localDate, localTime

    var isString: Bool {
        switch self {
        case .basicString, .literalString, .multilineBasicString, .multilineLiteralString: return true
        default: return false
        }
    }
}

/// TOML's bare scalars: booleans, integers (decimal, `0x`, `0o`, `0b`, with `_` between
/// digits), floats (`inf`, `nan` too) and the four kinds of date and time.
extension TOMLScanner {
    /// A bare scalar from here: its text as a values file reads it (an integer in decimal,
    /// a float without `_`, a date-time with `T` and `Z` upper case) and its kind.
    mutating func bareScalar() throws(TOMLError) -> (text: String, kind: TOMLScalarKind) {
        let start = position
        while let byte = current, Self.isBareValue(byte) { position += 1 }
        // A date and a time may be separated by one space.
        if position - start == 10, current == 0x20, let next = peek(1), Self.isDigit(next),
            Self.localDate(bytes[start..<position])
        {
            let save = position
            position += 1
            while let byte = current, Self.isBareValue(byte) { position += 1 }
            if (try? dateTime(bytes[start..<position])) == nil { position = save }
        }
        let token = bytes[start..<position]
        let text = String(decoding: token, as: UTF8.self)
        guard !token.isEmpty else { throw fail("expected a value, found '\(describe(current))'") }
        switch text {
        case "true", "false": return (text, .boolean)
        case "inf", "+inf", "-inf", "nan", "+nan", "-nan": return (text.replacingOccurrences(of: "+", with: ""), .float)
        default: break
        }
        if let kind = try dateTime(token) {
            var normal = text.uppercased()
            if normal.count > 10, normal[normal.index(normal.startIndex, offsetBy: 10)] == " " {
                normal = String(normal.prefix(10)) + "T" + normal.dropFirst(11)
            }
            return (normal, kind)
        }
        if let integer = Self.integer(token) { return (String(integer), .integer) }
        guard Self.isFloat(token) else {
            throw fail("'\(text)' is not a TOML value (a string needs quotes)", at: start)
        }
        return (text.replacingOccurrences(of: "_", with: ""), .float)
    }

    private static func isBareValue(_ byte: UInt8) -> Bool {
        isBareKey(byte) || byte == UInt8(ascii: "+") || byte == UInt8(ascii: ".") || byte == UInt8(ascii: ":")
    }

    static func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }

    // MARK: Numbers

    /// The value of an integer token, `nil` if it is not one; an integer out of range throws.
    private static func integer(_ token: ArraySlice<UInt8>) -> Int64? {
        var body = token
        var radix = 10
        if body.count > 2, body.first == UInt8(ascii: "0"), let marker = body.dropFirst().first {
            switch marker {
            case UInt8(ascii: "x"): radix = 16
            case UInt8(ascii: "o"): radix = 8
            case UInt8(ascii: "b"): radix = 2
            default: break
            }
            if radix != 10 { body = body.dropFirst(2) }
        }
        let signed = radix == 10 && (body.first == UInt8(ascii: "+") || body.first == UInt8(ascii: "-"))
        let digits = signed ? body.dropFirst() : body
        guard digitsWithUnderscores(digits, radix: radix) else { return nil }
        // No leading zero in decimal (`0` alone, `+0`, `-0` are fine).
        if radix == 10, digits.count > 1, digits.first == UInt8(ascii: "0") { return nil }
        let clean = String(decoding: body.filter { $0 != UInt8(ascii: "_") }, as: UTF8.self)
        return Int64(clean, radix: radix)
    }

    /// Digits of `radix`, each `_` between two of them.
    private static func digitsWithUnderscores(_ digits: ArraySlice<UInt8>, radix: Int) -> Bool {
        guard let first = digits.first, let last = digits.last, first != UInt8(ascii: "_"),
            last != UInt8(ascii: "_")
        else { return false }
        var previous: UInt8 = 0
        for byte in digits {
            if byte == UInt8(ascii: "_") {
                guard previous != UInt8(ascii: "_") else { return false }
            } else {
                guard let value = Int(String(UnicodeScalar(byte)), radix: radix), value < radix else { return false }
            }
            previous = byte
        }
        return true
    }

    /// Whether a token is a decimal float: an integer part, then a fraction, an exponent or both.
    private static func isFloat(_ token: ArraySlice<UInt8>) -> Bool {
        var body = token
        if body.first == UInt8(ascii: "+") || body.first == UInt8(ascii: "-") { body = body.dropFirst() }
        let exponentAt = body.firstIndex { $0 == UInt8(ascii: "e") || $0 == UInt8(ascii: "E") }
        let mantissa = exponentAt.map { body[..<$0] } ?? body
        let parts = mantissa.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
        guard parts.count <= 2, exponentAt != nil || parts.count == 2, let whole = parts.first,
            digitsWithUnderscores(whole, radix: 10), whole.count == 1 || whole.first != UInt8(ascii: "0")
        else { return false }
        if parts.count == 2, !digitsWithUnderscores(parts[1], radix: 10) { return false }
        guard let exponentAt else { return true }
        var exponent = body[(exponentAt + 1)...]
        if exponent.first == UInt8(ascii: "+") || exponent.first == UInt8(ascii: "-") {
            exponent = exponent.dropFirst()
        }
        return digitsWithUnderscores(exponent, radix: 10)
    }

    // MARK: Dates and times

    /// The kind of a date or time token, `nil` if it is none; one that looks like a date but
    /// names none (`2021-02-30`) throws.
    private func dateTime(_ token: ArraySlice<UInt8>) throws(TOMLError) -> TOMLScalarKind? {
        let text = Array(token)
        if text.count >= 8, text[2] == UInt8(ascii: ":") {
            guard Self.localTime(text[...]) else {
                throw fail("'\(string(text))' is not a valid time", at: token.startIndex)
            }
            return .localTime
        }
        guard text.count >= 10, text[4] == UInt8(ascii: "-"), text[7] == UInt8(ascii: "-") else { return nil }
        guard Self.localDate(text[0..<10]) else {
            throw fail("'\(string(text))' is not a valid date", at: token.startIndex)
        }
        if text.count == 10 { return .localDate }
        guard [UInt8(ascii: "T"), UInt8(ascii: "t"), 0x20].contains(text[10]) else {
            throw fail("'\(string(text))' is not a valid date-time", at: token.startIndex)
        }
        var time = text[11...]
        var kind = TOMLScalarKind.localDateTime
        if time.last == UInt8(ascii: "Z") || time.last == UInt8(ascii: "z") {
            time = time.dropLast()
            kind = .offsetDateTime
        } else if time.count >= 6, let sign = time.dropLast(5).last,
            sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-")
        {
            let zone = time.suffix(5)
            guard zone[zone.startIndex + 2] == UInt8(ascii: ":"), let hours = Self.number(zone.prefix(2)),
                let minutes = Self.number(zone.suffix(2)), hours < 24, minutes < 60
            else { throw fail("'\(string(text))' has an offset that is not valid", at: token.startIndex) }
            time = time.dropLast(6)
            kind = .offsetDateTime
        }
        guard Self.localTime(time) else {
            throw fail("'\(string(text))' is not a valid date-time", at: token.startIndex)
        }
        return kind
    }

    private func string(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

    /// `YYYY-MM-DD`, a day the month has.
    static func localDate(_ text: ArraySlice<UInt8>) -> Bool {
        let base = text.startIndex
        guard text.count == 10, text[base + 4] == UInt8(ascii: "-"), text[base + 7] == UInt8(ascii: "-"),
            let year = number(text[base..<(base + 4)]), let month = number(text[(base + 5)..<(base + 7)]),
            let day = number(text[(base + 8)..<(base + 10)]), (1...12).contains(month), day >= 1
        else { return false }
        let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
        let days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1]
        return day <= days
    }

    /// `HH:MM:SS`, perhaps with a fraction of a second.
    static func localTime(_ text: ArraySlice<UInt8>) -> Bool {
        let base = text.startIndex
        guard text.count >= 8, text[base + 2] == UInt8(ascii: ":"), text[base + 5] == UInt8(ascii: ":"),
            let hour = number(text[base..<(base + 2)]), let minute = number(text[(base + 3)..<(base + 5)]),
            let second = number(text[(base + 6)..<(base + 8)]), hour < 24, minute < 60, second <= 60
        else { return false }
        let fraction = text[(base + 8)...]
        guard let dot = fraction.first else { return true }
        return dot == UInt8(ascii: ".") && fraction.count > 1 && fraction.dropFirst().allSatisfy(isDigit)
    }

    private static func number(_ digits: ArraySlice<UInt8>) -> Int? {
        guard !digits.isEmpty, digits.allSatisfy(isDigit) else { return nil }
        return Int(String(decoding: digits, as: UTF8.self))
    }
}
