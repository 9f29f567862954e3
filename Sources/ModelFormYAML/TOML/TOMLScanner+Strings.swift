/// TOML's four kinds of string: basic (`"..."`, with escapes), literal (`'...'`), and the
/// multi-line forms of each (`"""`, `'''`).
extension TOMLScanner {
    /// A basic string, from its opening quote.
    mutating func basicString() throws(TOMLError) -> String {
        position += 1
        var text: [UInt8] = []
        while true {
            guard let byte = current else { throw fail("a string that does not end") }
            switch byte {
            case UInt8(ascii: "\""):
                position += 1
                return try decoded(text)
            case UInt8(ascii: "\\"):
                try escape(into: &text)
            case 0x0A, 0x0D:
                throw fail("a line end in a one-line string (use \"\"\" for several lines)")
            default:
                try checkStringByte(byte)
                text.append(byte)
                position += 1
            }
        }
    }

    /// A literal string, from its opening quote: no escapes.
    mutating func literalString() throws(TOMLError) -> String {
        position += 1
        let start = position
        while true {
            guard let byte = current else { throw fail("a string that does not end") }
            if byte == UInt8(ascii: "'") {
                position += 1
                return try decoded(Array(bytes[start..<(position - 1)]))
            }
            if byte == 0x0A || byte == 0x0D {
                throw fail("a line end in a one-line string (use ''' for several lines)")
            }
            try checkStringByte(byte)
            position += 1
        }
    }

    /// A multi-line string, from its opening `"""` or `'''`: a line end right after the
    /// opening is not part of it; in a basic one, a backslash at a line's end joins it to
    /// the next non-blank character.
    mutating func multilineString(literal: Bool) throws(TOMLError) -> String {
        let quote = literal ? UInt8(ascii: "'") : UInt8(ascii: "\"")
        position += 3
        _ = try takeNewline()
        var text: [UInt8] = []
        while true {
            guard let byte = current else { throw fail("a multi-line string that does not end") }
            if byte == quote, peek(1) == quote, peek(2) == quote {
                var run = 3
                while peek(run) == quote { run += 1 }
                guard run <= 5 else { throw fail("too many quotes at the end of a multi-line string") }
                text += Array(repeating: quote, count: run - 3)
                position += run
                return try decoded(text)
            }
            if byte == UInt8(ascii: "\\"), !literal {
                if try joinsLines() { continue }
                try escape(into: &text)
                continue
            }
            if byte == 0x0D {
                guard peek(1) == 0x0A else { throw fail("a carriage return not followed by a line feed") }
                text += [0x0D, 0x0A]
                position += 2
                continue
            }
            if byte != 0x0A { try checkStringByte(byte) }
            text.append(byte)
            position += 1
        }
    }

    /// A backslash followed by blanks and a line end: skipped, with every blank and line
    /// end after it.
    private mutating func joinsLines() throws(TOMLError) -> Bool {
        var ahead = 1
        while let byte = peek(ahead), byte == 0x20 || byte == 0x09 { ahead += 1 }
        guard peek(ahead) == 0x0A || peek(ahead) == 0x0D && peek(ahead + 1) == 0x0A else { return false }
        position += ahead
        while let byte = current, [0x20, 0x09, 0x0A, 0x0D].contains(byte) {
            if byte == 0x0D, peek(1) != 0x0A { throw fail("a carriage return not followed by a line feed") }
            position += 1
        }
        return true
    }

    private mutating func escape(into text: inout [UInt8]) throws(TOMLError) {
        let start = position
        position += 1
        guard let code = current else { throw fail("a string that does not end") }
        position += 1
        let simple: [UInt8: UInt8] = [
            UInt8(ascii: "b"): 0x08, UInt8(ascii: "t"): 0x09, UInt8(ascii: "n"): 0x0A, UInt8(ascii: "f"): 0x0C,
            UInt8(ascii: "r"): 0x0D, UInt8(ascii: "\""): 0x22, UInt8(ascii: "\\"): 0x5C,
        ]
        if let byte = simple[code] {
            text.append(byte)
            return
        }
        let digits = code == UInt8(ascii: "u") ? 4 : code == UInt8(ascii: "U") ? 8 : 0
        guard digits > 0 else { throw fail("an unknown escape '\\\(describe(code))'", at: start) }
        guard position + digits <= bytes.count,
            let value = UInt32(String(decoding: bytes[position..<(position + digits)], as: UTF8.self), radix: 16),
            bytes[position..<(position + digits)].allSatisfy({ TOMLScanner.isHexDigit($0) }),
            let scalar = Unicode.Scalar(value)
        else { throw fail("an escape that is not a Unicode scalar value", at: start) }
        position += digits
        text += Array(String(Character(scalar)).utf8)
    }

    private func checkStringByte(_ byte: UInt8) throws(TOMLError) {
        if byte < 0x20 && byte != 0x09 || byte == 0x7F {
            throw fail("a control character in a string (write it as an escape)")
        }
    }

    private func decoded(_ text: [UInt8]) throws(TOMLError) -> String {
        guard let string = String(validating: text, as: UTF8.self) else { throw fail("a string that is not UTF-8") }
        return string
    }

    static func isHexDigit(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "a")...UInt8(ascii: "f"),
            UInt8(ascii: "A")...UInt8(ascii: "F"):
            return true
        default: return false
        }
    }
}
