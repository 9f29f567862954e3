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
        commonRun(nodes.count, values.count) { matches(nodes[$0], values[$1]) }
    }

    /// The longest run of items two lists of `oldCount` and `newCount` items share, in order,
    /// where `matches(old, new)` says whether two are equal.
    static func commonRun(_ oldCount: Int, _ newCount: Int, matches: (Int, Int) -> Bool) -> [(old: Int, new: Int)] {
        var head = 0
        while head < oldCount, head < newCount, matches(head, head) { head += 1 }
        var tail = 0
        while tail < oldCount - head, tail < newCount - head, matches(oldCount - 1 - tail, newCount - 1 - tail) {
            tail += 1
        }
        let middle = middleRun(head..<(oldCount - tail), head..<(newCount - tail), matches: matches)
        return (0..<head).map { ($0, $0) } + middle
            + (0..<tail).reversed().map { (oldCount - 1 - $0, newCount - 1 - $0) }
    }

    /// The longest common run of two ranges of items, by a table of lengths.
    private static func middleRun(_ old: Range<Int>, _ new: Range<Int>, matches: (Int, Int) -> Bool) -> [(
        old: Int, new: Int
    )] {
        let n = old.count
        let m = new.count
        func same(_ i: Int, _ j: Int) -> Bool { matches(old.lowerBound + i, new.lowerBound + j) }
        var lengths = Array(repeating: Array(repeating: 0, count: m + 1), count: n + 1)
        for i in stride(from: n - 1, through: 0, by: -1) {
            for j in stride(from: m - 1, through: 0, by: -1) {
                lengths[i][j] = same(i, j) ? lengths[i + 1][j + 1] + 1 : max(lengths[i + 1][j], lengths[i][j + 1])
            }
        }
        var pairs: [(old: Int, new: Int)] = []
        var i = 0
        var j = 0
        while i < n, j < m {
            if same(i, j), lengths[i][j] == lengths[i + 1][j + 1] + 1 {
                pairs.append((old.lowerBound + i, new.lowerBound + j))
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
