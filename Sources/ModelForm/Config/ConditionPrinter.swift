/// Writes a condition back as rule text, with parentheses only where precedence needs them
/// (`or` binds loosest, then `and`, then `not`).
enum ConditionPrinter {
    static func text(_ condition: Condition) -> String { text(condition, level: 0) }

    /// `level`: 0 any, 1 inside `or`... the operand of `and` (an `or` needs parentheses),
    /// 2 the operand of `not` (`and` and `or` need them).
    private static func text(_ condition: Condition, level: Int) -> String {
        switch condition {
        case .isTrue(let path): return self.path(path)
        case .isEmpty(let path): return "\(self.path(path)) is empty"
        case .not(.isEmpty(let path)): return "\(self.path(path)) is not empty"
        case .hasKind(let path, let kind): return "\(self.path(path)) is \(kind.rawValue)"
        case .not(.hasKind(let path, let kind)): return "\(self.path(path)) is not \(kind.rawValue)"
        case .compare(let path, let comparison, .value(let value)):
            return "\(self.path(path)) \(comparison.rawValue) \(literal(value))"
        case .compare(let path, let comparison, .field(let other)):
            return "\(self.path(path)) \(comparison.rawValue) \(self.path(other))"
        case .oneOf(let path, let values, let negated):
            return "\(self.path(path)) \(negated ? "not in" : "in") \(literal(.list(values)))"
        case .or(let a, let b):
            let inner = text(a, level: 0) + " or " + text(b, level: 0)
            return level >= 1 ? "(\(inner))" : inner
        case .and(let a, let b):
            let inner = text(a, level: 1) + " and " + text(b, level: 1)
            return level >= 2 ? "(\(inner))" : inner
        case .not(let a): return "not " + text(a, level: 2)
        }
    }

    /// A path as a rule reads it: a key as it is when the rule reads it as one word (after
    /// `.` past the first), else quoted in brackets (`scripts["build:prod"]`,
    /// `["Do you have pets?"]`); positions in brackets.
    static func path(_ path: FormPath) -> String {
        var text = ""
        for component in path.components {
            switch component {
            case .key(let key) where text.isEmpty:
                let plain = ConditionWords.isWord(key) && !ConditionWords.isReserved(key)
                text = plain ? key : "[" + literal(.string(key)) + "]"
            case .key(let key) where ConditionWords.isWord(key): text += "." + key
            case .key(let key): text += "[" + literal(.string(key)) + "]"
            case .index(let index): text += "[\(index)]"
            }
        }
        return text
    }

    static func literal(_ value: FormValue) -> String {
        switch value {
        case .null: return "null"
        case .bool(let flag): return flag ? "true" : "false"
        case .string(let text):
            return "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
                + "\""
        case .list(let items): return "[" + items.map(literal).joined(separator: ", ") + "]"
        case .decimal, .double:
            // A number written with a point keeps one, so that it reads back as the same kind.
            let text = value.plainText
            return text.contains(".") || text.contains("e") ? text : text + ".0"
        default: return value.plainText
        }
    }
}
