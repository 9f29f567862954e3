import Foundation
import ModelForm

extension Context {
    /// Every keyword of an object schema.
    mutating func keywords(
        _ schema: CompiledSchema, _ instance: JSONValue, depth: Int, errors: inout [JSONSchemaError]
    ) -> Bool {
        var valid = true
        if let reference = schema.reference, !follow(reference, instance, depth: depth, errors: &errors) {
            valid = false
        }
        if let reference = schema.dynamicReference,
            !followDynamic(reference, instance, depth: depth, errors: &errors)
        {
            valid = false
        }
        if let types = schema.types, !types.matches(instance) {
            errors.append(error("type", types.message))
            valid = false
        }
        if let choices = schema.choices, !choices.contains(instance) {
            errors.append(error("enum", "must be one of the listed values"))
            valid = false
        }
        if let constant = schema.constant, constant.value != instance {
            errors.append(error("const", constant.message))
            valid = false
        }
        switch instance {
        case .number(let number):
            if let checks = schema.numbers, !numberKeywords(checks, number, errors: &errors) { valid = false }
        case .string(let text):
            if let checks = schema.strings, !stringKeywords(checks, text, errors: &errors) { valid = false }
        case .array(let items):
            if let checks = schema.arrays, !arrayKeywords(checks, items, depth: depth, errors: &errors) {
                valid = false
            }
        case .object(let object):
            if let checks = schema.objects, !objectKeywords(checks, object, depth: depth, errors: &errors) {
                valid = false
            }
        default: break
        }
        if let applicators = schema.applicators, !self.applicators(applicators, instance, depth: depth, errors: &errors)
        {
            valid = false
        }
        return valid
    }

    private func numberKeywords(_ checks: NumberChecks, _ number: JSONNumber, errors: inout [JSONSchemaError]) -> Bool {
        let count = errors.count
        if let minimum = checks.minimum, number < minimum || checks.minimumIsExclusive && !(minimum < number) {
            let message =
                checks.minimumIsExclusive ? "must be more than \(minimum.text)" : "must be at least \(minimum.text)"
            errors.append(error("minimum", message))
        }
        if let maximum = checks.maximum, maximum < number || checks.maximumIsExclusive && !(number < maximum) {
            let message =
                checks.maximumIsExclusive ? "must be less than \(maximum.text)" : "must be at most \(maximum.text)"
            errors.append(error("maximum", message))
        }
        if let bound = checks.exclusiveMinimum, !(bound < number) {
            errors.append(error("exclusiveMinimum", "must be more than \(bound.text)"))
        }
        if let bound = checks.exclusiveMaximum, !(number < bound) {
            errors.append(error("exclusiveMaximum", "must be less than \(bound.text)"))
        }
        if let divisor = checks.multipleOf, !number.isMultiple(of: divisor) {
            errors.append(error("multipleOf", "must be a multiple of \(divisor.text)"))
        }
        return errors.count == count
    }

    private func stringKeywords(_ checks: StringChecks, _ text: String, errors: inout [JSONSchemaError]) -> Bool {
        let count = errors.count
        if checks.minLength != nil || checks.maxLength != nil {
            let length = Double(text.scalarCount)
            if let minimum = checks.minLength, length < minimum.double {
                errors.append(error("minLength", "must be at least \(minimum.text) characters"))
            }
            if let maximum = checks.maxLength, length > maximum.double {
                errors.append(error("maxLength", "must be at most \(maximum.text) characters"))
            }
        }
        if let (pattern, regex) = checks.pattern {
            switch regex.matches(text, whole: false, budget: patternBudget) {
            case .match: break
            case .noMatch: errors.append(error("pattern", "must match the pattern \(pattern)"))
            case .tooCostly: errors.append(error("pattern", "is too costly to check against the pattern \(pattern)"))
            case .busy: errors.append(error("pattern", Validator.busyMessage(pattern: "the pattern " + pattern)))
            }
        }
        if assertsFormats, let (format, check) = checks.format, !check(text) {
            errors.append(error("format", "is not a valid \(format)"))
        }
        return errors.count == count
    }

    /// `minItems`/`maxItems` and `minProperties`/`maxProperties`: whether `count` is within
    /// the bounds given.
    private func count(
        _ count: Int, bounds: (minimum: JSONNumber?, maximum: JSONNumber?), keywords: (String, String),
        of noun: String, errors: inout [JSONSchemaError]
    ) -> Bool {
        var valid = true
        if let minimum = bounds.minimum, Double(count) < minimum.double {
            errors.append(error(keywords.0, "must have at least \(minimum.text) \(noun)"))
            valid = false
        }
        if let maximum = bounds.maximum, Double(count) > maximum.double {
            errors.append(error(keywords.1, "must have at most \(maximum.text) \(noun)"))
            valid = false
        }
        return valid
    }

    private mutating func arrayKeywords(
        _ checks: ArrayChecks, _ items: [JSONValue], depth: Int, errors: inout [JSONSchemaError]
    ) -> Bool {
        var valid = count(
            items.count, bounds: (checks.minItems, checks.maxItems), keywords: ("minItems", "maxItems"), of: "items",
            errors: &errors)
        if checks.uniqueItems {
            // One pass with a set (JSON Schema's equality, hashed to match it), not every pair.
            var seen: Set<JSONValue> = []
            seen.reserveCapacity(items.count)
            if !items.allSatisfy({ seen.insert($0).inserted }) {
                errors.append(error("uniqueItems", "must not repeat an item"))
                valid = false
            }
        }
        for (index, item) in items.enumerated() {
            guard let itemSchema = index < checks.tuple.count ? checks.tuple[index] : checks.rest else { continue }
            if !evaluate(itemSchema, item, at: String(index), depth: depth + 1, errors: &errors) { valid = false }
        }
        if let contains = checks.contains {
            var matching = 0
            for (index, item) in items.enumerated() {
                location.append(String(index))
                if holds(contains, item, depth: depth) { matching += 1 }
                location.removeLast()
            }
            if Double(matching) < checks.minContains {
                let message =
                    checks.minContains == 1
                    ? "must contain a matching item" : "must contain at least \(Int(checks.minContains)) matching items"
                errors.append(error("contains", message))
                valid = false
            }
            if let maximum = checks.maxContains, Double(matching) > maximum.double {
                errors.append(error("maxContains", "must contain at most \(maximum.text) matching items"))
                valid = false
            }
        }
        return valid
    }

    private mutating func objectKeywords(
        _ checks: ObjectChecks, _ object: JSONObject, depth: Int, errors: inout [JSONSchemaError]
    ) -> Bool {
        var valid = true
        // The members first, counting the required properties they meet; the errors of
        // `required` and the count go before theirs.
        let start = errors.count
        var requiredMet = 0
        if checks.walksMembers {
            for (key, value) in object.pairs
            where !member(key, value, of: checks, requiredMet: &requiredMet, depth: depth, errors: &errors) {
                valid = false
            }
        }
        var first: [JSONSchemaError] = []
        if requiredMet < checks.requiredProperties || checks.requiredElsewhere.contains(where: { object[$0] == nil }) {
            for key in checks.required where object[key] == nil {
                first.append(error("required", "'\(key)' is required", property: key))
            }
        }
        _ = count(
            object.count, bounds: (checks.minProperties, checks.maxProperties),
            keywords: ("minProperties", "maxProperties"), of: "properties", errors: &first)
        if !first.isEmpty {
            errors.insert(contentsOf: first, at: start)
            valid = false
        }
        for (key, dependency) in checks.dependencies where object[key] != nil {
            switch dependency {
            case .names(let names):
                for name in names where object[name] == nil {
                    errors.append(
                        error(checks.dependencyKeyword, "'\(name)' is required when '\(key)' is given", property: name))
                    valid = false
                }
            case .schema(let schema):
                if !evaluate(schema, .object(object), depth: depth + 1, errors: &errors) { valid = false }
            }
        }
        return valid
    }

    /// One member of an object: its property's schema, the patterns its name matches, else
    /// `additionalProperties`; and `propertyNames`.
    private mutating func member(
        _ key: String, _ value: JSONValue, of checks: ObjectChecks, requiredMet: inout Int, depth: Int,
        errors: inout [JSONSchemaError]
    ) -> Bool {
        var valid = true
        var matched = false
        if let property = checks.properties[key] {
            matched = true
            if property.isRequired { requiredMet += 1 }
            if !evaluate(property.schema, value, at: key, depth: depth + 1, errors: &errors) { valid = false }
        }
        for (pattern, regex, subschema) in checks.patternProperties {
            let unchecked: String
            switch regex.matches(key, whole: false, budget: patternBudget) {
            case .noMatch: continue
            case .match: unchecked = ""
            case .tooCostly: unchecked = "the name is too costly to check against the pattern \(pattern)"
            case .busy: unchecked = "the name " + Validator.busyMessage(pattern: "the pattern " + pattern)
            }
            guard unchecked.isEmpty else {
                location.append(key)
                errors.append(error("patternProperties", unchecked))
                location.removeLast()
                valid = false
                continue
            }
            matched = true
            if !evaluate(subschema, value, at: key, depth: depth + 1, errors: &errors) { valid = false }
        }
        if !matched, let additional = checks.additionalProperties {
            if checks.forbidsAdditionalProperties {
                errors.append(error("additionalProperties", "has a property '\(key)' the schema does not allow"))
                valid = false
            } else if !evaluate(additional, value, at: key, depth: depth + 1, errors: &errors) {
                valid = false
            }
        }
        if let names = checks.propertyNames, !holds(names, .string(key), depth: depth) {
            errors.append(error("propertyNames", "has a property name '\(key)' the schema does not allow"))
            valid = false
        }
        return valid
    }

    private mutating func applicators(
        _ checks: Applicators, _ instance: JSONValue, depth: Int, errors: inout [JSONSchemaError]
    ) -> Bool {
        var valid = true
        for subschema in checks.allOf where !evaluate(subschema, instance, depth: depth + 1, errors: &errors) {
            valid = false
        }
        if let alternatives = checks.anyOf, !alternatives.contains(where: { holds($0, instance, depth: depth) }) {
            errors.append(error("anyOf", "does not match any of the alternatives"))
            valid = false
        }
        if let alternatives = checks.oneOf {
            let matching = alternatives.filter { holds($0, instance, depth: depth) }.count
            if matching != 1 {
                let message =
                    matching == 0 ? "does not match any of the alternatives" : "matches more than one alternative"
                errors.append(error("oneOf", message))
                valid = false
            }
        }
        if let negated = checks.not, holds(negated, instance, depth: depth) {
            errors.append(error("not", "matches a schema it must not match"))
            valid = false
        }
        if let (condition, then, otherwise) = checks.condition {
            if holds(condition, instance, depth: depth) {
                if let then, !evaluate(then, instance, depth: depth + 1, errors: &errors) { valid = false }
            } else if let otherwise, !evaluate(otherwise, instance, depth: depth + 1, errors: &errors) {
                valid = false
            }
        }
        return valid
    }
}
