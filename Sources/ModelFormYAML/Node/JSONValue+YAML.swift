import ModelForm

extension JSONValue {
    /// A value from a parsed JSON (or YAML) document: plain scalars `null`, `true`, `false`
    /// and numbers are those; anything quoted is a string.
    public init(_ node: YAMLNode) {
        switch node.kind {
        case .sequence(let items): self = .array(items.map(JSONValue.init))
        case .mapping(let pairs): self = .object(JSONObject(pairs.map { ($0.key.string ?? "", JSONValue($0.value)) }))
        case .scalar(let scalar):
            guard !scalar.isQuoted else {
                self = .string(scalar.value)
                return
            }
            switch scalar.value {
            case "null", "~", "": self = .null
            case "true": self = .bool(true)
            case "false": self = .bool(false)
            default: self = JSONNumber(scalar.value).map(JSONValue.number) ?? .string(scalar.value)
            }
        }
    }
}

extension JSONParser.Document {
    /// A YAML document read as JSON, each value's `file:line:column` kept by pointer, so
    /// that a schema's errors about YAML data point into the YAML file.
    public init(yaml node: YAMLNode) {
        var marks: [String: SourceMark] = [:]
        func walk(_ node: YAMLNode, _ pointer: String) {
            marks[pointer] = node.mark
            switch node.kind {
            case .sequence(let items):
                for (index, item) in items.enumerated() { walk(item, pointer + "/" + String(index)) }
            case .mapping(let pairs):
                for pair in pairs { walk(pair.value, pointer + "/" + JSONParser.escape(pair.key.string ?? "")) }
            case .scalar: break
            }
        }
        walk(node, "")
        self.init(value: JSONValue(node), marks: marks)
    }
}

extension FormEnvironment {
    /// Reads what a person types into a `json` field (in the terminal editor, the browser,
    /// `--set`) as YAML, and so JSON, which YAML includes: `{level: 3}` as well as
    /// `{"level": 3}`. Without it such a field reads JSON only.
    ///
    /// ```swift
    /// var environment = FormEnvironment()
    /// environment.readJSONFieldsAsYAML()
    /// ```
    public mutating func readJSONFieldsAsYAML() {
        parser.jsonText = .yaml
    }
}

extension JSONTextReader {
    /// Reads YAML text (and so JSON, which YAML includes) into free JSON.
    package static let yaml = JSONTextReader(name: "YAML or JSON") { text throws(DiagnosticList) in
        try JSONValue(YAMLParser.parseDocument(text, file: "input"))
    }
}

extension YAMLNode {
    /// The node YAML would parse a JSON document to, made from the JSON parser's reading:
    /// strings quoted, numbers as written, each node marked where its value starts (a key
    /// where its value does). libyaml cannot read every JSON text (it stops a key at 1,024
    /// characters), so a `.json` values file is read this way, within YAML's limits: the
    /// same size and the same nesting depth (``YAMLLimits``), with the same messages.
    package init(json text: String, file: String, limits: YAMLLimits = YAMLLimits()) throws(DiagnosticList) {
        let start = SourceMark(file: file, line: 1, column: 1)
        try limits.checkSize(text.utf8.count, file: file)
        let document = try JSONParser.parse(text, file: file)
        var reading = JSONReading(marks: document.marksInOrder() ?? [], maxDepth: limits.maxDepth)
        let node = reading.node(document.value, inherited: start, depth: 0)
        if let tooDeep = reading.tooDeep {
            throw DiagnosticList([Diagnostic("nesting is deeper than \(limits.maxDepth) levels", at: tooDeep)])
        }
        self = node
    }
}

/// One JSON document's walk into YAML nodes, in the order its values start (the order of
/// the parse's marks).
private struct JSONReading {
    /// Each value's mark, in the order values start.
    let marks: [SourceMark]
    let maxDepth: Int
    /// The next value's place in ``marks``.
    var next = 0
    /// Where the first array or object deeper than the limit starts.
    var tooDeep: SourceMark?

    mutating func node(_ value: JSONValue, inherited: SourceMark, depth: Int) -> YAMLNode {
        let mark = marks.indices.contains(next) ? marks[next] : inherited
        next += 1
        switch value {
        case .object, .array:
            guard depth < maxDepth else {
                tooDeep = tooDeep ?? mark
                next += Self.count(value) - 1  // the values inside it are not read
                return YAMLNode(.scalar(YAMLScalar("null")), mark: mark)
            }
        default: break
        }
        switch value {
        case .object(let object):
            var pairs: [YAMLPair] = []
            pairs.reserveCapacity(object.count)
            for (key, child) in object.pairs {
                let childNode = node(child, inherited: mark, depth: depth + 1)
                pairs.append(
                    YAMLPair(
                        key: YAMLNode(.scalar(YAMLScalar(key, style: .doubleQuoted)), mark: childNode.mark),
                        value: childNode))
            }
            return YAMLNode(.mapping(pairs), mark: mark)
        case .array(let items):
            var nodes: [YAMLNode] = []
            nodes.reserveCapacity(items.count)
            for item in items { nodes.append(node(item, inherited: mark, depth: depth + 1)) }
            return YAMLNode(.sequence(nodes), mark: mark)
        case .string(let text): return YAMLNode(.scalar(YAMLScalar(text, style: .doubleQuoted)), mark: mark)
        case .number(let number): return YAMLNode(.scalar(YAMLScalar(number.text)), mark: mark)
        case .bool(let flag): return YAMLNode(.scalar(YAMLScalar(flag ? "true" : "false")), mark: mark)
        case .null: return YAMLNode(.scalar(YAMLScalar("null")), mark: mark)
        }
    }

    /// The values `value` holds, itself included.
    private static func count(_ value: JSONValue) -> Int {
        switch value {
        case .object(let object): 1 + object.pairs.reduce(0) { $0 + count($1.value) }
        case .array(let items): 1 + items.reduce(0) { $0 + count($1) }
        default: 1
        }
    }
}
