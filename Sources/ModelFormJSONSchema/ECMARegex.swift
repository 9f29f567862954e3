/// ECMA-262 patterns (JSON Schema's `pattern`) for ICU's engine: `\d` and `\w` (and their
/// negations) mean ASCII there, so they are spelled out; the rest reads the same.
enum ECMARegex {
    /// A form's `pattern` rule (a whole-text match, ICU's syntax) for a JSON Schema
    /// `pattern` (a search anywhere in the text, ECMA-262): the same texts match.
    /// `^(?:X)$`, which the exporter writes, comes back as `X`.
    static func wholeMatch(searching pattern: String) -> String {
        if pattern.hasPrefix("^(?:"), pattern.hasSuffix(")$") {
            let inner = String(pattern.dropFirst(4).dropLast(2))
            if isBalanced(inner) { return translate(inner) }
        }
        return "[\\s\\S]*?(?:" + translate(pattern) + ")[\\s\\S]*"
    }

    /// A JSON Schema `pattern` (a search) for a form's whole-text `pattern` rule.
    static func search(matchingWhole pattern: String) -> String { "^(?:" + pattern + ")$" }

    /// Whether every group a pattern opens it also closes, outside classes and escapes (so
    /// that `(?:` … `)` around it is one group).
    static func isBalanced(_ pattern: String) -> Bool {
        var depth = 0
        var inClass = false
        var escaped = false
        for character in pattern {
            if escaped {
                escaped = false
                continue
            }
            switch character {
            case "\\": escaped = true
            case "[" where !inClass: inClass = true
            case "]" where inClass: inClass = false
            case "(" where !inClass: depth += 1
            case ")" where !inClass:
                depth -= 1
                if depth < 0 { return false }
            default: break
            }
        }
        return depth == 0 && !inClass && !escaped
    }

    static func translate(_ pattern: String) -> String {
        guard pattern.contains("\\") else { return pattern }
        var result = ""
        var inClass = false
        var escaped = false
        for character in pattern {
            if escaped {
                escaped = false
                switch character {
                case "d": result += inClass ? "0-9" : "[0-9]"
                case "D": result += inClass ? "\\D" : "[^0-9]"
                case "w": result += inClass ? "A-Za-z0-9_" : "[A-Za-z0-9_]"
                case "W": result += inClass ? "\\W" : "[^A-Za-z0-9_]"
                default: result += "\\" + String(character)
                }
                continue
            }
            switch character {
            case "\\": escaped = true
            case "[":
                inClass = true
                result.append(character)
            case "]":
                inClass = false
                result.append(character)
            default: result.append(character)
            }
        }
        if escaped { result += "\\" }
        return result
    }
}
