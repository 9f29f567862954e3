/// What a rule reads as one word (a field's name): the lexer's rule, which the printer
/// follows to write a path back as the same words.
enum ConditionWords {
    /// A combining mark alone (after a line break) is no start of a name: printed after a
    /// `.`, it would join the dot into one character and the path would not read back.
    static func startsWithAMark(_ character: Character) -> Bool {
        switch character.unicodeScalars.first?.properties.generalCategory {
        case .nonspacingMark?, .spacingMark?, .enclosingMark?: return true
        default: return false
        }
    }

    /// A letter (not a mark) or `_`.
    static func startsAWord(_ character: Character) -> Bool {
        character.isLetter && !startsWithAMark(character) || character == "_"
    }

    /// A letter, a digit or `_`.
    static func isWordCharacter(_ character: Character) -> Bool {
        character.isLetter || character.isNumber || character == "_"
    }

    /// The words a rule reads as its own, not as a field's name.
    static let keywords: Set<String> = ["and", "or", "not", "in", "is", "empty"]

    /// The words a rule reads as values.
    static let literals: [String: FormValue] = ["true": .bool(true), "false": .bool(false), "null": .null]

    /// Whether a rule reads the word `text` as a keyword or a literal, not a field's name.
    static func isReserved(_ text: String) -> Bool { keywords.contains(text) || literals[text] != nil }

    /// Whether a rule reads `text` as one word.
    static func isWord(_ text: String) -> Bool {
        guard let first = text.first, startsAWord(first) else { return false }
        return text.allSatisfy(isWordCharacter)
    }
}
