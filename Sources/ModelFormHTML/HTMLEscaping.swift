import ModelForm

/// Escaping of user text for HTML: the HTML module owns it.
public enum HTMLEscaping {
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
    package static func appendHTML(_ text: String, to result: inout String) {
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
                if UnicodeClass.isControl(scalar) || UnicodeClass.isBidiOverride(scalar)
                    || (0xFDD0...0xFDEF).contains(scalar.value) || scalar.value & 0xFFFE == 0xFFFE
                {
                    result += "\u{FFFD}"
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
    }

    /// `false` for ASCII text with nothing to escape: the common case, returned as it is.
    package static func needsHTMLEscaping(_ text: String) -> Bool {
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "&"), UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "\""), UInt8(ascii: "'"), 0x0D,
                0x7F:
                return true
            case 0x09, 0x0A: continue
            case 0x00..<0x20, 0x80...: return true
            default: continue
            }
        }
        return false
    }
}
