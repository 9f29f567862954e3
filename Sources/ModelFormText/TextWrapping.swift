import ModelForm

/// Wraps text to a width in display columns (wide characters count two, combining marks
/// none), at spaces and between CJK characters where it can, inside words where it must.
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
                if !word.utf8.allSatisfy({ $0 < 0x80 }), word.contains(where: isCJK) {
                    placeCJK(word, width: width, line: &line, lineWidth: &lineWidth, into: &lines)
                    continue
                }
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
                (line, lineWidth) = cut(word, width: width, into: &lines)
            }
            lines.append(line)
        }
        return lines
    }

    /// Cuts a word wider than a line before each character that would pass the width, in
    /// one pass (a megabyte without a space stays linear); returns the last, partial line.
    private static func cut(_ word: Substring, width: Int, into lines: inout [String]) -> (String, Int) {
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
        return (String(word[start...]), used)
    }

    /// Places a word holding CJK characters, which may break between any two of them (and
    /// around them), filling the current line first.
    private static func placeCJK(
        _ word: Substring, width: Int, line: inout String, lineWidth: inout Int, into lines: inout [String]
    ) {
        var units: [Substring] = []
        var runStart = word.startIndex
        var index = word.startIndex
        while index < word.endIndex {
            let after = word.index(after: index)
            if isCJK(word[index]) {
                if runStart < index { units.append(word[runStart..<index]) }
                units.append(word[index..<after])
                runStart = after
            }
            index = after
        }
        if runStart < word.endIndex { units.append(word[runStart...]) }
        for (number, unit) in units.enumerated() {
            let unitWidth = DisplayWidth.of(unit)
            let separator = number == 0 && lineWidth > 0 ? 1 : 0
            if lineWidth + separator + unitWidth <= width {
                if separator == 1 { line += " " }
                line += unit
                lineWidth += separator + unitWidth
                continue
            }
            if lineWidth > 0 {
                lines.append(line)
                line = ""
                lineWidth = 0
            }
            if unitWidth > width {
                (line, lineWidth) = cut(unit, width: width, into: &lines)
            } else {
                line = String(unit)
                lineWidth = unitWidth
            }
        }
    }

    /// Han, kana, Hangul, CJK symbols and full-width forms: lines may break around them.
    static func isCJK(_ character: Character) -> Bool {
        guard let value = character.unicodeScalars.first?.value, value >= 0x1100 else { return false }
        return (0x1100...0x11FF).contains(value) || (0x2E80...0x9FFF).contains(value)
            || (0xA960...0xA97F).contains(value)
            || (0xAC00...0xD7AF).contains(value) || (0xF900...0xFAFF).contains(value)
            || (0xFE30...0xFE4F).contains(value)
            || (0xFF00...0xFFEF).contains(value) || (0x20000...0x3FFFF).contains(value)
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
