import Foundation
import ModelForm

/// One validation's state: the base URI and draft in force, and the dynamic scope (the
/// resources entered, outermost first) that `$dynamicRef` searches.
struct Context {
    let validator: JSONSchemaValidator
    var base: String
    var draft: JSONSchemaDraft
    /// Draft-04 is in force (read as draft-07 but for what it lacks: `const`, `contains`,
    /// `propertyNames`, `if`; its `exclusiveMinimum`/`exclusiveMaximum` are booleans that
    /// make `minimum`/`maximum` exclusive).
    var draft4 = false
    var dynamic: [String]
    /// Object schemas evaluated so far: a validation stops past
    /// ``JSONSchemaValidator/maximumSteps``.
    var steps = 0
    var isExhausted: Bool { steps > validator.maximumSteps }
    /// The CPU time this validation's pattern matches share.
    let patternBudget = BoundedRegex.Budget()

    var registry: SchemaRegistry { validator.registry }

    /// Evaluates `schema` against `instance` at `location`, appending errors; returns
    /// whether it holds.
    /// `entered`: the schema was reached through a reference, whose resolution already set
    /// the base URI its own `$id` gives.
    mutating func evaluate(
        _ schema: JSONValue, _ instance: JSONValue, at location: [String], depth: Int, errors: inout [JSONSchemaError],
        entered: Bool = false
    ) -> Bool {
        switch schema {
        case .bool(true): return true
        case .bool(false):
            errors.append(JSONSchemaError(location: location, keyword: "false", message: "is not allowed"))
            return false
        case .object(let members):
            steps += 1
            guard !isExhausted else { return false }
            guard depth < JSONSchemaValidator.maximumDepth else {
                errors.append(
                    JSONSchemaError(
                        location: location, keyword: "$ref",
                        message: "references nest deeper than \(JSONSchemaValidator.maximumDepth) levels"))
                return false
            }
            // Read once the schema is to be evaluated: not for one past the step or depth limit.
            let object = SchemaKeywords(members)
            let saved = (base, draft, dynamic, draft4)
            defer { (base, draft, dynamic, draft4) = saved }
            if let declared = object[.schema]?.string, depth == 0 || object[.id] != nil {
                draft = JSONSchemaDraft.of(.object(JSONObject([("$schema", .string(declared))])))
                draft4 = declared.mentions("draft-04")
            }
            if !entered, let id = object[.id]?.string,
                !(draft == .draft7 && (object[.ref] != nil || id.hasPrefix("#")))
            {
                base = URIs.withoutFragment(URIs.resolve(id, against: base))
                if dynamic.last != base { dynamic.append(base) }
            }
            if draft == .draft7, let reference = object[.ref]?.string {
                return follow(reference, instance, at: location, depth: depth, errors: &errors)
            }
            return keywords(object, instance, at: location, depth: depth, errors: &errors)
        default:
            return true
        }
    }

    /// Evaluates a subschema without keeping its errors.
    mutating func holds(_ schema: JSONValue, _ instance: JSONValue, at location: [String], depth: Int) -> Bool {
        var ignored: [JSONSchemaError] = []
        return evaluate(schema, instance, at: location, depth: depth + 1, errors: &ignored)
    }

    /// `$ref`: the schema it names, evaluated with that schema's base URI.
    mutating func follow(
        _ reference: String, _ instance: JSONValue, at location: [String], depth: Int, errors: inout [JSONSchemaError]
    ) -> Bool {
        guard let target = validator.references.target(reference, against: base, in: registry) else {
            errors.append(
                JSONSchemaError(
                    location: location, keyword: "$ref", message: "names a schema that is not there (\(reference))"))
            return false
        }
        return enter(target, instance, at: location, depth: depth, errors: &errors)
    }

    mutating func enter(
        _ target: (schema: JSONValue, base: String, draft: JSONSchemaDraft), _ instance: JSONValue,
        at location: [String], depth: Int, errors: inout [JSONSchemaError]
    ) -> Bool {
        let saved = (base, draft, dynamic)
        defer { (base, draft, dynamic) = saved }
        base = target.base
        draft = target.draft
        if dynamic.last != base { dynamic.append(base) }
        return evaluate(target.schema, instance, at: location, depth: depth + 1, errors: &errors, entered: true)
    }

    /// `$dynamicRef`: like `$ref`, unless it lands on a `$dynamicAnchor`, when the outermost
    /// resource in the dynamic scope with that anchor wins.
    mutating func followDynamic(
        _ reference: String, _ instance: JSONValue, at location: [String], depth: Int, errors: inout [JSONSchemaError]
    ) -> Bool {
        let absolute = URIs.resolve(reference, against: base)
        if let name = URIs.fragment(absolute), !name.isEmpty, !name.hasPrefix("/"), registry.isDynamicAnchor(absolute) {
            for resource in dynamic where registry.isDynamicAnchor(resource + "#" + name) {
                if let target = registry.resolve("#" + name, against: resource) {
                    return enter(target, instance, at: location, depth: depth, errors: &errors)
                }
            }
        }
        return follow(reference, instance, at: location, depth: depth, errors: &errors)
    }
}
