import Foundation
import ModelForm

/// One validation's state: where in the instance it is, the dynamic scope (the resources
/// entered, outermost first) that `$dynamicRef` searches, and the steps taken.
struct Context {
    let program: SchemaProgram
    let assertsFormats: Bool
    let maximumSteps: Int
    var dynamic: [String]
    /// The instance location being checked, as JSON pointer tokens; an error copies it.
    var location: [String] = []
    /// Object schemas evaluated so far: a validation stops past
    /// ``JSONSchemaValidator/maximumSteps``.
    var steps = 0
    var isExhausted: Bool { steps > maximumSteps }
    /// The CPU time this validation's pattern matches share.
    let patternBudget = BoundedRegex.Budget()

    var registry: SchemaRegistry { program.registry }

    /// An error at the current location.
    func error(_ keyword: String, _ message: String, property: String? = nil) -> JSONSchemaError {
        JSONSchemaError(location: location, keyword: keyword, message: message, property: property)
    }

    /// Evaluates `schema` against `instance`, appending errors; returns whether it holds.
    mutating func evaluate(
        _ schema: CompiledSchema, _ instance: JSONValue, depth: Int, errors: inout [JSONSchemaError]
    ) -> Bool {
        switch schema.kind {
        case .anything: return true
        case .nothing:
            errors.append(error("false", "is not allowed"))
            return false
        case .checks, .tooDeep:
            steps += 1
            guard !isExhausted else { return false }
            guard depth < JSONSchemaValidator.maximumDepth, schema.kind == .checks else {
                errors.append(error("$ref", "references nest deeper than \(JSONSchemaValidator.maximumDepth) levels"))
                return false
            }
            let entersResource = schema.resource.map { dynamic.last != $0 } ?? false
            if entersResource, let resource = schema.resource { dynamic.append(resource) }
            defer { if entersResource { dynamic.removeLast() } }
            if schema.isReferenceAlone, let reference = schema.reference {
                return follow(reference, instance, depth: depth, errors: &errors)
            }
            return keywords(schema, instance, depth: depth, errors: &errors)
        }
    }

    /// Evaluates `schema` against the member or item `token` of the current location.
    mutating func evaluate(
        _ schema: CompiledSchema, _ instance: JSONValue, at token: String, depth: Int, errors: inout [JSONSchemaError]
    ) -> Bool {
        location.append(token)
        defer { location.removeLast() }
        return evaluate(schema, instance, depth: depth, errors: &errors)
    }

    /// Evaluates a subschema without keeping its errors.
    mutating func holds(_ schema: CompiledSchema, _ instance: JSONValue, depth: Int) -> Bool {
        var ignored: [JSONSchemaError] = []
        return evaluate(schema, instance, depth: depth + 1, errors: &ignored)
    }

    /// `$ref`: the schema it names, evaluated with that schema's base URI.
    mutating func follow(
        _ reference: ReferenceSlot, _ instance: JSONValue, depth: Int, errors: inout [JSONSchemaError]
    ) -> Bool {
        guard let target = reference.target(in: program) else {
            errors.append(error("$ref", "names a schema that is not there (\(reference.reference))"))
            return false
        }
        return enter(target, instance, depth: depth, errors: &errors)
    }

    mutating func enter(
        _ target: CompiledSchema, _ instance: JSONValue, depth: Int, errors: inout [JSONSchemaError]
    ) -> Bool {
        let entersResource = dynamic.last != target.base
        if entersResource { dynamic.append(target.base) }
        defer { if entersResource { dynamic.removeLast() } }
        return evaluate(target, instance, depth: depth + 1, errors: &errors)
    }

    /// `$dynamicRef`: like `$ref`, unless it lands on a `$dynamicAnchor`, when the outermost
    /// resource in the dynamic scope with that anchor wins.
    mutating func followDynamic(
        _ reference: DynamicReference, _ instance: JSONValue, depth: Int, errors: inout [JSONSchemaError]
    ) -> Bool {
        if let name = reference.anchor {
            for resource in dynamic where registry.isDynamicAnchor(resource + "#" + name) {
                if let target = program.target("#" + name, against: resource, draft4: reference.reference.draft4)?
                    .schema
                {
                    return enter(target, instance, depth: depth, errors: &errors)
                }
            }
        }
        return follow(reference.reference, instance, depth: depth, errors: &errors)
    }
}
