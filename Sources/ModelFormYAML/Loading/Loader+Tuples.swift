import ModelForm

extension Loader {
    /// A tuple's positions, `inside` its parentheses: `String, Bool` (a text then a yes or
    /// no), `String, JSON...` (a text then any number of free values: the last type, marked
    /// `...`, is that of every item after the positions).
    mutating func tupleExpression(_ inside: Substring, whole: String, at node: YAMLNode) -> ValueType? {
        var parts = Self.topLevelParts(inside).map { TextChecks.trimmed(String($0)) }
        var rest: ValueType?
        if let last = parts.last, last.hasSuffix("...") {
            parts.removeLast()
            guard let type = parsedType(String(last.dropLast(3)), at: node) else { return nil }
            rest = type
        }
        guard !parts.isEmpty, !parts.contains(where: \.isEmpty) else {
            reader.error(
                "'\(whole)' is not a tuple: write its positions' types between the parentheses, separated by commas (`(String, Bool)`), the last one may end in '...' for the items after them",
                at: node)
            return nil
        }
        var elements: [ValueType] = []
        for part in parts {
            guard let element = parsedType(part, at: node) else { return nil }
            elements.append(element)
        }
        return .tuple(TupleDescription(elements: elements, rest: rest))
    }

    /// `text` split at its commas outside nested brackets, `<>` and parentheses.
    static func topLevelParts(_ text: Substring) -> [Substring] {
        var parts: [Substring] = []
        var start = text.startIndex
        for comma in topLevel(",", in: text) {
            parts.append(text[start..<comma])
            start = text.index(after: comma)
        }
        parts.append(text[start...])
        return parts
    }
}
