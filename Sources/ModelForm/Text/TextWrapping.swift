/// Wraps text to a width in display columns (wide characters count two, combining marks
/// none), at spaces where it can and inside words where it must.
package enum TextWrapping {
    /// The lines of `text` no wider than `width` (at least 1); existing line breaks are kept.
    package static func wrap(_ text: String, width: Int) -> [String] {
        let width = max(1, width)
        if text.utf8.first != 0x20, !text.containsByte(0x0A), DisplayWidth.of(text) <= width { return [text] }
        var lines: [String] = []
        for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
            var line = ""
            var lineWidth = 0
            for word in paragraph.split(separator: " ", omittingEmptySubsequences: false) {
                var word = Substring(word)
                let wordWidth = DisplayWidth.of(word)
                let needed = lineWidth == 0 ? wordWidth : lineWidth + 1 + wordWidth
                if needed <= width {
                    if lineWidth > 0 { line += " " }
                    line += word
                    lineWidth = needed
                    continue
                }
                if lineWidth > 0 {
                    lines.append(line)
                    line = ""
                    lineWidth = 0
                }
                while DisplayWidth.of(word) > width {
                    let (head, rest) = split(word, at: width)
                    lines.append(String(head))
                    word = rest
                }
                line = String(word)
                lineWidth = DisplayWidth.of(word)
            }
            lines.append(line)
        }
        return lines
    }

    /// Pads `text` with spaces to `width` display columns.
    package static func pad(_ text: String, to width: Int) -> String {
        let missing = width - DisplayWidth.of(text)
        return missing > 0 ? text + spaces(missing) : text
    }

    /// `count` spaces.
    package static func spaces(_ count: Int) -> String {
        String(repeating: " ", count: max(count, 0))
    }

    /// Splits before the character that would pass `width` columns (at least one character).
    private static func split(_ word: Substring, at width: Int) -> (Substring, Substring) {
        var used = 0
        var index = word.startIndex
        while index < word.endIndex {
            let next = DisplayWidth.of(String(word[index]))
            if used + next > width, index > word.startIndex { break }
            used += next
            index = word.index(after: index)
        }
        return (word[..<index], word[index...])
    }
}
