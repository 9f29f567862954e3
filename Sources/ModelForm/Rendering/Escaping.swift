/// Escaping of user-supplied text for each output.
public enum Escaping {
    /// HTML text and (quoted) attribute values: `& < > " '` become entities; control
    /// characters other than tab and newline (which HTML forbids), noncharacters and bidi
    /// overrides become U+FFFD.
    public static func html(_ text: String) -> String {
        if !needsHTMLEscaping(text) { return text }
        var result = ""
        appendHTML(text, to: &result)
        return result
    }

    /// Appends `text` escaped as ``html(_:)`` does, without an intermediate string.
    public static func appendHTML(_ text: String, to result: inout String) {
        if !needsHTMLEscaping(text) {
            result += text
            return
        }
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&#39;"
            case "\n", "\t": result.unicodeScalars.append(scalar)
            case "\r": break
            default:
                if isControl(scalar) || isBidiOverride(scalar) || (0xFDD0...0xFDEF).contains(scalar.value) || scalar.value & 0xFFFE == 0xFFFE {
                    result += "\u{FFFD}"
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
    }

    /// Inline Markdown (GFM): the characters that can start markup anywhere
    /// (`` \ ` * _ [ ] < > | ~ & ! # ``) are backslash-escaped, and so are list and heading
    /// markers at the start (`-`, `+`, `=`, `1.`); nothing can start emphasis, code, links,
    /// images, tables or raw HTML. Line breaks become spaces (a table row or heading stays
    /// one line); control characters and bidi overrides become U+FFFD; leading spaces are dropped.
    public static func markdown(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count + 8)
        var atStart = true
        var leadingDigits = true
        for scalar in text.unicodeScalars {
            if scalar == "\n" || scalar == "\r" || scalar == "\t" || scalar == " " {
                if !atStart, result.last != " " { result += " " }
                continue
            }
            if isControl(scalar) || isBidiOverride(scalar) {
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

    /// Text for a terminal: C0 and C1 control characters (ESC among them, so no ANSI
    /// sequence survives) are shown in caret notation (`^[`), DEL as `^?`, and bidi
    /// overrides as `<U+202E>`; newlines and tabs are kept for the layout to handle.
    public static func terminal(_ text: String) -> String {
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

    /// `false` for ASCII text with nothing to escape: the common case, returned as it is.
    public static func needsHTMLEscaping(_ text: String) -> Bool {
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "&"), UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "\""), UInt8(ascii: "'"), 0x0D, 0x7F: return true
            case 0x09, 0x0A: continue
            case 0x00..<0x20, 0x80...: return true
            default: continue
            }
        }
        return false
    }

    /// The characters that can start Markdown markup anywhere in a line.
    static func isMarkdownSpecial(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case "\\", "`", "*", "_", "[", "]", "<", ">", "|", "~", "&", "!", "#": return true
        default: return false
        }
    }

    /// Embedding, override and isolate controls, which reorder the text around them.
    static func isBidiOverride(_ scalar: Unicode.Scalar) -> Bool {
        (0x202A...0x202E).contains(scalar.value) || (0x2066...0x2069).contains(scalar.value)
    }

    static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F..<0xA0).contains(scalar.value)
    }
}
