import ModelForm

/// A TOML table as read: its entries in the file's order, how it came to be (which decides
/// what may still be added to it), and for the splicer where its key/value lines are.
final class TOMLTable {
    /// How a table was made: a `[header]` defines it once; a header's prefix, or a dotted
    /// key, makes it on the way (`[a.b]` makes `a`; `a.b = 1` makes `a`); an inline table
    /// is whole as written.
    enum Origin { case header, implicit, dotted, inline }

    var origin: Origin
    var offset: Int
    /// How deep in the document it is (the root is 0).
    let depth: Int
    var keys: [String] = []
    var entries: [String: TOMLEntry] = [:]
    /// The table's own section, when it has one: the bytes after its header (or the file's
    /// start, for the root) up to the next header.
    var section: Range<Int>?
    /// Where its header's line starts (indentation included).
    var headerLine: Int?
    /// Each key/value line directly in the section: the bytes from the line's start through
    /// its line end, and the line's first key. A dotted key's table has the lines that write
    /// its keys (`fruit.color = ...` is `fruit`'s line of `color`).
    var lines: [(key: String, range: Range<Int>)] = []
    /// A dotted key's table: its key as its last line writes it before its own keys (`fruit.`).
    var keyPrefix = ""

    init(origin: Origin, offset: Int, depth: Int) {
        self.origin = origin
        self.offset = offset
        self.depth = depth
    }

    func insert(_ key: String, _ entry: TOMLEntry) {
        keys.append(key)
        entries[key] = entry
    }
}

/// What a key of a table holds.
enum TOMLEntry {
    case scalar(text: String, kind: TOMLScalarKind, range: Range<Int>)
    /// An inline array, `[...]`, with its bytes.
    case array([TOMLEntry], range: Range<Int>)
    /// A table: a header's, a dotted key's, an inline one.
    case table(TOMLTable, range: Range<Int>?)
    /// An array of tables, `[[name]]`.
    case tables([TOMLTable], offset: Int)

    /// Its bytes, where it has them as one run (not an array of tables, nor a table of a
    /// header or of dotted keys).
    var range: Range<Int>? {
        switch self {
        case .scalar(_, _, let range), .array(_, let range): range
        case .table(_, let range): range
        case .tables: nil
        }
    }

    var offset: Int {
        switch self {
        case .scalar(_, _, let range), .array(_, let range): return range.lowerBound
        case .table(let table, _): return table.offset
        case .tables(_, let offset): return offset
        }
    }
}

extension TOMLEntry {
    /// The entry as the nodes a values file reads: a table a mapping, an array (of tables
    /// too) a sequence; a string quoted, any other scalar plain; each with its place.
    func node(file: String, lines: LineIndex) -> YAMLNode {
        let mark = lines.mark(offset, file: file)
        switch self {
        case .scalar(let text, let kind, _):
            return YAMLNode(.scalar(YAMLScalar(text, style: kind.isString ? .doubleQuoted : .plain)), mark: mark)
        case .array(let items, _):
            return YAMLNode(.sequence(items.map { $0.node(file: file, lines: lines) }), mark: mark)
        case .table(let table, _):
            return table.node(file: file, lines: lines)
        case .tables(let tables, _):
            return YAMLNode(.sequence(tables.map { $0.node(file: file, lines: lines) }), mark: mark)
        }
    }
}

extension TOMLTable {
    func node(file: String, lines: LineIndex) -> YAMLNode {
        let pairs = keys.compactMap { key -> YAMLPair? in
            guard let entry = entries[key] else { return nil }
            let value = entry.node(file: file, lines: lines)
            return YAMLPair(
                key: YAMLNode(.scalar(YAMLScalar(key, style: .doubleQuoted)), mark: value.mark), value: value)
        }
        return YAMLNode(.mapping(pairs), mark: lines.mark(offset, file: file))
    }
}

/// Where each line of a text starts, to turn a byte offset into a 1-based line and column
/// (in characters).
struct LineIndex {
    let bytes: [UInt8]
    let starts: [Int]

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
        var starts = [0]
        for (index, byte) in bytes.enumerated() where byte == 0x0A { starts.append(index + 1) }
        self.starts = starts
    }

    func mark(_ offset: Int, file: String) -> SourceMark {
        var low = 0
        var high = starts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if starts[middle] <= offset { low = middle } else { high = middle - 1 }
        }
        let end = min(offset, bytes.count)
        let column = bytes[starts[low]..<max(starts[low], end)].reduce(1) { $0 + ($1 & 0xC0 == 0x80 ? 0 : 1) }
        return SourceMark(file: file, line: low + 1, column: column)
    }
}
