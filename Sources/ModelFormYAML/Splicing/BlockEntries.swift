import ModelForm

/// Entries added to and removed from a block mapping in place: a removed entry's lines go,
/// with the comment lines right above it; an added one is written as the emitter writes it,
/// at its neighbours' indentation and with the file's line breaks, after the entry before
/// it (before the first kept one when it comes first). The kept entries must stay in their
/// order, and every key must begin its line, but for a list item's mapping (`- key: ...`),
/// whose first entry, on the dash's line, must stay first; else the file is written whole.
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
        if !lines.alignedAtLineStarts(members) {
            // A list item's mapping: its first entry is on the dash's line, and stays first.
            guard lines.alignedAfterDash(members), record.keys.first == old.first
            else { return nil }
        }
        let kept = old.filter(newKeys.contains)
        guard record.keys.filter(oldKeys.contains) == kept else { return nil }
        for (pair, key) in zip(pairs, old) where newKeys.contains(key) {
            guard let value = record[key], keep(pair.value, value, path + [.key(key)]) else { return nil }
        }
        let removals = members.indices.filter { !newKeys.contains(old[$0]) }.map { lines.removal($0, members) }
        var insertions: [(offset: Int, text: String)] = []
        for (position, key) in record.keys.enumerated() where !oldKeys.contains(key) {
            let offset: Int
            if let before = record.keys[..<position].last(where: oldKeys.contains),
                let index = old.firstIndex(of: before)
            {
                offset = lines.region(index, members).upperBound
            } else {
                offset = lines.region(old.firstIndex(where: newKeys.contains) ?? 0, members).lowerBound
            }
            guard let value = record[key],
                let text = lines.indented(.record(FormRecord([(key, value)])), column: members[0].column)
            else { return nil }
            insertions.append((offset, text))
        }
        return removals + lines.insertions(insertions)
    }
}
