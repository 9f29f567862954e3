internal import CYAML
import ModelForm

/// Parses YAML text with the system libyaml into ``YAMLNode`` trees, one per document.
///
/// Marks are 1-based; aliases are expanded (within ``YAMLLimits``) and merge keys applied;
/// duplicate keys, unknown aliases and libyaml's own errors become diagnostics.
///
/// ```swift
/// let documents = try YAMLParser.parse("RegistrationForm: {title: Join}", file: "config/forms.yaml")
/// let title = documents[0]["RegistrationForm"]?["title"]?.string  // "Join"
/// ```
public enum YAMLParser {
    /// Every document in `text`. Throws every diagnostic found.
    public static func parse(_ text: String, file: String, limits: YAMLLimits = YAMLLimits()) throws(DiagnosticList)
        -> [YAMLNode]
    {
        try limits.checkSize(text.utf8.count, file: file)
        // libyaml reads the string's own UTF-8 in place (no copy of the file: 2.7 MB of a
        // 100,000-line type definition).
        var source = text
        let result: Result<[YAMLNode], DiagnosticList> = source.withUTF8 { buffer in
            guard let base = buffer.baseAddress else { return .success([]) }
            var builder = TreeBuilder(file: file, limits: limits)
            return builder.run(base, count: buffer.count)
        }
        switch result {
        case .success(let documents): return documents
        case .failure(let list): throw DiagnosticList(list.diagnostics, sources: [file: text])
        }
    }

    /// The single document of `text` (an empty text is a null scalar).
    public static func parseDocument(_ text: String, file: String, limits: YAMLLimits = YAMLLimits())
        throws(DiagnosticList) -> YAMLNode
    {
        let documents = try parse(text, file: file, limits: limits)
        guard documents.count <= 1 else {
            throw DiagnosticList(
                [Diagnostic("expected one document, found \(documents.count)", at: documents[1].mark)],
                sources: [file: text])
        }
        return documents.first ?? YAMLNode(.scalar(YAMLScalar("")), mark: SourceMark(file: file, line: 1, column: 1))
    }
}

/// Builds trees from libyaml's events.
private struct TreeBuilder {
    /// An open sequence or mapping; changed in place on the stack, so adding an item
    /// never copies the items before it.
    struct Frame {
        var isMapping: Bool
        var items: [YAMLNode] = []
        var pairs: [YAMLPair] = []
        var pendingKey: YAMLNode?
        /// Where each key (a string other than `<<`) is among `pairs`: a duplicate is found
        /// without a dictionary of every key (6.3 MB at 100,000 keys).
        var keys = KeyPositions()
        let mark: SourceMark
        let anchor: String?
    }

    let file: String
    let limits: YAMLLimits
    var stack: [Frame] = []
    var documents: [YAMLNode] = []
    var root: YAMLNode?
    var anchors: [String: (node: YAMLNode, size: Int, bytes: Int)] = [:]
    var expanded = 0
    /// The input's bytes plus the scalar bytes aliases have added: what the document costs
    /// once expanded, held to the file limit like the file itself.
    var expandedBytes = 0
    var diagnostics: [Diagnostic] = []

    init(file: String, limits: YAMLLimits) {
        self.file = file
        self.limits = limits
    }

    func mark(_ mark: yaml_mark_t) -> SourceMark {
        SourceMark(file: file, line: Int(mark.line) + 1, column: Int(mark.column) + 1)
    }

    mutating func run(_ input: UnsafePointer<UInt8>, count: Int) -> Result<[YAMLNode], DiagnosticList> {
        var parser = yaml_parser_t()
        guard yaml_parser_initialize(&parser) == 1 else {
            return .failure(
                DiagnosticList([Diagnostic("libyaml could not start", at: SourceMark(file: file, line: 1, column: 1))]))
        }
        defer { yaml_parser_delete(&parser) }
        expandedBytes = count
        yaml_parser_set_input_string(&parser, input, count)
        while true {
            var event = yaml_event_t()
            guard yaml_parser_parse(&parser, &event) == 1 else {
                diagnostics.append(parserError(parser, input: UnsafeBufferPointer(start: input, count: count)))
                break
            }
            let done = event.type == YAML_STREAM_END_EVENT
            let keepGoing = handle(event)
            yaml_event_delete(&event)
            if done || !keepGoing { break }
        }
        return diagnostics.isEmpty ? .success(documents) : .failure(DiagnosticList(diagnostics))
    }

    func parserError(_ parser: yaml_parser_t, input: UnsafeBufferPointer<UInt8>) -> Diagnostic {
        var message = parser.problem.map { String(cString: $0) } ?? "invalid YAML"
        if let context = parser.context.map({ String(cString: $0) }) {
            message += " (\(context) at line \(parser.context_mark.line + 1), column \(parser.context_mark.column + 1))"
        }
        // A reader error (a byte that is not allowed) gives a byte offset, not a mark.
        if parser.error == YAML_READER_ERROR {
            return Diagnostic(message, at: mark(byteOffset: Int(parser.problem_offset), in: input))
        }
        return Diagnostic(message, at: mark(parser.problem_mark))
    }

    /// The line and column (in characters) of a byte offset.
    func mark(byteOffset: Int, in input: UnsafeBufferPointer<UInt8>) -> SourceMark {
        var line = 1
        var lineStart = 0
        let end = min(byteOffset, input.count)
        for index in 0..<end where input[index] == 0x0A {
            line += 1
            lineStart = index + 1
        }
        let column = String(decoding: UnsafeBufferPointer(rebasing: input[lineStart..<end]), as: UTF8.self).count + 1
        return SourceMark(file: file, line: line, column: column)
    }

    /// Handles one event; returns `false` to stop (a limit was exceeded).
    mutating func handle(_ event: yaml_event_t) -> Bool {
        let start = mark(event.start_mark)
        switch event.type {
        case YAML_DOCUMENT_START_EVENT:
            root = nil
            anchors = [:]
        case YAML_DOCUMENT_END_EVENT:
            documents.append(root ?? YAMLNode(.scalar(YAMLScalar("")), mark: start))
        case YAML_SCALAR_EVENT:
            let data = event.data.scalar
            let value = String(decoding: UnsafeBufferPointer(start: data.value, count: data.length), as: UTF8.self)
            let scalar = YAMLScalar(value, style: style(data.style), tag: data.tag.map { String(cString: $0) })
            return add(YAMLNode(.scalar(scalar), mark: start), anchor: data.anchor.map { String(cString: $0) })
        case YAML_ALIAS_EVENT:
            let name = String(cString: event.data.alias.anchor)
            guard let (node, size, bytes) = anchors[name] else {
                diagnostics.append(Diagnostic("unknown alias '*\(name)'", at: start))
                return add(YAMLNode(.scalar(YAMLScalar("")), mark: start), anchor: nil)
            }
            expanded += size
            guard expanded <= limits.maxAliasExpansion else {
                diagnostics.append(
                    Diagnostic(
                        "aliases expand to more than \(limits.maxAliasExpansion) nodes; refusing to continue", at: start
                    ))
                return false
            }
            expandedBytes += bytes
            guard expandedBytes <= limits.maxBytes else {
                diagnostics.append(
                    Diagnostic(
                        "aliases expand the document past \(limits.maxBytes) bytes, the limit of a file; refusing to continue",
                        at: start))
                return false
            }
            return add(node, anchor: nil)
        case YAML_SEQUENCE_START_EVENT:
            stack.append(
                Frame(
                    isMapping: false, mark: start, anchor: event.data.sequence_start.anchor.map { String(cString: $0) })
            )
            return checkDepth(start)
        case YAML_MAPPING_START_EVENT:
            stack.append(
                Frame(isMapping: true, mark: start, anchor: event.data.mapping_start.anchor.map { String(cString: $0) })
            )
            return checkDepth(start)
        case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT:
            guard let frame = stack.popLast() else { return true }
            if frame.isMapping {
                return add(YAMLNode(.mapping(merged(frame.pairs)), mark: frame.mark), anchor: frame.anchor)
            }
            return add(YAMLNode(.sequence(frame.items), mark: frame.mark), anchor: frame.anchor)
        default:
            break
        }
        return true
    }

    mutating func checkDepth(_ mark: SourceMark) -> Bool {
        guard stack.count > limits.maxDepth else { return true }
        diagnostics.append(Diagnostic("nesting is deeper than \(limits.maxDepth) levels", at: mark))
        return false
    }

    mutating func add(_ node: YAMLNode, anchor: String?) -> Bool {
        if let anchor { anchors[anchor] = (node, Self.size(node), Self.bytes(node)) }
        guard !stack.isEmpty else {
            root = node
            return true
        }
        let top = stack.count - 1
        guard stack[top].isMapping else {
            stack[top].items.append(node)
            return true
        }
        guard let key = stack[top].pendingKey else {
            stack[top].pendingKey = node
            return true
        }
        stack[top].pendingKey = nil
        // The table is moved out while it changes, so that reading the pairs does not overlap.
        var keys = stack[top].keys
        stack[top].keys = KeyPositions()
        defer { stack[top].keys = keys }
        let count = stack[top].pairs.count
        if let name = Self.indexedName(key),
            let first = keys.position(of: name, count: count, keyAt: { Self.indexedName(stack[top].pairs[$0].key) })
        {
            diagnostics.append(
                Diagnostic(
                    "duplicate key '\(name)' (first at line \(stack[top].pairs[first].key.mark.line))", at: key.mark))
            return true
        }
        stack[top].pairs.append(YAMLPair(key: key, value: node))
        keys.noteAppended(count: count + 1) { Self.indexedName(stack[top].pairs[$0].key) }
        return true
    }

    /// A mapping key's name when duplicates of it are refused: a string other than the merge
    /// key `<<`.
    static func indexedName(_ key: YAMLNode) -> String? {
        guard let name = key.string, name != "<<" else { return nil }
        return name
    }

    /// Applies merge keys: `<<: *base` or `<<: [*a, *b]` adds the entries whose keys the
    /// mapping does not set itself, at the merge key's place; earlier sources win.
    mutating func merged(_ pairs: [YAMLPair]) -> [YAMLPair] {
        guard pairs.contains(where: Self.isMergeKey) else { return pairs }
        var present = Set(pairs.filter { !Self.isMergeKey($0) }.compactMap(\.key.string))
        var result: [YAMLPair] = []
        for pair in pairs {
            guard Self.isMergeKey(pair) else {
                result.append(pair)
                continue
            }
            let sources = pair.value.sequence ?? [pair.value]
            for source in sources {
                guard let entries = source.mapping else {
                    diagnostics.append(
                        Diagnostic("the merge key '<<' needs a mapping or a sequence of mappings", at: source.mark))
                    continue
                }
                for entry in entries where !present.contains(entry.key.string ?? "") {
                    present.insert(entry.key.string ?? "")
                    result.append(entry)
                }
            }
        }
        return result
    }

    static func isMergeKey(_ pair: YAMLPair) -> Bool {
        pair.key.scalar == YAMLScalar("<<") || pair.key.scalar?.tag == "tag:yaml.org,2002:merge"
    }

    static func size(_ node: YAMLNode) -> Int {
        switch node.kind {
        case .scalar: return 1
        case .sequence(let items): return items.reduce(1) { $0 + size($1) }
        case .mapping(let pairs): return pairs.reduce(1) { $0 + size($1.key) + size($1.value) }
        }
    }

    /// The bytes of a node's scalars (keys included).
    static func bytes(_ node: YAMLNode) -> Int {
        switch node.kind {
        case .scalar(let scalar): return scalar.value.utf8.count
        case .sequence(let items): return items.reduce(0) { $0 + bytes($1) }
        case .mapping(let pairs): return pairs.reduce(0) { $0 + bytes($1.key) + bytes($1.value) }
        }
    }

    func style(_ style: yaml_scalar_style_t) -> YAMLScalar.Style {
        switch style {
        case YAML_SINGLE_QUOTED_SCALAR_STYLE: return .singleQuoted
        case YAML_DOUBLE_QUOTED_SCALAR_STYLE: return .doubleQuoted
        case YAML_LITERAL_SCALAR_STYLE: return .literal
        case YAML_FOLDED_SCALAR_STYLE: return .folded
        default: return .plain
        }
    }
}
