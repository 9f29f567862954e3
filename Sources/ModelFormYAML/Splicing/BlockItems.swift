import ModelForm

/// Items added to and removed from a block sequence (`- item` lines) in place, as
/// ``BlockEntries`` does for a mapping's entries: the items that stay are matched to the
/// new list in order (``ItemMatch``); a removed item's lines go with the comment lines
/// right above it; an added one is written as the emitter writes a list item, at its
/// neighbours' dash, after the item before it; a moved one is its own lines (its comments
/// too) taken from where it was to where it goes. Every dash must begin its line; a list of
/// more than 1,000 items is written whole.
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
        let match = ItemMatch(
            nodes.count, values.count, matches: { Self.matches(nodes[$0], values[$1]) },
            similar: { Self.sameKind(nodes[$0], values[$1]) })
        let pairs = match.kept
        for (old, new) in pairs {
            guard keep(nodes[old], values[new], path + [.index(old)]) else { return nil }
        }
        let keptOld = Set(pairs.map(\.old))
        let removals = members.indices.filter { !keptOld.contains($0) }.map { lines.removal($0, members) }
        if values.isEmpty {
            // No item left: the key's value is an empty flow list, after its colon.
            guard let colon = afterColon() else { return nil }
            return removals + [(colon..<colon, " []")]
        }
        var insertions: [(offset: Int, text: String)] = []
        let keptNew = Dictionary(uniqueKeysWithValues: pairs.map { ($0.new, $0.old) })
        for (index, value) in values.enumerated() where keptNew[index] == nil {
            let offset: Int
            if let before = (0..<index).last(where: { keptNew[$0] != nil }), let old = keptNew[before] {
                offset = lines.region(old, members).upperBound
            } else {
                offset = lines.region(pairs.first?.old ?? 0, members).lowerBound
            }
            if let old = match.moved[index] {
                insertions.append((offset, lines.regionText(old, members)))
                continue
            }
            guard let text = lines.indented(value, column: members[0].column, item: true) else { return nil }
            insertions.append((offset, text))
        }
        return removals + lines.insertions(insertions)
    }

    /// Where the list's key's colon ends (`interests:`), when the list is a mapping's value.
    private func afterColon() -> Int? {
        guard let key = lines.spans.keys[path]?.range else { return nil }
        var index = key.upperBound
        while index < lines.bytes.count, lines.bytes[index] == 0x20 { index += 1 }
        guard index < lines.bytes.count, lines.bytes[index] == UInt8(ascii: ":") else { return nil }
        return index + 1
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

    /// Whether the file's node and `value` are of one kind (scalars, mappings and records,
    /// sequences and lists): what an item changed where it stands may be.
    static func sameKind(_ node: YAMLNode, _ value: FormValue) -> Bool {
        switch (node.kind, value) {
        case (.mapping, .record), (.sequence, .list): true
        case (.scalar, .record), (.scalar, .list): false
        case (.scalar, _): true
        default: false
        }
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
