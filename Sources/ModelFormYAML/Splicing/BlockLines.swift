import ModelForm

/// The lines of a YAML text that block collections' entries and items occupy: what adding
/// or removing one in place needs (``BlockEntries``, ``BlockItems``).
struct BlockLines {
    let spans: ScalarSpans
    let bytes: [UInt8]

    typealias Edit = (range: Range<Int>, text: String)

    /// A block entry or item: the line and column (characters) it starts at (its key, its
    /// dash) and the last line its value has content on (0-based lines).
    struct Member {
        var line: Int
        var column: Int
        var lastLine: Int
    }

    /// The file's line break: CR LF, a lone CR or LF, as its first one is.
    var lineBreak: String { Self.firstLineBreak(bytes) }

    /// A text's first line break: CR LF, a lone CR or LF (LF when it has none).
    static func firstLineBreak(_ bytes: [UInt8]) -> String {
        guard let index = bytes.firstIndex(where: { $0 == 0x0A || $0 == 0x0D }) else { return "\n" }
        if bytes[index] == 0x0A { return "\n" }
        return index + 1 < bytes.count && bytes[index + 1] == 0x0A ? "\r\n" : "\r"
    }

    func lineStart(_ line: Int) -> Int {
        line < spans.lineStarts.count ? spans.lineStarts[line] : bytes.count
    }

    /// Whether only spaces come before the member on its line, and all members share its column.
    func alignedAtLineStarts(_ members: [Member]) -> Bool {
        guard let column = members.first?.column else { return false }
        return members.allSatisfy { member in
            let start = lineStart(member.line)
            return member.column == column && start + column <= bytes.count
                && bytes[start..<(start + column)].allSatisfy { $0 == 0x20 }
        }
    }

    /// Whether the first member follows a list item's dash on its line (`- key: ...`, a
    /// list item's mapping), and the others begin their lines at its column.
    func alignedAfterDash(_ members: [Member]) -> Bool {
        guard let first = members.first else { return false }
        let start = lineStart(first.line)
        guard start + first.column <= bytes.count, first.column >= 2 else { return false }
        let before = bytes[start..<(start + first.column)]
        let isDashes = before.allSatisfy { $0 == 0x20 || $0 == UInt8(ascii: "-") } && before.last == 0x20
        let rest = Array(members.dropFirst())
        return isDashes && before.contains(UInt8(ascii: "-")) && (rest.isEmpty || alignedAtLineStarts(rest))
            && rest.allSatisfy { $0.column == first.column }
    }

    /// Member `index`'s lines: the comment lines right above it (no blank line between), its
    /// first line, to the end of its value's last line.
    func region(_ index: Int, _ members: [Member]) -> Range<Int> {
        let member = members[index]
        let floor = index > 0 ? members[index - 1].lastLine + 1 : 0
        var first = member.line
        while first - 1 >= floor, isComment(line: first - 1) { first -= 1 }
        return lineStart(first)..<lineStart(member.lastLine + 1)
    }

    /// Member `index`'s lines (the comment lines above it too) as text, ended by a line
    /// break: a moved member, written where it goes.
    func regionText(_ index: Int, _ members: [Member]) -> String {
        let text = String(decoding: bytes[region(index, members)], as: UTF8.self)
        return text.hasSuffix("\n") || text.hasSuffix("\r") ? text : text + lineBreak
    }

    /// A removed member's bytes; at the end of a file without a final line break, the break
    /// before it goes too, so that the file still ends without one.
    func removal(_ index: Int, _ members: [Member]) -> Edit {
        let range = region(index, members)
        guard range.upperBound == bytes.count, let last = bytes.last, last != 0x0A, last != 0x0D,
            range.lowerBound >= lineBreak.utf8.count
        else { return (range, "") }
        return ((range.lowerBound - lineBreak.utf8.count)..<range.upperBound, "")
    }

    /// Texts to insert, by offset in the order given, as edits; at the end of a file without
    /// a final line break, the break goes before the text instead of after it.
    func insertions(_ texts: [(offset: Int, text: String)]) -> [Edit] {
        var merged: [(offset: Int, text: String)] = []
        for insertion in texts {
            if let last = merged.last, last.offset == insertion.offset {
                merged[merged.count - 1].text += insertion.text
            } else {
                merged.append(insertion)
            }
        }
        return merged.map { insertion in
            var text = insertion.text
            if insertion.offset == bytes.count, let last = bytes.last, last != 0x0A, last != 0x0D {
                text = lineBreak + text.dropLast(lineBreak.count)
            }
            return (insertion.offset..<insertion.offset, text)
        }
    }

    /// The emitter's text of `value` (a one-entry record), or of `value` as a block list's
    /// item (`- ` before its first line, two spaces before the others) when `item` is set,
    /// each line indented by `column` spaces and ended by the file's line break; `nil` when
    /// the emitter cannot write it.
    func indented(_ value: FormValue, column: Int, item: Bool = false) -> String? {
        guard var text = try? YAMLEmitter.emit(value) else { return nil }
        if text.hasSuffix("\n...\n") { text.removeLast(4) }
        if text.hasPrefix("---\n") { text.removeFirst(4) }
        if text.hasPrefix("--- ") { text.removeFirst(4) }
        if text.hasSuffix("\n") { text.removeLast() }
        let indent = String(repeating: " ", count: column)
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if item {
            lines = lines.enumerated().map {
                $0.offset == 0 ? "- " + $0.element : $0.element.isEmpty ? "" : "  " + $0.element
            }
        }
        return lines.map { $0.isEmpty ? "" : indent + $0 }.joined(separator: lineBreak) + lineBreak
    }

    private func isComment(line: Int) -> Bool {
        let start = lineStart(line)
        let end = lineStart(line + 1)
        guard let first = bytes[start..<end].first(where: { $0 != 0x20 && $0 != 0x09 }) else { return false }
        return first == UInt8(ascii: "#")
    }
}
