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

extension JSONTextReader {
    /// Reads YAML text (and so JSON, which YAML includes) into free JSON: what a person
    /// types into a `json` field in the terminal editor or the browser.
    ///
    /// ```swift
    /// var environment = FormEnvironment()
    /// environment.parser.jsonText = .yaml
    /// ```
    public static let yaml = JSONTextReader(name: "YAML or JSON") { text throws(DiagnosticList) in
        try JSONValue(YAMLParser.parseDocument(text, file: "input"))
    }
}
