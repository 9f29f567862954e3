import ModelForm

/// Entries added to and removed from a block mapping in place: a removed entry's lines go,
/// with the comment lines right above it; an added one is written as the emitter writes it,
/// at its neighbours' indentation and with the file's line breaks, after the entry before
/// it (before the first kept one when it comes first). The kept entries must stay in their
/// order, and every key must begin its line (not `- key:`, a list item's first key); else
/// the file is written whole.
struct BlockEntries {
    let spans: ScalarSpans
    let bytes: [UInt8]
    let path: [ScalarSpans.Step]

    typealias Edit = (range: Range<Int>, text: String)

    /// The edits that turn the mapping's `pairs` into `record`'s entries, with each kept
    /// entry's own edits from `keep` (its node, its new value, its path; `false`: no splice);
    /// `nil` when the mapping cannot be reshaped in place.
    func reshape(
        _ pairs: [YAMLPair], to record: FormRecord,
        keep: (YAMLNode, FormValue, [ScalarSpans.Step]) -> Bool
    ) -> [Edit]? {
        let old = pairs.map { $0.key.string ?? "\u{0}" }
        guard let entries = spans.entries[path], entries.map(\.key) == old, let column = entries.first?.keyColumn,
            entries.allSatisfy({ $0.keyColumn == column && beginsLine($0) })
        else { return nil }
        let oldKeys = Set(old)
        let newKeys = Set(record.keys)
        let kept = old.filter(newKeys.contains)
        guard record.keys.filter(oldKeys.contains) == kept else { return nil }
        for (pair, key) in zip(pairs, old) where newKeys.contains(key) {
            guard let value = record[key], keep(pair.value, value, path + [.key(key)]) else { return nil }
        }
        var edits: [Edit] = []
        for index in entries.indices where !newKeys.contains(old[index]) {
            edits.append((removal(index, entries), ""))
        }
        let indent = String(repeating: " ", count: column)
        var insertions: [(offset: Int, text: String)] = []
        for (position, key) in record.keys.enumerated() where !oldKeys.contains(key) {
            let offset: Int
            if let before = record.keys[..<position].last(where: oldKeys.contains),
                let index = old.firstIndex(of: before)
            {
                offset = region(index, entries).upperBound
            } else {
                offset = region(old.firstIndex(where: newKeys.contains) ?? 0, entries).lowerBound
            }
            guard let value = record[key], let text = entryText(key, value, indent: indent) else { return nil }
            if let last = insertions.last, last.offset == offset {
                insertions[insertions.count - 1].text += text
            } else {
                insertions.append((offset, text))
            }
        }
        for insertion in insertions {
            var text = insertion.text
            // At the end of a file without a final line break: the break goes before it.
            if insertion.offset == bytes.count, let last = bytes.last, last != 0x0A, last != 0x0D {
                text = lineBreak + text.dropLast(lineBreak.count)
            }
            edits.append((insertion.offset..<insertion.offset, text))
        }
        return edits
    }

    /// The file's line break: CR LF, a lone CR or LF, as its first one is.
    private var lineBreak: String {
        guard let index = bytes.firstIndex(where: { $0 == 0x0A || $0 == 0x0D }) else { return "\n" }
        if bytes[index] == 0x0A { return "\n" }
        return index + 1 < bytes.count && bytes[index + 1] == 0x0A ? "\r\n" : "\r"
    }

    private func lineStart(_ line: Int) -> Int {
        line < spans.lineStarts.count ? spans.lineStarts[line] : bytes.count
    }

    private func beginsLine(_ entry: ScalarSpans.Entry) -> Bool {
        let start = lineStart(entry.keyLine)
        return start + entry.keyColumn <= bytes.count
            && bytes[start..<(start + entry.keyColumn)].allSatisfy { $0 == 0x20 }
    }

    /// Entry `index`'s lines: the comment lines right above its key (no blank line between),
    /// its key's line, to the end of its value's last line.
    private func region(_ index: Int, _ entries: [ScalarSpans.Entry]) -> Range<Int> {
        let entry = entries[index]
        let floor = index > 0 ? entries[index - 1].lastLine + 1 : 0
        var first = entry.keyLine
        while first - 1 >= floor, isComment(line: first - 1) { first -= 1 }
        return lineStart(first)..<lineStart(entry.lastLine + 1)
    }

    /// A removed entry's bytes; at the end of a file without a final line break, the break
    /// before it goes too, so that the file still ends without one.
    private func removal(_ index: Int, _ entries: [ScalarSpans.Entry]) -> Range<Int> {
        let range = region(index, entries)
        guard range.upperBound == bytes.count, let last = bytes.last, last != 0x0A, last != 0x0D,
            range.lowerBound >= lineBreak.utf8.count
        else { return range }
        return (range.lowerBound - lineBreak.utf8.count)..<range.upperBound
    }

    private func isComment(line: Int) -> Bool {
        let start = lineStart(line)
        let end = lineStart(line + 1)
        guard let first = bytes[start..<end].first(where: { $0 != 0x20 && $0 != 0x09 }) else { return false }
        return first == UInt8(ascii: "#")
    }

    /// `key: value` as the emitter writes it alone, each line indented and ended by the
    /// file's line break; `nil` when the emitter cannot write it.
    private func entryText(_ key: String, _ value: FormValue, indent: String) -> String? {
        guard var text = try? YAMLEmitter.emit(.record(FormRecord([(key, value)]))) else { return nil }
        if text.hasPrefix("---\n") { text.removeFirst(4) }
        if text.hasSuffix("\n") { text.removeLast() }
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        return lines.map { $0.isEmpty ? "" : indent + $0 }.joined(separator: lineBreak) + lineBreak
    }
}
