import Foundation

/// A mistake in a condition's text: what, and where (0-based, in characters from the start
/// of the text, so a forms file can put a caret under it).
///
/// A caret under the mistake:
///
/// ```swift
/// do throws(ConditionError) {
///     _ = try Condition(parsing: "age >")
/// } catch {
///     let caret = String(repeating: " ", count: error.offset) + "^"  // under where it went wrong
///     print("age >\n\(caret) \(error.message)")
/// }
/// ```
public struct ConditionError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What is wrong.
    public var message: String
    /// Where, in characters from the start of the rule.
    public var offset: Int

    public var description: String { message }
}

extension Condition {
    /// Parses a rule: paths (`address.country`, `items[0].name`, `scripts["build:prod"]`), literals (`"text"`, `'text'`,
    /// numbers, `true`, `false`, `null`, `[lists]`), `==` `!=` `<` `<=` `>` `>=`, `in`,
    /// `not in`, `and`, `or`, `not`, parentheses, `empty(x)`, `x is empty`, `x is not empty`,
    /// `x is text` (or `number`, `boolean`, `list`, `record`; `is not` too) and a bare boolean
    /// path.
    ///
    /// ```swift
    /// let rule = try Condition(parsing: #"repeat in ["weekly", "monthly"]"#)
    /// ```
    public init(parsing text: String) throws(ConditionError) {
        self = try Self.parseWithPlaces(text).condition
    }

    /// The condition and where each path and literal of it starts, for load-time checks.
    package static func parseWithPlaces(_ text: String) throws(ConditionError) -> (
        condition: Condition, places: ConditionPlaces
    ) {
        var parser = ConditionParser(tokens: try ConditionLexer.tokens(text), end: text.count)
        let condition = try parser.expression()
        guard parser.atEnd else { throw parser.error("expected 'and', 'or' or the end of the rule") }
        return (condition, parser.places)
    }
}

/// One word or symbol of a condition, with where it starts.
/// Where the paths and literals of a parsed condition start, in document order.
package struct ConditionPlaces: Sendable {
    /// Each path and its offset.
    package var paths: [(path: FormPath, offset: Int)] = []
    /// Each literal's offset (list items one by one).
    package var literals: [Int] = []

    /// The offset of a path's first occurrence.
    package func offset(of path: FormPath) -> Int { paths.first { $0.path == path }?.offset ?? 0 }
}

struct ConditionToken: Equatable {
    enum Kind: Equatable {
        case word(String)
        case number(FormValue)
        case text(String)
        case symbol(String)
    }

    var kind: Kind
    var offset: Int
}

enum ConditionLexer {
    static func tokens(_ text: String) throws(ConditionError) -> [ConditionToken] {
        let characters = Array(text)
        var tokens: [ConditionToken] = []
        var index = 0
        while index < characters.count {
            let character = characters[index]
            let start = index
            if character.isWhitespace {
                index += 1
            } else if ConditionWords.startsAWord(character) {
                while index < characters.count, ConditionWords.isWordCharacter(characters[index]) { index += 1 }
                tokens.append(ConditionToken(kind: .word(String(characters[start..<index])), offset: start))
            } else if character.isNumber
                || (character == "-" && index + 1 < characters.count && characters[index + 1].isNumber)
            {
                index += 1
                while index < characters.count, characters[index].isNumber || characters[index] == "." { index += 1 }
                let literal = String(characters[start..<index])
                // A number keeps 38 digits: more would be rounded, and the rule would not print
                // back as it was written.
                let digits = literal.filter(\.isNumber).drop { $0 == "0" }.count
                if digits > 38 {
                    throw ConditionError(
                        message: "'\(literal.excerpt(40))' has more digits than a number keeps (38)", offset: start)
                }
                if let integer = Int64(literal) {
                    tokens.append(ConditionToken(kind: .number(.int(integer)), offset: start))
                } else if let decimal = Decimal(string: literal, locale: Locale(identifier: "en_US_POSIX")),
                    literal.filter({ $0 == "." }).count == 1, literal.last != "."
                {
                    tokens.append(ConditionToken(kind: .number(.decimal(decimal)), offset: start))
                } else {
                    throw ConditionError(message: "'\(literal)' is not a number", offset: start)
                }
            } else if character == "\"" || character == "'" {
                index += 1
                var value = ""
                while index < characters.count, characters[index] != character {
                    if characters[index] == "\\", index + 1 < characters.count { index += 1 }
                    value.append(characters[index])
                    index += 1
                }
                guard index < characters.count else {
                    throw ConditionError(message: "the text is not closed: add \(character)", offset: start)
                }
                index += 1
                tokens.append(ConditionToken(kind: .text(value), offset: start))
            } else if "=!<>".contains(character) {
                let next = index + 1 < characters.count ? characters[index + 1] : " "
                if next == "=" {
                    index += 2
                    tokens.append(ConditionToken(kind: .symbol(String(character) + "="), offset: start))
                } else if character == "<" || character == ">" {
                    index += 1
                    tokens.append(ConditionToken(kind: .symbol(String(character)), offset: start))
                } else {
                    throw ConditionError(
                        message: character == "="
                            ? "'=' is not a comparison: write '=='" : "'!' is not an operator: write 'not' or '!='",
                        offset: start)
                }
            } else if "()[],.".contains(character) {
                index += 1
                tokens.append(ConditionToken(kind: .symbol(String(character)), offset: start))
            } else {
                throw ConditionError(message: "unexpected '\(character)'", offset: start)
            }
        }
        return tokens
    }
}

/// Recursive descent over the tokens: `or` binds loosest, then `and`, then `not`, then a
/// comparison. Nesting is bounded (``InputLimits/nameDepth`` levels of parentheses and
/// `not`), so a hostile rule cannot exhaust the stack.
struct ConditionParser {
    let tokens: [ConditionToken]
    let end: Int
    var position = 0
    var depth = 0
    var places = ConditionPlaces()

    var atEnd: Bool { position == tokens.count }
    private var current: ConditionToken? { atEnd ? nil : tokens[position] }
    private var offset: Int { current?.offset ?? end }

    func error(_ message: String) -> ConditionError { ConditionError(message: message, offset: offset) }

    private func isWord(_ word: String) -> Bool { current?.kind == .word(word) }
    private func isSymbol(_ symbol: String) -> Bool { current?.kind == .symbol(symbol) }

    private mutating func take(_ symbol: String, _ message: String) throws(ConditionError) {
        guard isSymbol(symbol) else { throw error(message) }
        position += 1
    }

    mutating func expression() throws(ConditionError) -> Condition {
        depth += 1
        defer { depth -= 1 }
        guard depth <= InputLimits.nameDepth else {
            throw error("the rule nests more than \(InputLimits.nameDepth) levels")
        }
        var condition = try conjunction()
        while isWord("or") {
            position += 1
            condition = .or(condition, try conjunction())
        }
        return condition
    }

    private mutating func conjunction() throws(ConditionError) -> Condition {
        var condition = try negation()
        while isWord("and") {
            position += 1
            condition = .and(condition, try negation())
        }
        return condition
    }

    private mutating func negation() throws(ConditionError) -> Condition {
        guard isWord("not") else { return try comparison() }
        position += 1
        depth += 1
        defer { depth -= 1 }
        guard depth <= InputLimits.nameDepth else {
            throw error("the rule nests more than \(InputLimits.nameDepth) levels")
        }
        return .not(try negation())
    }

    private mutating func comparison() throws(ConditionError) -> Condition {
        if isSymbol("(") {
            position += 1
            let inner = try expression()
            try take(")", "expected ')'")
            return inner
        }
        if isWord("empty"), position + 1 < tokens.count, tokens[position + 1].kind == .symbol("(") {
            position += 2
            let path = try self.path()
            try take(")", "expected ')' after the path")
            return .isEmpty(path)
        }
        guard quotedFirstKey != nil || word.map({ !ConditionWords.keywords.contains($0) }) == true else {
            throw error(
                current.map { "expected a field name, found \(describe($0))" }
                    ?? "expected a field, 'not', 'empty(...)' or '('")
        }
        let path = try self.path()
        if let symbol = currentSymbol, let comparison = Condition.Comparison(rawValue: symbol) {
            position += 1
            if case .word(let name)? = current?.kind, !ConditionWords.isReserved(name) {
                return .compare(path, comparison, .field(try self.path()))
            }
            return .compare(path, comparison, .value(try literal()))
        }
        if isWord("in") {
            position += 1
            return .oneOf(path, try list(), negated: false)
        }
        if isWord("not"), position + 1 < tokens.count, tokens[position + 1].kind == .word("in") {
            position += 2
            return .oneOf(path, try list(), negated: true)
        }
        if isWord("is") {
            position += 1
            let negated = isWord("not")
            if negated { position += 1 }
            let test: Condition
            if isWord("empty") {
                test = .isEmpty(path)
            } else if let kind = word.flatMap(Condition.ValueKind.init(rawValue:)) {
                test = .hasKind(path, kind)
            } else {
                let kinds = Condition.ValueKind.allCases.map(\.rawValue).joined(separator: ", ")
                throw error("expected 'empty' or a kind (\(kinds)) after 'is'")
            }
            position += 1
            return negated ? .not(test) : test
        }
        return .isTrue(path)
    }

    private var word: String? {
        if case .word(let word)? = current?.kind { return word }
        return nil
    }

    private var currentSymbol: String? {
        if case .symbol(let symbol)? = current?.kind { return symbol }
        return nil
    }

    /// The quoted first key the next tokens are, `["Do you have pets?"]` (a field whose name
    /// is no word), else `nil`.
    private var quotedFirstKey: String? {
        guard isSymbol("["), position + 2 < tokens.count, case .text(let key) = tokens[position + 1].kind,
            tokens[position + 2].kind == .symbol("]")
        else { return nil }
        return key
    }

    private mutating func path() throws(ConditionError) -> FormPath {
        let start = offset
        var components: [FormPath.Component] = []
        if let key = quotedFirstKey {
            components.append(.key(key))
            position += 3
        } else {
            guard let first = word, !ConditionWords.isReserved(first) else {
                throw error("expected a field name")
            }
            components.append(.key(first))
            position += 1
        }
        while true {
            if isSymbol(".") {
                position += 1
                guard let key = word else { throw error("expected a field name after '.'") }
                components.append(.key(key))
                position += 1
            } else if isSymbol("[") {
                position += 1
                switch current?.kind {
                case .text(let key)?:  // a map's key that is not a plain name: `scripts["build:prod"]`
                    components.append(.key(key))
                case .number(.int(let index))? where index >= 0:
                    components.append(.index(Int(index)))
                default:
                    throw error("expected an index or a quoted key in brackets")
                }
                position += 1
                try take("]", "expected ']'")
            } else {
                break
            }
            guard components.count <= InputLimits.nameDepth else {
                throw error("the path has more than \(InputLimits.nameDepth) parts")
            }
        }
        places.paths.append((FormPath(components), start))
        return FormPath(components)
    }

    private mutating func literal() throws(ConditionError) -> FormValue {
        let start = offset
        if case .symbol("[")? = current?.kind {} else if !atEnd { places.literals.append(start) }
        switch current?.kind {
        case .number(let value)?:
            position += 1
            return value
        case .text(let text)?:
            position += 1
            return .string(text)
        case .word(let word)? where ConditionWords.literals[word] != nil:
            position += 1
            return ConditionWords.literals[word] ?? .null
        case .symbol("[")?:
            return .list(try list())
        default:
            throw error(
                current.map { "expected a value, found \(describe($0))" } ?? "expected a value after the comparison")
        }
    }

    private mutating func list() throws(ConditionError) -> [FormValue] {
        depth += 1
        defer { depth -= 1 }
        guard depth <= InputLimits.nameDepth else {
            throw error("the rule nests more than \(InputLimits.nameDepth) levels")
        }
        try take("[", "expected a list in brackets: [\"a\", \"b\"]")
        var items: [FormValue] = []
        while !isSymbol("]") {
            guard !atEnd else { throw error("expected ']'") }
            items.append(try literal())
            if isSymbol(",") { position += 1 } else if !isSymbol("]") { throw error("expected ',' or ']'") }
        }
        position += 1
        return items
    }

    private func describe(_ token: ConditionToken) -> String {
        switch token.kind {
        case .word(let word): "'\(word)'"
        case .number(let value): "'\(value.plainText)'"
        case .text(let text): "\"\(text)\""
        case .symbol(let symbol): "'\(symbol)'"
        }
    }
}
