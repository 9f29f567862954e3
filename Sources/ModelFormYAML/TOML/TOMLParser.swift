import ModelForm

/// Reads a TOML 1.0 document into the nodes a values file reads, with each value's
/// `file:line:column`; the tables it reads keep, for the splicer, the bytes of every value,
/// key/value line and section. Every rule of the format is checked: a key or a table
/// defined twice, a dotted key or a header that redefines a table, an inline table added to,
/// an invalid date, an integer out of range. Nesting deeper than the limit and a text larger
/// than it are refused, as YAML's are.
enum TOMLReader {
    /// The document's root table.
    static func parse(_ text: String, file: String, limits: YAMLLimits = YAMLLimits()) throws(DiagnosticList)
        -> TOMLTable
    {
        let bytes = Array(text.utf8)
        try limits.checkSize(bytes.count, file: file)
        var parse = TOMLParse(bytes, maxDepth: limits.maxDepth)
        do throws(TOMLError) {
            try parse.run()
        } catch {
            let mark = LineIndex(bytes).mark(error.offset, file: file)
            throw DiagnosticList([Diagnostic(error.message, at: mark)], sources: [file: text])
        }
        return parse.root
    }

    /// The document as a values file reads it.
    static func parseDocument(_ text: String, file: String, limits: YAMLLimits = YAMLLimits())
        throws(DiagnosticList) -> YAMLNode
    {
        let root = try parse(text, file: file, limits: limits)
        return root.node(file: file, lines: LineIndex(Array(text.utf8)))
    }
}

/// One reading of a TOML text, line by line.
private struct TOMLParse {
    var scanner: TOMLScanner
    let root: TOMLTable
    let maxDepth: Int
    /// The table key/value lines go into: the last header's (the root before any).
    var current: TOMLTable

    init(_ bytes: [UInt8], maxDepth: Int) {
        scanner = TOMLScanner(bytes)
        root = TOMLTable(origin: .header, offset: 0, depth: 0)
        current = root
        self.maxDepth = maxDepth
    }

    mutating func run() throws(TOMLError) {
        // A byte order mark is not part of the document.
        if scanner.bytes.starts(with: [0xEF, 0xBB, 0xBF]) { scanner.position = 3 }
        var sectionStart = scanner.position
        while !scanner.atEnd {
            let lineStart = scanner.position
            scanner.skipBlanks()
            switch scanner.current {
            case nil:
                break
            case UInt8(ascii: "#"):
                try scanner.finishLine()
            case 0x0A, 0x0D:
                _ = try scanner.takeNewline()
            case UInt8(ascii: "["):
                current.section = sectionStart..<lineStart
                try header()
                current.headerLine = lineStart
                sectionStart = scanner.position
            default:
                let (key, dotted) = try keyValue(into: current)
                try scanner.finishLine()
                current.lines.append((key, lineStart..<scanner.position))
                for (table, child, prefix) in dotted {
                    table.lines.append((child, lineStart..<scanner.position))
                    table.keyPrefix = prefix
                }
            }
        }
        current.section = sectionStart..<scanner.bytes.count
    }

    // MARK: Headers

    /// `[a.b]` or `[[a.b]]`, to the end of its line: the table key/value lines go into next.
    private mutating func header() throws(TOMLError) {
        let start = scanner.position
        let isArray = scanner.peek(1) == UInt8(ascii: "[")
        scanner.position += isArray ? 2 : 1
        let parts = try scanner.key()
        guard parts.count <= maxDepth else {
            throw scanner.fail("nesting is deeper than \(maxDepth) levels", at: start)
        }
        for _ in 0..<(isArray ? 2 : 1) {
            guard scanner.current == UInt8(ascii: "]") else {
                throw scanner.fail("expected '\(isArray ? "]]" : "]")' to close the table's name")
            }
            scanner.position += 1
        }
        try scanner.finishLine()
        var target = root
        for (index, part) in parts.dropLast().enumerated() {
            switch target.entries[part.name] {
            case nil:
                let table = TOMLTable(origin: .implicit, offset: part.range.lowerBound, depth: index + 1)
                target.insert(part.name, .table(table, range: nil))
                target = table
            case .table(let table, _) where table.origin != .inline:
                target = table
            case .tables(let tables, _):
                target = tables[tables.count - 1]
            default:
                throw scanner.fail("'\(Self.dotted(parts[...index]))' is not a table", at: part.range.lowerBound)
            }
        }
        let name = parts[parts.count - 1]
        let path = Self.dotted(parts[...])
        let table = TOMLTable(origin: .header, offset: start, depth: parts.count)
        switch (target.entries[name.name], isArray) {
        case (nil, true):
            target.insert(name.name, .tables([table], offset: start))
        case (.tables(let tables, let offset), true):
            target.entries[name.name] = .tables(tables + [table], offset: offset)
        case (nil, false):
            target.insert(name.name, .table(table, range: nil))
        case (.table(let existing, _), false) where existing.origin == .implicit:
            existing.origin = .header
            existing.offset = start
            current = existing
            return
        case (.table, false):
            throw scanner.fail("the table '\(path)' is defined twice", at: start)
        case (.some, true):
            throw scanner.fail("'\(path)' is already defined, not as an array of tables", at: start)
        case (.some, false):
            throw scanner.fail("'\(path)' is already defined, not as a table", at: start)
        }
        current = table
    }

    private static func dotted(_ parts: ArraySlice<(name: String, range: Range<Int>)>) -> String {
        parts.map(\.name).joined(separator: ".")
    }

    // MARK: Key/value pairs

    /// `key = value` into `table` (a dotted key through the tables it names); its first key,
    /// and each table the dotted key goes through with its key there and the key's text
    /// before that (`fruit.` of `fruit.color`).
    private mutating func keyValue(into table: TOMLTable) throws(TOMLError) -> (
        key: String, dotted: [(TOMLTable, String, String)]
    ) {
        let parts = try scanner.key()
        guard table.depth + parts.count <= maxDepth else {
            throw scanner.fail("nesting is deeper than \(maxDepth) levels", at: parts[0].range.lowerBound)
        }
        guard scanner.current == UInt8(ascii: "=") else {
            throw scanner.fail("expected '=' after the key '\(Self.dotted(parts[...]))'")
        }
        scanner.position += 1
        scanner.skipBlanks()
        let value = try self.value(depth: table.depth + parts.count)
        var target = table
        var dotted: [(TOMLTable, String, String)] = []
        for (index, part) in parts.dropLast().enumerated() {
            switch target.entries[part.name] {
            case nil:
                let made = TOMLTable(origin: .dotted, offset: part.range.lowerBound, depth: target.depth + 1)
                target.insert(part.name, .table(made, range: nil))
                target = made
            case .table(let existing, _) where existing.origin == .dotted:
                target = existing
            default:
                throw scanner.fail(
                    "'\(Self.dotted(parts[...index]))' is already defined: a dotted key cannot add to it",
                    at: part.range.lowerBound)
            }
            let next = parts[index + 1]
            let prefix = scanner.bytes[parts[0].range.lowerBound..<next.range.lowerBound]
            dotted.append((target, next.name, String(decoding: prefix, as: UTF8.self)))
        }
        let name = parts[parts.count - 1]
        guard target.entries[name.name] == nil else {
            throw scanner.fail("the key '\(Self.dotted(parts[...]))' is defined twice", at: name.range.lowerBound)
        }
        target.insert(name.name, value)
        return (parts[0].name, dotted)
    }

    // MARK: Values

    private mutating func value(depth: Int) throws(TOMLError) -> TOMLEntry {
        guard depth <= maxDepth else { throw scanner.fail("nesting is deeper than \(maxDepth) levels") }
        let start = scanner.position
        let quote = scanner.current
        if quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") {
            let literal = quote == UInt8(ascii: "'")
            let multiline = scanner.peek(1) == quote && scanner.peek(2) == quote
            let text =
                multiline
                ? try scanner.multilineString(literal: literal)
                : literal ? try scanner.literalString() : try scanner.basicString()
            let kind: TOMLScalarKind =
                switch (literal, multiline) {
                case (false, false): .basicString
                case (true, false): .literalString
                case (false, true): .multilineBasicString
                case (true, true): .multilineLiteralString
                }
            return .scalar(text: text, kind: kind, range: start..<scanner.position)
        }
        if quote == UInt8(ascii: "[") { return try array(depth: depth) }
        if quote == UInt8(ascii: "{") { return try inlineTable(depth: depth) }
        let (text, kind) = try scanner.bareScalar()
        return .scalar(text: text, kind: kind, range: start..<scanner.position)
    }

    private mutating func array(depth: Int) throws(TOMLError) -> TOMLEntry {
        let start = scanner.position
        scanner.position += 1
        var items: [TOMLEntry] = []
        while true {
            try scanner.skipBlanksCommentsAndNewlines()
            if scanner.current == UInt8(ascii: "]") { break }
            items.append(try value(depth: depth + 1))
            try scanner.skipBlanksCommentsAndNewlines()
            if scanner.current == UInt8(ascii: ",") {
                scanner.position += 1
                continue
            }
            guard scanner.current == UInt8(ascii: "]") else {
                throw scanner.fail("expected ',' or ']' in an array, found '\(scanner.describe(scanner.current))'")
            }
            break
        }
        scanner.position += 1
        return .array(items, range: start..<scanner.position)
    }

    private mutating func inlineTable(depth: Int) throws(TOMLError) -> TOMLEntry {
        let start = scanner.position
        scanner.position += 1
        let table = TOMLTable(origin: .inline, offset: start, depth: depth)
        scanner.skipBlanks()
        if scanner.current == UInt8(ascii: "}") {
            scanner.position += 1
            return .table(table, range: start..<scanner.position)
        }
        while true {
            scanner.skipBlanks()
            _ = try keyValue(into: table)
            scanner.skipBlanks()
            if scanner.current == UInt8(ascii: ",") {
                scanner.position += 1
                continue
            }
            guard scanner.current == UInt8(ascii: "}") else {
                throw scanner.fail(
                    "expected ',' or '}' in an inline table (which is one line), found '\(scanner.describe(scanner.current))'"
                )
            }
            scanner.position += 1
            break
        }
        Self.freeze(table)
        return .table(table, range: start..<scanner.position)
    }

    /// An inline table and the tables its dotted keys made: nothing may be added to them.
    private static func freeze(_ table: TOMLTable) {
        table.origin = .inline
        for case .table(let inner, _) in table.entries.values where inner.origin == .dotted { freeze(inner) }
    }
}
