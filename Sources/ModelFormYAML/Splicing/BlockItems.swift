import ModelForm

/// Items added to and removed from a block sequence (`- item` lines) in place, as
/// ``BlockEntries`` does for a mapping's entries: the items that stay are matched to the
/// new list in order (the longest common run of equal items); a removed item's lines go
/// with the comment lines right above it; an added one is written as the emitter writes a
/// list item, at its neighbours' dash, after the item before it. Every dash must begin its
/// line; a list of more than 1,000 items, or one whose items cannot be matched so, is
/// written whole.
struct BlockItems {
    let lines: BlockLines
    let path: [ScalarSpans.Step]

    /// The edits that turn the sequence's `nodes` into `values`, with each kept item's own
    /// edits from `keep` (its node, its new value, its path in the file); `nil` when the
    /// list cannot be reshaped in place.
    func reshape(
        _ nodes: [YAMLNode], to values: [FormValue], keep: (YAMLNode, FormValue, [ScalarSpans.Step]) -> Bool
    ) -> [BlockLines.Edit]? {
        guard nodes.count <= 1_000, values.count <= 1_000, let items = lines.spans.items[path],
            items.count == nodes.count, let members = dashes(items), lines.alignedAtLineStarts(members)
        else { return nil }
        let pairs = Self.commonRun(nodes, values)
        for (old, new) in pairs {
            guard keep(nodes[old], values[new], path + [.index(old)]) else { return nil }
        }
        let keptOld = Set(pairs.map(\.old))
        let removals = members.indices.filter { !keptOld.contains($0) }.map { lines.removal($0, members) }
        var insertions: [(offset: Int, text: String)] = []
        let keptNew = Dictionary(uniqueKeysWithValues: pairs.map { ($0.new, $0.old) })
        for (index, value) in values.enumerated() where keptNew[index] == nil {
            let offset: Int
            if let before = (0..<index).last(where: { keptNew[$0] != nil }), let old = keptNew[before] {
                offset = lines.region(old, members).upperBound
            } else {
                offset = lines.region(pairs.first?.old ?? 0, members).lowerBound
            }
            guard let text = lines.indented(value, column: members[0].column, item: true) else { return nil }
            insertions.append((offset, text))
        }
        return removals + lines.insertions(insertions)
    }

    /// Each item's dash: the `-` before its value on its line; `nil` when one has none there.
    private func dashes(_ items: [(line: Int, column: Int, lastLine: Int)]) -> [BlockLines.Member]? {
        var members: [BlockLines.Member] = []
        for item in items {
            let start = lines.lineStart(item.line)
            var column = item.column - 1
            while column >= 0, start + column < lines.bytes.count, lines.bytes[start + column] == 0x20 { column -= 1 }
            guard column >= 0, start + column < lines.bytes.count, lines.bytes[start + column] == UInt8(ascii: "-")
            else { return nil }
            members.append(BlockLines.Member(line: item.line, column: column, lastLine: item.lastLine))
        }
        return members
    }

    /// The longest run of items the old and new lists share, in order: index pairs. The
    /// equal items at both ends are matched first, so that a local edit compares little.
    static func commonRun(_ nodes: [YAMLNode], _ values: [FormValue]) -> [(old: Int, new: Int)] {
        var head = 0
        while head < nodes.count, head < values.count, matches(nodes[head], values[head]) { head += 1 }
        var tail = 0
        while tail < nodes.count - head, tail < values.count - head,
            matches(nodes[nodes.count - 1 - tail], values[values.count - 1 - tail])
        {
            tail += 1
        }
        let middle = middleRun(Array(nodes[head..<(nodes.count - tail)]), Array(values[head..<(values.count - tail)]))
        return (0..<head).map { ($0, $0) } + middle.map { ($0.old + head, $0.new + head) }
            + (0..<tail).reversed().map { (nodes.count - 1 - $0, values.count - 1 - $0) }
    }

    /// The longest common run of two lists, by a table of lengths.
    private static func middleRun(_ nodes: [YAMLNode], _ values: [FormValue]) -> [(old: Int, new: Int)] {
        let n = nodes.count
        let m = values.count
        var lengths = Array(repeating: Array(repeating: 0, count: m + 1), count: n + 1)
        for i in stride(from: n - 1, through: 0, by: -1) {
            for j in stride(from: m - 1, through: 0, by: -1) {
                lengths[i][j] =
                    matches(nodes[i], values[j]) ? lengths[i + 1][j + 1] + 1 : max(lengths[i + 1][j], lengths[i][j + 1])
            }
        }
        var pairs: [(old: Int, new: Int)] = []
        var i = 0
        var j = 0
        while i < n, j < m {
            if matches(nodes[i], values[j]), lengths[i][j] == lengths[i + 1][j + 1] + 1 {
                pairs.append((i, j))
                i += 1
                j += 1
            } else if lengths[i + 1][j] >= lengths[i][j + 1] {
                i += 1
            } else {
                j += 1
            }
        }
        return pairs
    }

    /// Whether the file's node says `value`: scalars by their text (a number by value),
    /// records and lists item by item.
    static func matches(_ node: YAMLNode, _ value: FormValue) -> Bool {
        switch (node.kind, value) {
        case (.scalar(let scalar), _):
            return ValuesSplice.unchanged(scalar, isNull: node.isNull, value)
        case (.mapping(let pairs), .record(let record)):
            return pairs.map { $0.key.string ?? "\u{0}" } == record.keys
                && zip(pairs, record.values).allSatisfy { matches($0.value, $1) }
        case (.sequence(let items), .list(let list)):
            return items.count == list.count && zip(items, list).allSatisfy { matches($0, $1) }
        default:
            return false
        }
    }
}
