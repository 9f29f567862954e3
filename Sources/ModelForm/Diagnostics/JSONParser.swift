/// Reads JSON text (RFC 8259) into a ``JSONValue``: object members in order, numbers as
/// written, `\u` escapes with surrogate pairs, and the line and column of every value by
/// its JSON pointer, so an importer can say where a schema says something it cannot take.
/// Errors name `file:line:column`. Nesting is limited to 512 levels.
///
/// Where each value starts, and the values read:
///
/// ```swift
/// let text = "{\n  \"name\": \"Ada\",\n  \"tags\": [1, 2]\n}"
/// let document: JSONParser.Document = try JSONParser.parse(text, file: "guest.json")
/// let mark: SourceMark? = document.mark("/tags/1")  // guest.json:3:15
/// let column = mark?.column  // 15
/// let names = document.value.object?.pairs.map(\.key)  // ["name", "tags"]
/// let second = document.value["tags"]?.array?[1].number?.double  // 2.0
/// ```
public struct JSONParser: Sendable {
    /// A parsed document: the value and where each value starts, by JSON pointer (`""` is
    /// the root, `/properties/name` a member).
    public struct Document: Sendable {
        /// The value.
        public var value: JSONValue
        /// Where each value starts: a parse's offsets (made marks when asked), or marks by
        /// JSON pointer (a document read some other way: YAML, schemas bundled).
        private let locations: Locations

        private enum Locations: Sendable {
            case parsed(JSONLocations)
            case table([String: SourceMark])
        }

        /// A document whose values start at `marks`, by JSON pointer (none: a value read
        /// some other way).
        package init(value: JSONValue, marks: [String: SourceMark] = [:]) {
            self.value = value
            locations = .table(marks)
        }

        init(value: JSONValue, locations: JSONLocations) {
            self.value = value
            self.locations = .parsed(locations)
        }

        /// Where each value starts, by JSON pointer (all of them: for one, ``mark(_:)`` or
        /// ``exactMark(_:)`` costs less).
        package var marks: [String: SourceMark] {
            switch locations {
            case .parsed(let parsed): parsed.allMarks()
            case .table(let marks): marks
            }
        }

        /// Where the value at `pointer` starts (the nearest enclosing value's start when
        /// that pointer has no value of its own).
        public func mark(_ pointer: String) -> SourceMark? {
            switch locations {
            case .parsed(let parsed): return parsed.mark(pointer, nearest: true)
            case .table(let marks):
                var pointer = pointer
                while true {
                    if let mark = marks[pointer] { return mark }
                    guard let slash = pointer.lastIndex(of: "/") else { return nil }
                    pointer = String(pointer[..<slash])
                }
            }
        }

        /// Where the value at `pointer` starts, `nil` when the pointer names no value.
        package func exactMark(_ pointer: String) -> SourceMark? {
            switch locations {
            case .parsed(let parsed): parsed.mark(pointer, nearest: false)
            case .table(let marks): marks[pointer]
            }
        }

        /// Every value's mark in the order values start (the value tree's preorder), for a
        /// walk over all of them; `nil` for a document not parsed from text.
        package func marksInOrder() -> [SourceMark]? {
            guard case .parsed(let parsed) = locations else { return nil }
            return parsed.marksInOrder()
        }
    }

    static let maximumDepth = 512
    private let bytes: [UInt8]
    private let file: String
    private var position = 0
    private var line = 1
    private var lineStart = 0
    /// Each value's line and column, and its subtree's size, in preorder.
    private var places: [(line: Int32, column: Int32)] = []
    private var sizes: [Int] = []
    /// The last value's place and column on its line: the next on the same line counts
    /// scalars from there, so a long line (minified JSON) costs its length once, not once
    /// per value on it.
    private var counted = (position: 0, column: 1)

    private init(_ text: String, file: String) {
        bytes = Array(text.utf8)
        self.file = file
    }

    /// Parses a whole document.
    public static func parse(_ text: String, file: String) throws(DiagnosticList) -> Document {
        var parser = JSONParser(text, file: file)
        parser.skipSpace()
        let value = try parser.value(depth: 0)
        parser.skipSpace()
        guard parser.position == parser.bytes.count else {
            throw parser.failure("unexpected text after the JSON value")
        }
        let locations = JSONLocations(file: file, root: value, places: parser.places, sizes: parser.sizes)
        return Document(value: value, locations: locations)
    }

    private func failure(_ message: String) -> DiagnosticList {
        let column = String(decoding: bytes[lineStart..<position], as: UTF8.self).count + 1
        return DiagnosticList(
            [Diagnostic(message, at: SourceMark(file: file, line: line, column: column))],
            sources: [file: String(decoding: bytes, as: UTF8.self)])
    }

    private mutating func skipSpace() {
        while position < bytes.count {
            switch bytes[position] {
            case 0x20, 0x09, 0x0D: position += 1
            case 0x0A:
                position += 1
                line += 1
                lineStart = position
            default: return
            }
        }
    }

    private mutating func value(depth: Int) throws(DiagnosticList) -> JSONValue {
        guard depth < Self.maximumDepth else { throw failure("JSON nests deeper than \(Self.maximumDepth) levels") }
        guard position < bytes.count else { throw failure("the JSON ends where a value was expected") }
        if counted.position < lineStart || counted.position > position { counted = (lineStart, 1) }
        for index in counted.position..<position where bytes[index] & 0xC0 != 0x80 { counted.column += 1 }
        counted.position = position
        let index = places.count
        places.append((Int32(clamping: line), Int32(clamping: counted.column)))
        sizes.append(1)
        let value = try valueHere(depth: depth)
        sizes[index] = places.count - index
        return value
    }

    /// The value at `position`, its start recorded.
    private mutating func valueHere(depth: Int) throws(DiagnosticList) -> JSONValue {
        switch bytes[position] {
        case UInt8(ascii: "{"):
            position += 1
            var object = JSONObject()
            skipSpace()
            if position < bytes.count, bytes[position] == UInt8(ascii: "}") {
                position += 1
                return .object(object)
            }
            while true {
                skipSpace()
                guard position < bytes.count, bytes[position] == UInt8(ascii: "\"") else {
                    throw failure("expected a member name in double quotes")
                }
                let key = try string()
                if object[key] != nil { throw failure("the member '\(key)' appears twice") }
                skipSpace()
                guard position < bytes.count, bytes[position] == UInt8(ascii: ":") else {
                    throw failure("expected ':' after a member name")
                }
                position += 1
                skipSpace()
                object[key] = try value(depth: depth + 1)
                skipSpace()
                guard position < bytes.count else { throw failure("the JSON ends inside an object") }
                if bytes[position] == UInt8(ascii: ",") {
                    position += 1
                    continue
                }
                guard bytes[position] == UInt8(ascii: "}") else { throw failure("expected ',' or '}' in an object") }
                position += 1
                return .object(object)
            }
        case UInt8(ascii: "["):
            position += 1
            var items: [JSONValue] = []
            skipSpace()
            if position < bytes.count, bytes[position] == UInt8(ascii: "]") {
                position += 1
                return .array(items)
            }
            while true {
                skipSpace()
                items.append(try value(depth: depth + 1))
                skipSpace()
                guard position < bytes.count else { throw failure("the JSON ends inside an array") }
                if bytes[position] == UInt8(ascii: ",") {
                    position += 1
                    continue
                }
                guard bytes[position] == UInt8(ascii: "]") else { throw failure("expected ',' or ']' in an array") }
                position += 1
                return .array(items)
            }
        case UInt8(ascii: "\""): return .string(try string())
        default:
            let start = position
            while position < bytes.count, !Self.isDelimiter(bytes[position]) { position += 1 }
            let word = String(decoding: bytes[start..<position], as: UTF8.self)
            switch word {
            case "null": return .null
            case "true": return .bool(true)
            case "false": return .bool(false)
            default:
                guard let number = JSONNumber(word) else {
                    position = start
                    throw failure(word.isEmpty ? "unexpected character" : "'\(word.prefix(40))' is not a JSON value")
                }
                return .number(number)
            }
        }
    }

    private static func isDelimiter(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D || byte == UInt8(ascii: ",")
            || byte == UInt8(ascii: "]") || byte == UInt8(ascii: "}")
            || byte == UInt8(ascii: ":")
    }

    private mutating func string() throws(DiagnosticList) -> String {
        position += 1
        // Most strings hold no escape: made from their bytes at once.
        let start = position
        while position < bytes.count, bytes[position] != UInt8(ascii: "\""), bytes[position] != UInt8(ascii: "\\"),
            bytes[position] >= 0x20
        {
            position += 1
        }
        if position < bytes.count, bytes[position] == UInt8(ascii: "\"") {
            position += 1
            return String(decoding: bytes[start..<position - 1], as: UTF8.self)
        }
        // With escapes: the string's UTF-8 gathered in one growing buffer (appending to a
        // string's scalars reallocated it at each escape: quadratic in a long description).
        var utf8: [UInt8] = []
        var run = start
        func flush(_ end: Int) { utf8.append(contentsOf: bytes[run..<end]) }
        func append(_ scalar: Unicode.Scalar) { UTF8.encode(scalar) { utf8.append($0) } }
        while position < bytes.count {
            let byte = bytes[position]
            if byte == UInt8(ascii: "\"") {
                flush(position)
                position += 1
                return String(decoding: utf8, as: UTF8.self)
            }
            if byte < 0x20 { throw failure("a control character inside a string (escape it)") }
            guard byte == UInt8(ascii: "\\") else {
                position += 1
                continue
            }
            flush(position)
            position += 1
            guard position < bytes.count else { break }
            let escape = bytes[position]
            position += 1
            switch escape {
            case UInt8(ascii: "\""): append("\"")
            case UInt8(ascii: "\\"): append("\\")
            case UInt8(ascii: "/"): append("/")
            case UInt8(ascii: "b"): append("\u{08}")
            case UInt8(ascii: "f"): append("\u{0C}")
            case UInt8(ascii: "n"): append("\n")
            case UInt8(ascii: "r"): append("\r")
            case UInt8(ascii: "t"): append("\t")
            case UInt8(ascii: "u"):
                let start = position - 2
                var code = try hex4()
                // A high surrogate must be followed by a low one; the pair is one character.
                // A surrogate alone is no character, and no string can hold it: an error at
                // its place (every reader of the file refuses it, so every command agrees).
                if (0xD800...0xDBFF).contains(code), position + 5 < bytes.count, bytes[position] == UInt8(ascii: "\\"),
                    bytes[position + 1] == UInt8(ascii: "u")
                {
                    let next = position
                    position += 2
                    let low = try hex4()
                    if (0xDC00...0xDFFF).contains(low) {
                        code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                    } else {
                        position = next
                    }
                }
                guard let scalar = Unicode.Scalar(code) else {
                    position = start
                    throw failure(
                        "'\\u\(String(code, radix: 16, uppercase: false))' is half of a surrogate pair, not a character"
                    )
                }
                append(scalar)
            default:
                throw failure("an unknown escape in a string")
            }
            run = position
        }
        throw failure("the JSON ends inside a string")
    }

    private mutating func hex4() throws(DiagnosticList) -> UInt32 {
        // Four hexadecimal digits exactly: no sign (`\u+041`), no spaces.
        guard position + 4 <= bytes.count,
            bytes[position..<position + 4].allSatisfy({ Character(Unicode.Scalar($0)).isHexDigit }),
            let code = UInt32(String(decoding: bytes[position..<position + 4], as: UTF8.self), radix: 16)
        else {
            throw failure("'\\u' must be followed by four hexadecimal digits")
        }
        position += 4
        return code
    }

    /// A JSON pointer token: `~` as `~0`, `/` as `~1`.
    package static func escape(_ key: String) -> String {
        guard key.utf8.contains(where: { $0 == UInt8(ascii: "~") || $0 == UInt8(ascii: "/") }) else { return key }
        return key.replacingOccurrences(of: "~", with: "~0").replacingOccurrences(of: "/", with: "~1")
    }
}
