/// The bytes of a TOML text and a place in them: the lexical pieces a TOML document is made
/// of (keys, strings, numbers, dates, booleans, whitespace, comments), each read from the
/// current place and checked as TOML 1.0 defines it. A piece that is not valid throws
/// ``TOMLError`` at the byte where it goes wrong.
struct TOMLScanner {
    let bytes: [UInt8]
    var position = 0

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    var atEnd: Bool { position >= bytes.count }
    var current: UInt8? { position < bytes.count ? bytes[position] : nil }

    func peek(_ offset: Int) -> UInt8? {
        position + offset < bytes.count ? bytes[position + offset] : nil
    }

    func fail(_ message: String, at offset: Int? = nil) -> TOMLError {
        TOMLError(message: message, offset: offset ?? position)
    }

    // MARK: Space, comments, line ends

    /// Skips spaces and tabs.
    mutating func skipBlanks() {
        while let byte = current, byte == 0x20 || byte == 0x09 { position += 1 }
    }

    /// Whether a line ends here (LF, or CR LF), consuming it.
    mutating func takeNewline() throws(TOMLError) -> Bool {
        if current == 0x0A {
            position += 1
            return true
        }
        if current == 0x0D {
            guard peek(1) == 0x0A else { throw fail("a carriage return not followed by a line feed") }
            position += 2
            return true
        }
        return false
    }

    /// A comment from `#` to the end of its line (the line end not consumed), if one starts here.
    mutating func skipComment() throws(TOMLError) {
        guard current == UInt8(ascii: "#") else { return }
        while let byte = current, byte != 0x0A {
            if byte == 0x0D, peek(1) == 0x0A { return }
            if byte < 0x20 && byte != 0x09 || byte == 0x7F { throw fail("a control character in a comment") }
            position += 1
        }
    }

    /// The rest of a line after a value or a header: blanks, perhaps a comment, then its end.
    mutating func finishLine() throws(TOMLError) {
        skipBlanks()
        try skipComment()
        if atEnd { return }
        guard try takeNewline() else { throw fail("expected the end of the line, found '\(describe(current))'") }
    }

    /// Blanks, comments and line ends (inside an array).
    mutating func skipBlanksCommentsAndNewlines() throws(TOMLError) {
        while true {
            skipBlanks()
            try skipComment()
            guard try takeNewline() else { return }
        }
    }

    // MARK: Keys

    /// A key, dotted or not (`a`, `"a b".c`, `'x'`), with where each part is.
    mutating func key() throws(TOMLError) -> [(name: String, range: Range<Int>)] {
        var parts: [(String, Range<Int>)] = []
        while true {
            skipBlanks()
            let start = position
            let name: String
            switch current {
            case UInt8(ascii: "\""):
                guard peek(1) != UInt8(ascii: "\"") || peek(2) != UInt8(ascii: "\"") else {
                    throw fail("a key cannot be a multi-line string")
                }
                name = try basicString()
            case UInt8(ascii: "'"):
                guard peek(1) != UInt8(ascii: "'") || peek(2) != UInt8(ascii: "'") else {
                    throw fail("a key cannot be a multi-line string")
                }
                name = try literalString()
            case let byte? where Self.isBareKey(byte):
                while let byte = current, Self.isBareKey(byte) { position += 1 }
                name = String(decoding: bytes[start..<position], as: UTF8.self)
            default:
                throw fail("expected a key, found '\(describe(current))'")
            }
            parts.append((name, start..<position))
            skipBlanks()
            guard current == UInt8(ascii: ".") else { return parts }
            position += 1
        }
    }

    static func isBareKey(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "-"):
            return true
        default: return false
        }
    }

    func describe(_ byte: UInt8?) -> String {
        guard let byte else { return "the end of the file" }
        switch byte {
        case 0x0A: return "\\n"
        case 0x0D: return "\\r"
        case 0x09: return "\\t"
        case 0x20..<0x7F: return String(UnicodeScalar(byte))
        default: return "byte 0x" + String(byte, radix: 16)
        }
    }
}

/// Why a TOML text does not read, at a byte offset of it.
struct TOMLError: Error {
    var message: String
    var offset: Int
}
