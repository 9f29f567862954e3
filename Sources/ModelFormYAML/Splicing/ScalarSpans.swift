internal import CYAML
import ModelForm

/// Where each scalar value of a one-document YAML text is, in bytes, by its path of keys
/// and indexes: what an edit that changes values but not the shape may replace, keeping
/// every other byte. Anchors are noted where they are defined and aliases where they are
/// used (an alias has no spans of its own: its value is its anchor's), a merge key's keys
/// (`<<: *base`) as aliases of `base`'s; a value's tag (`!Ref`) stays before its bytes. A
/// text with several documents or keys that are not plain strings (a tagged one too) has
/// no spans (`nil`):
/// such a file is rewritten whole.
struct ScalarSpans {
    /// One step of a path: a mapping's key or a sequence's index.
    enum Step: Hashable {
        case key(String)
        case index(Int)
    }

    /// A scalar's bytes in the text (`start..<end`) and how it was written.
    struct Span {
        var range: Range<Int>
        var style: YAMLScalar.Style
    }

    /// One entry of a block mapping: its key, the line and column (in characters) its key
    /// starts at, and the last line its value has content on (0-based lines).
    struct Entry {
        var key: String
        var keyLine: Int
        var keyColumn: Int
        var lastLine: Int
    }

    private(set) var spans: [[Step]: Span] = [:]
    /// Each mapping key's bytes, by the path of its value: what a rename replaces.
    private(set) var keys: [[Step]: Span] = [:]
    /// Each block mapping's entries, in the file's order, by the mapping's path (a flow
    /// mapping has none: its entries are not added or removed in place).
    private(set) var entries: [[Step]: [Entry]] = [:]
    /// Each block sequence's items, in order, by the sequence's path: the line and column
    /// its value starts at (after its dash), and the last line it has content on.
    private(set) var items: [[Step]: [(line: Int, column: Int, lastLine: Int)]] = [:]
    /// Each flow collection's bytes (`[a, b]`, `{a: 1}`, brackets included), by its path:
    /// what is written again in place when it gains or loses members.
    private(set) var flows: [[Step]: Range<Int>] = [:]
    /// Where each line starts, in bytes.
    let lineStarts: [Int]
    /// Each anchor's value: its path and its 0-based line.
    private(set) var anchors: [String: (path: [Step], line: Int)] = [:]
    /// Each alias, by the path where it is used: the anchor it names, the path of the
    /// anchor's value, and the alias's 0-based line and column.
    private(set) var aliases: [[Step]: Alias] = [:]

    /// Each tag the file writes (`!Ref`, `!!str`), in the file's order: the path of its
    /// value, the tag, and its 0-based line and column. Only an edit in place keeps them.
    private(set) var tags: [Tag] = []
    typealias Tag = (path: [Step], tag: String, line: Int, column: Int)

    struct Alias {
        var anchor: String
        var definition: [Step]
        var line: Int
        var column: Int
    }

    /// The spans of `text`, or `nil` when the text is not one simple document.
    init?(_ text: String) {
        let bytes = Array(text.utf8)
        let lineStarts = Self.lineStarts(bytes)
        self.lineStarts = lineStarts
        func offset(_ mark: yaml_mark_t) -> Int? {
            let line = Int(mark.line)
            guard line < lineStarts.count else { return nil }
            var index = lineStarts[line]
            var column = Int(mark.column)
            // Columns count characters: step over each character's UTF-8 bytes.
            while column > 0, index < bytes.count {
                index += 1
                while index < bytes.count, bytes[index] & 0xC0 == 0x80 { index += 1 }
                column -= 1
            }
            return column == 0 ? index : nil
        }
        var walk = SpanWalk(bytes: bytes)
        var input = bytes + [0]
        let ok = input.withUnsafeMutableBufferPointer { buffer -> Bool in
            var parser = yaml_parser_t()
            guard yaml_parser_initialize(&parser) == 1, let base = buffer.baseAddress else { return false }
            defer { yaml_parser_delete(&parser) }
            yaml_parser_set_input_string(&parser, base, bytes.count)
            while true {
                var event = yaml_event_t()
                guard yaml_parser_parse(&parser, &event) == 1 else { return false }
                defer { yaml_event_delete(&event) }
                if event.type == YAML_STREAM_END_EVENT { return true }
                guard walk.handle(event, offset: offset) else { return false }
            }
        }
        guard ok, walk.documents <= 1 else { return nil }
        spans = walk.spans
        entries = walk.entries
        keys = walk.keySpans
        items = walk.items
        flows = walk.flowSpans
        anchors = walk.anchors
        aliases = walk.aliases
        tags = walk.tags
        mergeAliases(walk.merges)
        mergeInlineSpans()
    }

    /// A merge key's keys from a mapping written after it (`<<: {country: UK}`): each key
    /// the merging mapping does not write itself has its scalars' spans where the merged
    /// mapping writes them, which is where a change to them goes.
    private mutating func mergeInlineSpans() {
        let merged = keys.keys.filter { $0.count >= 2 && $0[$0.count - 2] == .key("<<") }
        for path in merged {
            let mapping = Array(path.dropLast(2))
            guard let last = path.last, keys[mapping + [last]] == nil, aliases[mapping + [last]] == nil else {
                continue
            }
            for (inner, span) in spans where inner.starts(with: path) {
                spans[mapping + [last] + inner.dropFirst(path.count)] = span
            }
        }
    }

    /// A merge key's keys as aliases: in a mapping with `<<: *base`, each key of `base` the
    /// mapping does not write itself (earlier sources first) is the alias of that key's
    /// value in `base`, where it is written once (``ValuesSplice`` refuses it changed at one
    /// place only).
    private mutating func mergeAliases(_ merges: [(into: [Step], source: Alias)]) {
        let keyPaths: [[Step]] = Array(self.keys.keys)
        let keysByMapping = Dictionary(grouping: keyPaths.filter { !$0.isEmpty }) { Array($0.dropLast()) }
        func keysOf(_ mapping: [Step]) -> [String] {
            (keysByMapping[mapping] ?? []).compactMap { (path: [Step]) -> String? in
                if case .key(let key)? = path.last, key != "<<" { return key }
                return nil
            }
        }
        for (mapping, source) in merges {
            let own = Set(keysOf(mapping))
            for key in keysOf(source.definition) where !own.contains(key) && aliases[mapping + [.key(key)]] == nil {
                var alias = source
                alias.definition = source.definition + [.key(key)]
                aliases[mapping + [.key(key)]] = alias
            }
        }
    }

    subscript(path: [Step]) -> Span? { spans[path] }

    /// Where each line starts, after each line break libyaml counts: LF, CR LF, a lone CR,
    /// NEL (U+0085), LS (U+2028) and PS (U+2029).
    static func lineStarts(_ bytes: [UInt8]) -> [Int] {
        var starts = [0]
        var index = 0
        while index < bytes.count {
            switch bytes[index] {
            case 0x0A: starts.append(index + 1)
            case 0x0D:
                if index + 1 < bytes.count, bytes[index + 1] == 0x0A { index += 1 }
                starts.append(index + 1)
            case 0xC2 where index + 1 < bytes.count && bytes[index + 1] == 0x85:
                index += 1
                starts.append(index + 1)
            case 0xE2
            where index + 2 < bytes.count && bytes[index + 1] == 0x80
                && (bytes[index + 2] == 0xA8 || bytes[index + 2] == 0xA9):
                index += 2
                starts.append(index + 1)
            default: break
            }
            index += 1
        }
        return starts
    }
}

/// The event walk behind ``ScalarSpans``: a stack of open collections and the path to the
/// value being read.
private struct SpanWalk {
    enum Frame {
        case mapping(key: String?)
        case sequence(next: Int)
    }

    var stack: [Frame] = []
    var path: [ScalarSpans.Step] = []
    var spans: [[ScalarSpans.Step]: ScalarSpans.Span] = [:]
    var documents = 0
    var entries: [[ScalarSpans.Step]: [ScalarSpans.Entry]] = [:]
    /// Whether each open collection is written in flow style (`[...]`, `{...}`).
    var flows: [Bool] = []
    /// Where each open flow collection starts, in bytes.
    var flowStarts: [Int] = []
    var flowSpans: [[ScalarSpans.Step]: Range<Int>] = [:]
    /// The key being read in each open mapping, by the mapping's path: where it starts.
    var keyMarks: [[ScalarSpans.Step]: (line: Int, column: Int)] = [:]
    var keySpans: [[ScalarSpans.Step]: ScalarSpans.Span] = [:]
    /// The last line a scalar or a flow collection ended on.
    var lastContentLine = 0
    var items: [[ScalarSpans.Step]: [(line: Int, column: Int, lastLine: Int)]] = [:]
    /// Where the item being read in each open block sequence starts, by the sequence's path.
    var itemMarks: [[ScalarSpans.Step]: (line: Int, column: Int)] = [:]
    var anchors: [String: (path: [ScalarSpans.Step], line: Int)] = [:]
    var aliases: [[ScalarSpans.Step]: ScalarSpans.Alias] = [:]
    var tags: [ScalarSpans.Tag] = []
    /// Each merge key's source, by the path of the mapping it merges into, in order.
    var merges: [(into: [ScalarSpans.Step], source: ScalarSpans.Alias)] = []
    let bytes: [UInt8]

    init(bytes: [UInt8]) { self.bytes = bytes }

    /// Where a node's value starts: after its anchor (`&name`) and its tag (`!Ref`), in
    /// either order, and the blanks after them, at `start` (where libyaml's event starts,
    /// its properties included).
    func afterProperties(_ start: Int) -> Int {
        var index = start
        for _ in 0..<2 {
            guard index < bytes.count, bytes[index] == UInt8(ascii: "&") || bytes[index] == UInt8(ascii: "!") else {
                break
            }
            while index < bytes.count, ![0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
            while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
        }
        return index
    }

    static func name(_ pointer: UnsafeMutablePointer<yaml_char_t>?) -> String? {
        pointer.map { String(cString: UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self)) }
    }

    static func style(_ style: yaml_scalar_style_t) -> YAMLScalar.Style {
        switch style {
        case YAML_SINGLE_QUOTED_SCALAR_STYLE: .singleQuoted
        case YAML_DOUBLE_QUOTED_SCALAR_STYLE: .doubleQuoted
        case YAML_LITERAL_SCALAR_STYLE: .literal
        case YAML_FOLDED_SCALAR_STYLE: .folded
        default: .plain
        }
    }

    /// Notes where an item of the open sequence starts (a scalar's or a collection's first event).
    private mutating func itemStarts(at mark: yaml_mark_t) {
        guard case .sequence? = stack.last, items[path] != nil else { return }
        itemMarks[path] = (Int(mark.line), Int(mark.column))
    }

    /// Handles one event; `false` when the text is not simple enough to splice.
    mutating func handle(_ event: yaml_event_t, offset: (yaml_mark_t) -> Int?) -> Bool {
        switch event.type {
        case YAML_DOCUMENT_START_EVENT:
            documents += 1
            return true
        case YAML_ALIAS_EVENT:
            // An alias as a key is not spliced.
            guard !isAtKey, let anchor = Self.name(event.data.alias.anchor), let definition = anchors[anchor]
            else { return false }
            itemStarts(at: event.start_mark)
            lastContentLine = Int(event.end_mark.line)
            let use = currentPath()
            let alias = ScalarSpans.Alias(
                anchor: anchor, definition: definition.path, line: Int(event.start_mark.line),
                column: Int(event.start_mark.column))
            aliases[use] = alias
            // A merge key's source (`<<: *base`, `<<: [*a, *b]`), for the mapping it is in.
            if let merge = use.lastIndex(of: .key("<<")), merge >= use.count - 2 {
                merges.append((Array(use[..<merge]), alias))
            }
            finishValue()
            return true
        case YAML_SCALAR_EVENT:
            let data = event.data.scalar
            // A key with a tag is not spliced; a value's tag stays, before its bytes.
            if let tag = Self.name(data.tag) {
                guard !isAtKey else { return false }
                tags.append((currentPath(), tag, Int(event.start_mark.line), Int(event.start_mark.column)))
            }
            if let anchor = Self.name(data.anchor) {
                guard !isAtKey else { return false }
                anchors[anchor] = (currentPath(), Int(event.start_mark.line))
            }
            let value = String(decoding: UnsafeBufferPointer(start: data.value, count: data.length), as: UTF8.self)
            if case .mapping(key: nil)? = stack.last {
                stack[stack.count - 1] = .mapping(key: value)
                keyMarks[path] = (Int(event.start_mark.line), Int(event.start_mark.column))
                if let start = offset(event.start_mark), let end = offset(event.end_mark), start < end {
                    keySpans[path + [.key(value)]] = ScalarSpans.Span(range: start..<end, style: Self.style(data.style))
                }
                return true
            }
            itemStarts(at: event.start_mark)
            // A block scalar ends at the start of the line after it.
            let endLine = Int(event.end_mark.line)
            lastContentLine =
                event.end_mark.column == 0 && endLine > Int(event.start_mark.line) ? endLine - 1 : endLine
            guard let marked = offset(event.start_mark), let end = offset(event.end_mark), marked <= end else {
                return false
            }
            let start = min(afterProperties(marked), end)
            spans[currentPath()] = ScalarSpans.Span(range: start..<end, style: Self.style(data.style))
            finishValue()
            return true
        case YAML_MAPPING_START_EVENT, YAML_SEQUENCE_START_EVENT:
            let anchor =
                event.type == YAML_MAPPING_START_EVENT
                ? event.data.mapping_start.anchor : event.data.sequence_start.anchor
            // A collection as a key is not spliced.
            guard !isAtKey else { return false }
            itemStarts(at: event.start_mark)
            let tag =
                event.type == YAML_MAPPING_START_EVENT ? event.data.mapping_start.tag : event.data.sequence_start.tag
            if let tag = Self.name(tag) {
                tags.append((currentPath(), tag, Int(event.start_mark.line), Int(event.start_mark.column)))
            }
            path = currentPath()
            if let anchor = Self.name(anchor) { anchors[anchor] = (path, Int(event.start_mark.line)) }
            stack.append(event.type == YAML_MAPPING_START_EVENT ? .mapping(key: nil) : .sequence(next: 0))
            let flow =
                event.type == YAML_MAPPING_START_EVENT
                ? event.data.mapping_start.style == YAML_FLOW_MAPPING_STYLE
                : event.data.sequence_start.style == YAML_FLOW_SEQUENCE_STYLE
            flows.append(flow)
            if flow {
                guard let start = offset(event.start_mark) else { return false }
                flowStarts.append(afterProperties(start))
            }
            if !flow {
                if event.type == YAML_MAPPING_START_EVENT { entries[path] = [] } else { items[path] = [] }
            }
            return true
        case YAML_MAPPING_END_EVENT, YAML_SEQUENCE_END_EVENT:
            // A flow collection's last content is its closing bracket.
            if flows.popLast() == true {
                lastContentLine = Int(event.end_mark.line)
                guard let start = flowStarts.popLast(), let end = offset(event.end_mark), start < end else {
                    return false
                }
                flowSpans[path] = start..<end
            }
            stack.removeLast()
            if !path.isEmpty { path.removeLast() }
            finishValue()
            return true
        default:
            return true
        }
    }

    private var isAtKey: Bool {
        if case .mapping(key: nil)? = stack.last { return true }
        return false
    }

    /// The path of the value about to be read: the parents' path and this step.
    private func currentPath() -> [ScalarSpans.Step] {
        switch stack.last {
        case .mapping(let key?)?: return path + [.key(key)]
        case .sequence(let next)?: return path + [.index(next)]
        default: return path
        }
    }

    /// A value was read: the mapping waits for its next key, the sequence for its next item.
    private mutating func finishValue() {
        switch stack.last {
        case .mapping(let key?)?:
            if let mark = keyMarks[path], entries[path] != nil {
                entries[path]?.append(
                    ScalarSpans.Entry(key: key, keyLine: mark.line, keyColumn: mark.column, lastLine: lastContentLine))
            }
            stack[stack.count - 1] = .mapping(key: nil)
        case .mapping?: stack[stack.count - 1] = .mapping(key: nil)
        case .sequence(let next)?:
            if let mark = itemMarks[path], items[path] != nil {
                items[path]?.append((mark.line, mark.column, lastContentLine))
            }
            stack[stack.count - 1] = .sequence(next: next + 1)
        case nil: break
        }
    }
}
