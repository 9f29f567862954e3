import ModelForm

extension NodeReader {
    static let ruleNames = [
        "required", "length", "range", "multipleOf", "pattern", "email", "url", "equalTo", "custom",
    ]

    /// Validation rules: `required`, `email`, `url`, or one-key mappings such as
    /// `{length: {min: 6}}`, `{range: {min: 0, max: 120}}`, `{multipleOf: 5}`, `{pattern: "[A-Z]+"}`,
    /// `{equalTo: password}`, `{custom: adult}`; any of them may add `message: ...`.
    mutating func rules(_ node: YAMLNode, siblings: [String]?) -> [ValidationRule] {
        (sequence(node, "'rules'") ?? []).compactMap { rule($0, siblings: siblings) }
    }

    private mutating func rule(_ node: YAMLNode, siblings: [String]?) -> ValidationRule? {
        if let name = node.string, !node.isNull {
            switch name {
            case "required": return ValidationRule(.required)
            case "email": return ValidationRule(.email)
            case "url": return ValidationRule(.url)
            default:
                error("unknown rule '\(name)'" + Suggestion.hint(for: name, in: Self.ruleNames), at: node)
                return nil
            }
        }
        guard let pairs = mapping(node, "a rule") else { return nil }
        var message: String?
        var kind: ValidationRule.Kind?
        let reported = diagnostics.count
        for pair in pairs {
            let name = pair.key.string ?? ""
            switch name {
            case "message": message = string(pair.value, "'message'")
            case "required": kind = bool(pair.value, "'required'") == true ? .required : kind
            case "email": kind = .email
            case "url": kind = .url
            case "length":
                let (min, max) = bounds(pair.value, "'length'", read: { reader, node in reader.int(node, "a length") })
                kind = .length(min: min, max: max)
            case "range":
                let (min, max) = bounds(pair.value, "'range'", read: { reader, node in reader.double(node, "a bound") })
                kind = .range(min: min, max: max)
            case "multipleOf":
                if let step = double(pair.value, "'multipleOf'") {
                    if step > 0 {
                        kind = .multipleOf(step)
                    } else {
                        error("'multipleOf' must be greater than 0", at: pair.value)
                    }
                }
            case "pattern":
                if let pattern = string(pair.value, "'pattern'") {
                    if (try? BoundedRegex(pattern)) == nil {
                        error("'\(pattern)' is not a valid regular expression", at: pair.value)
                    }
                    kind = .pattern(pattern)
                }
            case "equalTo":
                if let other = string(pair.value, "'equalTo'") {
                    if let siblings, !siblings.contains(other) {
                        error(
                            "unknown field '\(other)' in 'equalTo'" + Suggestion.hint(for: other, in: siblings),
                            at: pair.value)
                    }
                    kind = .equalTo(other)
                }
            case "custom": kind = string(pair.value, "'custom'").map { .custom($0) }
            default:
                error(
                    "unknown rule '\(name)'" + Suggestion.hint(for: name, in: Self.ruleNames + ["message"]),
                    at: pair.key)
            }
        }
        guard let kind else {
            // A rule whose one key was already reported as wrong needs no second error.
            if diagnostics.count > reported { return nil }
            error("a rule needs one of: \(Self.ruleNames.joined(separator: ", "))", at: node)
            return nil
        }
        return ValidationRule(kind, message: message)
    }

    private mutating func bounds<T>(_ node: YAMLNode, _ what: String, read: (inout NodeReader, YAMLNode) -> T?) -> (
        T?, T?
    ) {
        var min: T?
        var max: T?
        for pair in mapping(node, what) ?? [] {
            switch pair.key.string {
            case "min": min = read(&self, pair.value)
            case "max": max = read(&self, pair.value)
            default: error("unknown bound '\(pair.key.string ?? "?")' (use min and max)", at: pair.key)
            }
        }
        return (min, max)
    }
}
