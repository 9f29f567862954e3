import ModelForm

/// Escaping of user text for a terminal: the text module owns it.
package enum TerminalEscaping {
    /// Text for a terminal: C0 and C1 control characters (ESC among them, so no ANSI
    /// sequence survives) are shown in caret notation (`^[`), DEL as `^?`, and bidi
    /// overrides as `<U+202E>`; newlines and tabs are kept for the layout to handle.
    package static func escape(_ text: String) -> String {
        if isSafe(text) { return text }
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x0A, 0x09: result.unicodeScalars.append(scalar)
            case 0x0D: break
            case 0x00..<0x20: result += "^" + String(UnicodeScalar(UInt8(scalar.value + 0x40)))
            case 0x7F: result += "^?"
            case 0x80..<0xA0, 0x202A...0x202E, 0x2066...0x2069, 0x200E, 0x200F, 0x061C:
                result += "<U+" + String(scalar.value, radix: 16, uppercase: true) + ">"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// Text for a full-screen terminal, where a tab would jump to the next tab stop over
    /// what was drawn before: as ``escape(_:)``, with tabs as `^I` too.
    package static func screen(_ text: String) -> String {
        let escaped = escape(text)
        return escaped.utf8.contains(0x09) ? escaped.replacingOccurrences(of: "\t", with: "^I") : escaped
    }

    /// `true` when no scalar of `text` needs escaping: printable ASCII, tabs and newlines
    /// only (the common case, checked on bytes without decoding).
    private static func isSafe(_ text: String) -> Bool {
        // Eight bytes at a time (a byte at a time was 6% of a 1,000-field text render).
        text.utf8.withContiguousStorageIfAvailable { ASCIIWords.isPrintable($0, tabsAndLineFeeds: true) }
            ?? text.utf8.allSatisfy { ($0 >= 0x20 && $0 < 0x7F) || $0 == 0x0A || $0 == 0x09 }
    }
}
