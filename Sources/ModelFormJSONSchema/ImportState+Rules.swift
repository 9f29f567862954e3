import Foundation
import ModelForm
import ModelFormYAML

extension ImportState {
    /// A map (`[String: T]`) of the values `entries` describes. The schema's validator checks
    /// what the form does not show: key patterns and names, the other patterns' values.
    /// A map's rules for its keys: its `propertyNames`' length and pattern, and when it
    /// allows no other keys (`additionalProperties: false`), its `patternProperties`' patterns
    /// (a key must match one).
    mutating func keyRules(_ schema: JSONValue, pointer: String) -> [FormValue] {
        var rules: [FormValue] = []
        if let names = schema["propertyNames"], names.object != nil {
            let resolved = dereferenced(names, pointer: pointer + "/propertyNames")
            rules += self.rules(resolved.schema, pointer: resolved.pointer)
        }
        if schema["additionalProperties"] == .bool(false), let patterns = schema["patternProperties"]?.object,
            patterns.count > 0
        {
            let either = patterns.keys.map { "(?:" + $0 + ")" }.joined(separator: "|")
            let rule = ECMARegex.wholeMatch(searching: either)
            if (try? BoundedRegex(rule)) != nil { rules.append(.record(["pattern": .string(rule)])) }
        }
        return rules
    }

    /// The rules a form can show: length, pattern, range (the validator checks
    /// the rest: exclusive bounds, `multipleOf`, item counts). Counts are non-negative whole
    /// numbers (a located error otherwise) and bounds finite; a count past `Int.max` is
    /// `Int.max`, which no text or list reaches.
    mutating func rules(_ schema: JSONValue, pointer: String) -> [FormValue] {
        var rules: [FormValue] = []
        let minLength = count(schema, "minLength", pointer: pointer)
        let maxLength = count(schema, "maxLength", pointer: pointer)
        let types = schema["type"].map { $0.array?.compactMap(\.string) ?? [$0.string ?? ""] } ?? []
        if !types.contains("array"), minLength != nil || maxLength != nil {
            var bounds = FormRecord()
            if let minLength { bounds["min"] = .int(Int64(minLength)) }
            if let maxLength { bounds["max"] = .int(Int64(maxLength)) }
            rules.append(.record(["length": .record(bounds)]))
        }
        let isMap = Self.mapEntries(schema) != nil && schema["properties"] == nil
        let minItems = count(schema, isMap ? "minProperties" : "minItems", pointer: pointer)
        let maxItems = count(schema, isMap ? "maxProperties" : "maxItems", pointer: pointer)
        if types.contains("array") || isMap, minItems != nil || maxItems != nil {
            var bounds = FormRecord()
            if let minItems { bounds["min"] = .int(Int64(minItems)) }
            if let maxItems { bounds["max"] = .int(Int64(maxItems)) }
            rules.append(.record(["length": .record(bounds)]))
        }
        if let pattern = schema["pattern"]?.string {
            // A pattern no engine reads is the schema's mistake: said here, so that `check`
            // and every other command give one verdict (the validator would skip it).
            let rule = ECMARegex.wholeMatch(searching: pattern)
            if (try? BoundedRegex(rule)) == nil {
                error("'\(pattern.excerpt(60))' is not a valid regular expression", at: pointer + "/pattern")
            } else {
                rules.append(.record(["pattern": .string(rule)]))
            }
        }
        var minimum = bound(schema, "minimum", pointer: pointer)
        var maximum = bound(schema, "maximum", pointer: pointer)
        // Exclusive bounds on whole numbers are inclusive ones a step in (the validator keeps
        // the exclusive bounds of other numbers).
        if types.contains("integer") {
            if let above = bound(schema, "exclusiveMinimum", pointer: pointer), above.rounded() == above {
                minimum = Swift.max(minimum ?? -.infinity, above + 1)
            }
            if let below = bound(schema, "exclusiveMaximum", pointer: pointer), below.rounded() == below {
                maximum = Swift.min(maximum ?? .infinity, below - 1)
            }
        }
        if minimum != nil || maximum != nil {
            var bounds = FormRecord()
            if let minimum { bounds["min"] = .double(minimum) }
            if let maximum { bounds["max"] = .double(maximum) }
            rules.append(.record(["range": .record(bounds)]))
        }
        if let step = bound(schema, "multipleOf", pointer: pointer), step > 0 {
            rules.append(.record(["multipleOf": .double(step)]))
        }
        return rules
    }

    /// A count keyword (`minLength`, `maxItems`...): a non-negative whole number, at most
    /// `Int.max`; anything else is a located error.
    mutating func count(_ schema: JSONValue, _ keyword: String, pointer: String) -> Int? {
        guard let value = schema[keyword] else { return nil }
        guard let number = value.number, number.double >= 0, number.isInteger || number.double == .infinity else {
            error(
                "'\(keyword)' must be a non-negative whole number, not \(Self.text(value)?.excerpt(40) ?? "that")",
                at: pointer + "/" + keyword)
            return nil
        }
        return number.double >= Double(Int.max) ? Int.max : Int(number.double)
    }

    /// A numeric bound (`minimum`, `multipleOf`...): a finite number, or none for a maximum
    /// past every number (a minimum below every number); anything else is a located error.
    mutating func bound(_ schema: JSONValue, _ keyword: String, pointer: String) -> Double? {
        guard let value = schema[keyword] else { return nil }
        guard let number = value.number?.double, number.isFinite else {
            // Draft-07's boolean exclusive bounds are the validator's; they make no form rule.
            if value.number == nil, keyword.hasPrefix("exclusive") { return nil }
            // A bound past every number (`"maximum": 1e400`) bounds nothing.
            if let number = value.number?.double,
                keyword.hasSuffix("aximum") ? number == .infinity : number == -.infinity && keyword.hasSuffix("inimum")
            {
                return nil
            }
            error(
                "'\(keyword)' must be a finite number, not \(Self.text(value)?.excerpt(40) ?? "that")",
                at: pointer + "/" + keyword)
            return nil
        }
        return number
    }

    static func text(_ value: JSONValue) -> String? {
        switch value {
        case .string(let text): text
        case .number(let number): number.text
        case .bool(let flag): flag ? "true" : "false"
        default: nil
        }
    }

    static func defaultText(_ value: JSONValue) -> FormValue? {
        switch value {
        case .array(let items): .list(items.compactMap(defaultText))
        case .object(let object):
            .record(FormRecord(object.pairs.compactMap { key, value in defaultText(value).map { (key, $0) } }))
        case .null: nil
        default: literal(value)
        }
    }
}
