import ModelForm

/// Escaping of user text for Markdown: the Markdown module owns it.
package enum MarkdownEscaping {
    /// Inline Markdown (GFM): the characters that can start markup anywhere
    /// (`` \ ` * _ [ ] < > | ~ & ! # ``) are backslash-escaped, and so are list and heading
    /// markers at the start (`-`, `+`, `=`, `1.`); nothing can start emphasis, code, links,
    /// images, tables or raw HTML. Line breaks become spaces (a table row or heading stays
    /// one line); control characters and bidi overrides become U+FFFD; leading spaces are dropped.
    package static func escape(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count + 8)
        var atStart = true
        var leadingDigits = true
        for scalar in text.unicodeScalars {
            if scalar == "\n" || scalar == "\r" || scalar == "\t" || scalar == " " {
                if !atStart, result.last != " " { result += " " }
                continue
            }
            if UnicodeClass.isControl(scalar) || UnicodeClass.isBidiOverride(scalar) {
                result += "\u{FFFD}"
            } else if isMarkdownSpecial(scalar)
                || (atStart && (scalar == "-" || scalar == "+" || scalar == "="))
                || (leadingDigits && !atStart && (scalar == "." || scalar == ")")) {
                result += "\\"
                result.unicodeScalars.append(scalar)
            } else {
                result.unicodeScalars.append(scalar)
            }
            leadingDigits = leadingDigits && (scalar.properties.numericType != nil && scalar.isASCII)
            atStart = false
        }
        while result.last == " " { result.removeLast() }
        return result
    }

    /// The characters that can start Markdown markup anywhere in a line.
    static func isMarkdownSpecial(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case "\\", "`", "*", "_", "[", "]", "<", ">", "|", "~", "&", "!", "#": return true
        default: return false
        }
    }
}
