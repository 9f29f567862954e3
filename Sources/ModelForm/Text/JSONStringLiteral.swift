/// JSON string literals: `"` and `\` escaped, line breaks and tabs as `\n`, `\r`, `\t`, and
/// the scalars a caller names as `\u` escapes (past U+FFFF as a surrogate pair, as JSON
/// requires). A values file's JSON and a path's quoted key are written by it.
package enum JSONStringLiteral {
    /// `text` in double quotes, with the scalars `escapes` accepts as `\u` escapes.
    package static func quote(_ text: String, escaping escapes: (Unicode.Scalar) -> Bool) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case _ where escapes(scalar):
                for unit in String(scalar).utf16 {
                    let hex = String(unit, radix: 16, uppercase: true)
                    result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                }
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }
}
