import ModelForm

/// Entries added to and removed from a block mapping in place: a removed entry's lines go,
/// with the comment lines right above it; an added one is written as the emitter writes it,
/// at its neighbours' indentation and with the file's line breaks, after the entry before
/// it (before the first kept one when it comes first); of the entries kept, the longest run
/// in one order stays and the others move, each its own lines where it now goes. Every key
/// must begin its line, but for a list item's mapping (`- key: ...`), whose first entry is
/// on the dash's line: when another entry comes first, the dash moves to its line (the
/// comment lines above the dash stay there), and no entry moves; else the file is written
/// whole.
struct BlockEntries {
    let lines: BlockLines
    let path: [ScalarSpans.Step]

    /// The edits that turn the mapping's `pairs` into `record`'s entries, with each kept
    /// entry's own edits from `keep` (its node, its new value, its path; `false`: no splice);
    /// `nil` when the mapping cannot be reshaped in place.
    func reshape(
        _ pairs: [YAMLPair], to record: FormRecord, keep: (YAMLNode, FormValue, [ScalarSpans.Step]) -> Bool
    ) -> [BlockLines.Edit]? {
        let old = pairs.map { $0.key.string ?? "\u{0}" }
        guard let entries = lines.spans.entries[path], entries.map(\.key) == old else { return nil }
        let members = entries.map { BlockLines.Member(line: $0.keyLine, column: $0.keyColumn, lastLine: $0.lastLine) }
        let oldKeys = Set(old)
        let newKeys = Set(record.keys)
        // A list item's mapping: its first entry is on the dash's line.
        let aligned = lines.alignedAtLineStarts(members)
        let dash = aligned ? nil : dashPrefix(members)
        guard aligned || dash != nil && !record.keys.isEmpty else { return nil }
        // The entries both have stay where they are in the longest run in one order; the
        // others of them move (not in a list item's mapping).
        let stay = ItemMatch.staying(old, record.keys)
        guard dash == nil || stay.count == oldKeys.intersection(newKeys).count else { return nil }
        for (pair, key) in zip(pairs, old) where stay.contains(key) {
            guard let value = record[key], keep(pair.value, value, path + [.key(key)]) else { return nil }
        }
        var removals: [BlockLines.Edit] = []
        for index in members.indices where !stay.contains(old[index]) {
            guard dash != nil, index == 0 else {
                removals.append(lines.removal(index, members))
                continue
            }
            // The dash's line goes, not the comments above it, which are the item's.
            let range = lines.lineStart(members[0].line)..<lines.lineStart(members[0].lastLine + 1)
            guard range.upperBound < lines.bytes.count || lines.bytes.last == 0x0A || lines.bytes.last == 0x0D
            else { return nil }
            removals.append((range, ""))
        }
        var insertions: [(offset: Int, text: String)] = []
        for (position, key) in record.keys.enumerated() where !stay.contains(key) {
            let offset: Int
            if let before = record.keys[..<position].last(where: stay.contains),
                let index = old.firstIndex(of: before)
            {
                offset = lines.region(index, members).upperBound
            } else if dash != nil {
                offset = lines.lineStart(members[0].line)
            } else {
                offset = lines.region(old.firstIndex(where: stay.contains) ?? 0, members).lowerBound
            }
            guard let value = record[key] else { return nil }
            // A moved entry with its value unchanged: its own lines, its comments too.
            if let from = old.firstIndex(of: key), BlockItems.matches(pairs[from].value, value) {
                insertions.append((offset, lines.regionText(from, members)))
                continue
            }
            guard var text = lines.indented(.record(FormRecord([(key, value)])), column: members[0].column) else {
                return nil
            }
            if let dash, position == 0 { text = dash + text.dropFirst(dash.count) }
            insertions.append((offset, text))
        }
        return removals + lines.insertions(insertions) + dashMoves(dash, members, old: old, new: record.keys)
    }

    /// The text before a list item's mapping's first key on its line (`- `, `  - `), when
    /// the other keys begin their lines at its column; else `nil`.
    private func dashPrefix(_ members: [BlockLines.Member]) -> String? {
        guard lines.alignedAfterDash(members) else { return nil }
        let start = lines.lineStart(members[0].line)
        return String(decoding: lines.bytes[start..<(start + members[0].column)], as: UTF8.self)
    }

    /// Where another entry than the old first comes first in a list item's mapping: the old
    /// first's dash made spaces (when it stays), the new first's spaces the dash (when it is
    /// an entry the file has; a new one is written with it).
    private func dashMoves(_ dash: String?, _ members: [BlockLines.Member], old: [String], new: [String])
        -> [BlockLines.Edit]
    {
        guard let dash, let first = new.first, first != old.first else { return [] }
        var edits: [BlockLines.Edit] = []
        func prefix(_ index: Int) -> Range<Int> {
            let start = lines.lineStart(members[index].line)
            return start..<(start + dash.utf8.count)
        }
        if let oldFirst = old.first, new.contains(oldFirst) {
            edits.append((prefix(0), String(repeating: " ", count: dash.utf8.count)))
        }
        if let index = old.firstIndex(of: first) {
            edits.append((prefix(index), dash))
        }
        return edits
    }
}
