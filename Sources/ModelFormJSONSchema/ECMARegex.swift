/// ECMA-262 patterns (JSON Schema's `pattern`) for ICU's engine: `\d` and `\w` (and their
/// negations) mean ASCII there, so they are spelled out; the rest reads the same.
enum ECMARegex {
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
            case "[": inClass = true; result.append(character)
            case "]": inClass = false; result.append(character)
            default: result.append(character)
            }
        }
        if escaped { result += "\\" }
        return result
    }
}
