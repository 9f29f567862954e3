import ModelForm

extension YAMLNode {
    /// The node a YAML file holding `value` parses to, made without the text: strings quoted
    /// (never read as a number, a boolean or `null`), other scalars plain as the emitter
    /// writes them, records as mappings in their order. Each node's mark is `marking`'s
    /// answer for its path of keys (a list item's index as its key), its value and the
    /// mark it would inherit; by default every node has `mark`. What a program generates is
    /// read as a file is, its errors pointing where `marking` says (a JSON Schema's import:
    /// into the schema).
    package init(
        _ value: FormValue, mark: SourceMark,
        marking: (_ path: [String], _ value: FormValue, _ inherited: SourceMark) -> SourceMark = { $2 }
    ) {
        var path: [String] = []
        self = Self.node(value, inherited: mark, path: &path, marking: marking)
    }

    private static func node(
        _ value: FormValue, inherited: SourceMark, path: inout [String],
        marking: (_ path: [String], _ value: FormValue, _ inherited: SourceMark) -> SourceMark
    ) -> YAMLNode {
        let mark = path.isEmpty ? inherited : marking(path, value, inherited)
        switch value {
        case .record(let record):
            var pairs: [YAMLPair] = []
            pairs.reserveCapacity(record.count)
            for (key, child) in record.pairs {
                path.append(key)
                let childNode = node(child, inherited: mark, path: &path, marking: marking)
                path.removeLast()
                pairs.append(
                    YAMLPair(
                        key: YAMLNode(.scalar(YAMLScalar(key, style: .doubleQuoted)), mark: childNode.mark),
                        value: childNode))
            }
            return YAMLNode(.mapping(pairs), mark: mark)
        case .list(let items):
            var nodes: [YAMLNode] = []
            nodes.reserveCapacity(items.count)
            for (index, item) in items.enumerated() {
                path.append(String(index))
                nodes.append(node(item, inherited: mark, path: &path, marking: marking))
                path.removeLast()
            }
            return YAMLNode(.sequence(nodes), mark: mark)
        case .string(let text):
            return YAMLNode(.scalar(YAMLScalar(text, style: .doubleQuoted)), mark: mark)
        case .null:
            return YAMLNode(.scalar(YAMLScalar("null")), mark: mark)
        case .date(let date):
            return YAMLNode(.scalar(YAMLScalar(ISODate.formatDateTime(date))), mark: mark)
        case .bool, .int, .uint, .double, .decimal, .data:
            return YAMLNode(.scalar(YAMLScalar(value.plainText)), mark: mark)
        }
    }
}
