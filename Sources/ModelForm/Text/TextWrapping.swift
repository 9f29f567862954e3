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
                let word = Substring(word)
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
                guard wordWidth > width else {
                    line = String(word)
                    lineWidth = wordWidth
                    continue
                }
                // Wider than a line: cut before each character that would pass the width,
                // in one pass (a megabyte without a space stays linear).
                var start = word.startIndex
                var used = 0
                var index = word.startIndex
                while index < word.endIndex {
                    let after = word.index(after: index)
                    let next = DisplayWidth.of(word[index..<after])
                    if used + next > width, index > start {
                        lines.append(String(word[start..<index]))
                        start = index
                        used = 0
                    }
                    used += next
                    index = after
                }
                line = String(word[start...])
                lineWidth = used
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
}
