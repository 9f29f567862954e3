import Foundation
import ModelForm

extension Context {
    /// Every keyword of an object schema.
    mutating func keywords(
        _ schema: SchemaKeywords, _ instance: JSONValue, at location: [String], depth: Int,
        errors: inout [JSONSchemaError]
    ) -> Bool {
        var valid = true
        func fail(_ keyword: String, _ message: String) {
            errors.append(JSONSchemaError(location: location, keyword: keyword, message: message))
            valid = false
        }
        if let reference = schema[.ref]?.string,
            !follow(reference, instance, at: location, depth: depth, errors: &errors)
        {
            valid = false
        }
        if draft == .draft2020, let reference = schema[.dynamicRef]?.string,
            !followDynamic(reference, instance, at: location, depth: depth, errors: &errors)
        {
            valid = false
        }
        if let type = schema[.type], !Self.matches(type: type, instance) {
            let names = type.array?.compactMap(\.string) ?? [type.string ?? ""]
            fail("type", "must be " + names.map { Self.article($0) }.joined(separator: " or "))
        }
        if let choices = schema[.enum]?.array, !choices.contains(instance) {
            fail("enum", "must be one of the listed values")
        }
        if !draft4, let constant = schema[.const], constant != instance { fail("const", "must be \(constant.json)") }
        switch instance {
        case .number(let number): if !numberKeywords(schema, number, at: location, errors: &errors) { valid = false }
        case .string(let text): if !stringKeywords(schema, text, at: location, errors: &errors) { valid = false }
        case .array(let items):
            if !arrayKeywords(schema, items, at: location, depth: depth, errors: &errors) { valid = false }
        case .object(let object):
            if !objectKeywords(schema, object, at: location, depth: depth, errors: &errors) { valid = false }
        default: break
        }
        if !applicators(schema, instance, at: location, depth: depth, errors: &errors) { valid = false }
        return valid
    }

    static func matches(type: JSONValue, _ instance: JSONValue) -> Bool {
        if let names = type.array { return names.contains { matches(type: $0, instance) } }
        guard let name = type.string else { return true }
        switch (name, instance) {
        case ("integer", .number(let number)): return number.isInteger
        default: return name == instance.typeName
        }
    }

    static func article(_ type: String) -> String {
        ["integer", "array", "object"].contains(type) ? "an " + type : "a " + type
    }

    private func numberKeywords(
        _ schema: SchemaKeywords, _ number: JSONNumber, at location: [String], errors: inout [JSONSchemaError]
    ) -> Bool {
        var valid = true
        func fail(_ keyword: String, _ message: String, _ property: String? = nil) {
            errors.append(JSONSchemaError(location: location, keyword: keyword, message: message, property: property))
            valid = false
        }
        // Draft-04: a boolean `exclusiveMinimum` / `exclusiveMaximum` makes the bound exclusive.
        let exclusiveMinimum = draft4 && schema[.exclusiveMinimum] == .bool(true)
        let exclusiveMaximum = draft4 && schema[.exclusiveMaximum] == .bool(true)
        if let minimum = schema[.minimum]?.number, number < minimum || exclusiveMinimum && !(minimum < number) {
            fail("minimum", exclusiveMinimum ? "must be more than \(minimum.text)" : "must be at least \(minimum.text)")
        }
        if let maximum = schema[.maximum]?.number, maximum < number || exclusiveMaximum && !(number < maximum) {
            fail("maximum", exclusiveMaximum ? "must be less than \(maximum.text)" : "must be at most \(maximum.text)")
        }
        if let bound = schema[.exclusiveMinimum]?.number, !(bound < number) {
            fail("exclusiveMinimum", "must be more than \(bound.text)", nil)
        }
        if let bound = schema[.exclusiveMaximum]?.number, !(number < bound) {
            fail("exclusiveMaximum", "must be less than \(bound.text)", nil)
        }
        if let divisor = schema[.multipleOf]?.number, !number.isMultiple(of: divisor) {
            fail("multipleOf", "must be a multiple of \(divisor.text)", nil)
        }
        return valid
    }

    private func stringKeywords(
        _ schema: SchemaKeywords, _ text: String, at location: [String], errors: inout [JSONSchemaError]
    ) -> Bool {
        var valid = true
        func fail(_ keyword: String, _ message: String, _ property: String? = nil) {
            errors.append(JSONSchemaError(location: location, keyword: keyword, message: message, property: property))
            valid = false
        }
        let length = text.scalarCount
        if let minimum = schema[.minLength]?.number, Double(length) < minimum.double {
            fail("minLength", "must be at least \(minimum.text) characters", nil)
        }
        if let maximum = schema[.maxLength]?.number, Double(length) > maximum.double {
            fail("maxLength", "must be at most \(maximum.text) characters", nil)
        }
        if let pattern = schema[.pattern]?.string, let regex = registry.patterns[pattern] {
            switch regex.matches(text, whole: false, budget: patternBudget) {
            case .match: break
            case .noMatch: fail("pattern", "must match the pattern \(pattern)", nil)
            case .tooCostly: fail("pattern", "is too costly to check against the pattern \(pattern)", nil)
            case .busy: fail("pattern", Validator.busyMessage(pattern: "the pattern " + pattern), nil)
            }
        }
        if validator.assertsFormats, let format = schema[.format]?.string, let check = Formats.check(format),
            !check(text)
        {
            fail("format", "is not a valid \(format)", nil)
        }
        return valid
    }

    private mutating func arrayKeywords(
        _ schema: SchemaKeywords, _ items: [JSONValue], at location: [String], depth: Int,
        errors: inout [JSONSchemaError]
    ) -> Bool {
        var valid = true
        func fail(_ keyword: String, _ message: String, _ property: String? = nil) {
            errors.append(JSONSchemaError(location: location, keyword: keyword, message: message, property: property))
            valid = false
        }
        if let minimum = schema[.minItems]?.number, Double(items.count) < minimum.double {
            fail("minItems", "must have at least \(minimum.text) items", nil)
        }
        if let maximum = schema[.maxItems]?.number, Double(items.count) > maximum.double {
            fail("maxItems", "must have at most \(maximum.text) items", nil)
        }
        if schema[.uniqueItems] == .bool(true) {
            // One pass with a set (JSON Schema's equality, hashed to match it), not every pair.
            var seen: Set<JSONValue> = []
            seen.reserveCapacity(items.count)
            if !items.allSatisfy({ seen.insert($0).inserted }) { fail("uniqueItems", "must not repeat an item", nil) }
        }
        var tuple: [JSONValue] = []
        var rest: JSONValue?
        if draft == .draft7 {
            if let array = schema[.items]?.array {
                tuple = array
                rest = schema[.additionalItems]
            } else {
                rest = schema[.items]
            }
        } else {
            tuple = schema[.prefixItems]?.array ?? []
            rest = schema[.items]
        }
        for (index, item) in items.enumerated() {
            let itemSchema = index < tuple.count ? tuple[index] : rest
            guard let itemSchema else { continue }
            if !evaluate(itemSchema, item, at: location + [String(index)], depth: depth + 1, errors: &errors) {
                valid = false
            }
        }
        if !draft4, let contains = schema[.contains] {
            let matching = items.indices.filter {
                holds(contains, items[$0], at: location + [String($0)], depth: depth)
            }.count
            let minimum = draft == .draft2020 ? schema[.minContains]?.number?.double ?? 1 : 1
            if Double(matching) < minimum {
                fail(
                    "contains",
                    minimum == 1
                        ? "must contain a matching item" : "must contain at least \(Int(minimum)) matching items", nil)
            }
            if draft == .draft2020, let maximum = schema[.maxContains]?.number?.double, Double(matching) > maximum {
                fail(
                    "maxContains", "must contain at most \(schema[.maxContains]?.number?.text ?? "") matching items",
                    nil)
            }
        }
        return valid
    }

    private mutating func objectKeywords(
        _ schema: SchemaKeywords, _ object: JSONObject, at location: [String], depth: Int,
        errors: inout [JSONSchemaError]
    ) -> Bool {
        var valid = true
        func fail(_ keyword: String, _ message: String, _ property: String? = nil) {
            errors.append(JSONSchemaError(location: location, keyword: keyword, message: message, property: property))
            valid = false
        }
        if let required = schema[.required]?.array {
            for key in required.compactMap(\.string) where object[key] == nil {
                fail("required", "'\(key)' is required", key)
            }
        }
        if let minimum = schema[.minProperties]?.number, Double(object.count) < minimum.double {
            fail("minProperties", "must have at least \(minimum.text) properties", nil)
        }
        if let maximum = schema[.maxProperties]?.number, Double(object.count) > maximum.double {
            fail("maxProperties", "must have at most \(maximum.text) properties", nil)
        }
        let properties = schema[.properties]?.object
        let patterns = schema[.patternProperties]?.object
        for (key, value) in object.pairs {
            var matched = false
            if let subschema = properties?[key] {
                matched = true
                if !evaluate(subschema, value, at: location + [key], depth: depth + 1, errors: &errors) {
                    valid = false
                }
            }
            for (pattern, subschema) in patterns?.pairs ?? [] {
                guard let regex = registry.patterns[pattern] else { continue }
                let unchecked: String
                switch regex.matches(key, whole: false, budget: patternBudget) {
                case .noMatch: continue
                case .match: unchecked = ""
                case .tooCostly: unchecked = "the name is too costly to check against the pattern \(pattern)"
                case .busy: unchecked = "the name " + Validator.busyMessage(pattern: "the pattern " + pattern)
                }
                guard unchecked.isEmpty else {
                    errors.append(
                        JSONSchemaError(
                            location: location + [key], keyword: "patternProperties", message: unchecked, property: nil
                        ))
                    valid = false
                    continue
                }
                matched = true
                if !evaluate(subschema, value, at: location + [key], depth: depth + 1, errors: &errors) {
                    valid = false
                }
            }
            if !matched, let additional = schema[.additionalProperties] {
                if additional == .bool(false) {
                    errors.append(
                        JSONSchemaError(
                            location: location, keyword: "additionalProperties",
                            message: "has a property '\(key)' the schema does not allow"))
                    valid = false
                } else if !evaluate(additional, value, at: location + [key], depth: depth + 1, errors: &errors) {
                    valid = false
                }
            }
            if !draft4, let names = schema[.propertyNames], !holds(names, .string(key), at: location, depth: depth) {
                fail("propertyNames", "has a property name '\(key)' the schema does not allow", nil)
            }
        }
        var dependencies: [(key: String, value: JSONValue)] = []
        if draft == .draft7 {
            dependencies = schema[.dependencies]?.object?.pairs ?? []
        } else {
            dependencies =
                (schema[.dependentRequired]?.object?.pairs ?? []) + (schema[.dependentSchemas]?.object?.pairs ?? [])
        }
        for (key, dependency) in dependencies where object[key] != nil {
            if let names = dependency.array {
                for name in names.compactMap(\.string) where object[name] == nil {
                    fail(
                        draft == .draft7 ? "dependencies" : "dependentRequired",
                        "'\(name)' is required when '\(key)' is given", name)
                }
            } else if !evaluate(dependency, .object(object), at: location, depth: depth + 1, errors: &errors) {
                valid = false
            }
        }
        return valid
    }

    private mutating func applicators(
        _ schema: SchemaKeywords, _ instance: JSONValue, at location: [String], depth: Int,
        errors: inout [JSONSchemaError]
    ) -> Bool {
        var valid = true
        func fail(_ keyword: String, _ message: String, _ property: String? = nil) {
            errors.append(JSONSchemaError(location: location, keyword: keyword, message: message, property: property))
            valid = false
        }
        for subschema in schema[.allOf]?.array ?? []
        where !evaluate(subschema, instance, at: location, depth: depth + 1, errors: &errors) { valid = false }
        if let alternatives = schema[.anyOf]?.array,
            !alternatives.contains(where: { holds($0, instance, at: location, depth: depth) })
        {
            fail("anyOf", "does not match any of the alternatives", nil)
        }
        if let alternatives = schema[.oneOf]?.array {
            let matching = alternatives.filter { holds($0, instance, at: location, depth: depth) }.count
            if matching != 1 {
                fail(
                    "oneOf",
                    matching == 0 ? "does not match any of the alternatives" : "matches more than one alternative", nil)
            }
        }
        if let negated = schema[.not], holds(negated, instance, at: location, depth: depth) {
            fail("not", "matches a schema it must not match", nil)
        }
        if !draft4, let condition = schema[.if] {
            if holds(condition, instance, at: location, depth: depth) {
                if let then = schema[.then], !evaluate(then, instance, at: location, depth: depth + 1, errors: &errors)
                {
                    valid = false
                }
            } else if let otherwise = schema[.else],
                !evaluate(otherwise, instance, at: location, depth: depth + 1, errors: &errors)
            {
                valid = false
            }
        }
        return valid
    }
}
