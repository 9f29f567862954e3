import Foundation
import ModelForm

extension ImportState {
    /// Conditional fields: `if`/`then`/`else`, `dependentRequired`, `dependentSchemas` and
    /// draft-07 `dependencies` (RJSF's `oneOf` of cases included) become `visibleIf` and
    /// `requiredIf` rules over the sibling properties they test.
    mutating func conditions(_ schema: JSONValue, pointer: String, entity: String) {
        if let test = schema["if"], let condition = condition(test, pointer: pointer + "/if", entity: entity) {
            branch(schema["then"], pointer: pointer + "/then", when: condition, entity: entity)
            branch(schema["else"], pointer: pointer + "/else", when: .not(condition), entity: entity)
        }
        var required = schema["dependentRequired"]?.object?.pairs ?? []
        var schemas = schema["dependentSchemas"]?.object?.pairs ?? []
        for (key, dependency) in schema["dependencies"]?.object?.pairs ?? [] {
            if dependency.array != nil { required.append((key, dependency)) } else { schemas.append((key, dependency)) }
        }
        for (key, names) in required {
            for name in names.array?.compactMap(\.string) ?? [] {
                require(name, when: .not(.isEmpty(FormPath([.key(key)]))), entity: entity)
            }
        }
        for (key, dependency) in schemas {
            let dependencyPointer =
                pointer + (schema["dependentSchemas"]?[key] != nil ? "/dependentSchemas/" : "/dependencies/")
                + JSONParser.escape(key)
            let given = Condition.not(.isEmpty(FormPath([.key(key)])))
            if let cases = dependency["oneOf"]?.array {
                for (index, option) in cases.enumerated() {
                    let casePointer = dependencyPointer + "/oneOf/\(index)"
                    guard let test = option["properties"]?[key], let condition = match(key, test, entity: entity) else {
                        note(
                            "a 'oneOf' case of a dependency that does not fix '\(key)' with 'const' or 'enum' shows no fields; the schema checks it",
                            at: casePointer)
                        continue
                    }
                    branch(option, pointer: casePointer, when: .and(given, condition), entity: entity, skipping: key)
                }
            }
            branch(
                dependency, pointer: dependencyPointer, when: given, entity: entity, skipping: nil, casesHandled: true)
        }
    }

    /// The condition an `if` schema states: each property it tests equal to a `const` or one
    /// of an `enum`, or of a `type` that tells a union's alternatives (or free JSON's values)
    /// apart (all of them); `nil`, with an error, for anything else.
    private mutating func condition(_ test: JSONValue, pointer: String, entity: String) -> Condition? {
        let allowed: Set<String> = ["properties", "required", "type", "$comment", "title", "description"]
        let extra = test.object?.keys.filter { !allowed.contains($0) } ?? []
        guard let tested = test["properties"]?.object, !tested.pairs.isEmpty, extra.isEmpty else {
            note(
                "this 'if' tests something other than sibling properties' constants or enums: its branches show no fields of their own; the schema checks them",
                at: pointer)
            return nil
        }
        var result: Condition?
        for (key, schema) in tested.pairs {
            guard let next = match(key, schema, entity: entity) else {
                note(
                    "this 'if' tests '\(key)' with something other than 'const' or 'enum': its branches show no fields of their own; the schema checks them",
                    at: pointer + "/properties/" + JSONParser.escape(key))
                return nil
            }
            result = result.map { .and($0, next) } ?? next
        }
        return result
    }

    private func match(_ key: String, _ schema: JSONValue, entity: String) -> Condition? {
        let path = FormPath([.key(key)])
        if let kind = testedKind(key, schema, entity: entity) { return .hasKind(path, kind) }
        if let constant = schema["const"], let value = Self.literal(constant) {
            return .compare(path, .equal, .value(value))
        }
        if let values = schema["enum"]?.array {
            let literals = values.compactMap(Self.literal)
            guard literals.count == values.count else { return nil }
            return literals.count == 1
                ? .compare(path, .equal, .value(literals[0])) : .oneOf(path, literals, negated: false)
        }
        return nil
    }

    /// The kind `{"type": "string"}` tests `key` for (a rule's `key is text`), where the
    /// property is free JSON or a union with an alternative of that kind: elsewhere the test
    /// could not change, and a form refuses it.
    private func testedKind(_ key: String, _ schema: JSONValue, entity: String) -> Condition.ValueKind? {
        let annotations: Set<String> = ["type", "title", "description", "$comment"]
        guard let type = schema["type"]?.string, schema.object?.keys.allSatisfy(annotations.contains) == true,
            var property = propertyType(key, in: entity)
        else { return nil }
        let kinds: [String: Condition.ValueKind] = [
            "string": .text, "number": .number, "boolean": .boolean, "array": .list, "object": .record,
        ]
        guard let kind = kinds[type] else { return nil }
        if property.hasSuffix("?") { property.removeLast() }
        if property == "JSON" { return kind }
        guard let union = unionDefinitions.first(where: { $0.name == property })?.body,
            case .record(let body) = union, case .list(let items)? = body.values.first
        else { return nil }
        let shapes: [String: Condition.ValueKind] = [
            "text": .text, "number": .number, "boolean": .boolean, "list": .list, "record": .record, "map": .record,
        ]
        let held = items.compactMap { item -> Condition.ValueKind? in
            switch item {
            case .string(let expression): return shapes[self.kind(of: expression)]
            case .record(let alternative): return alternative["type"]?.stringValue.flatMap { shapes[self.kind(of: $0)] }
            default: return nil
            }
        }
        return held.contains(kind) ? kind : nil
    }

    /// Whether `start`'s `requiredIf` rules lead (through other rules) to `target`.
    private func reaches(_ start: String, _ target: String) -> Bool {
        var stack = [start]
        var seen: Set<String> = []
        while let next = stack.popLast() {
            if next == target { return true }
            guard seen.insert(next).inserted else { continue }
            stack += requiredReads[next] ?? []
        }
        return false
    }

    /// A scalar as a form holds it (a whole number as an integer when one holds it); `nil`
    /// for an array or an object.
    static func literal(_ value: JSONValue) -> FormValue? {
        switch value {
        case .string(let text): .string(text)
        case .number(let number):
            number.isInteger
                ? Int64(exactly: number.double).map(FormValue.int) ?? .double(number.double) : .double(number.double)
        case .bool(let flag): .bool(flag)
        case .null: .null
        default: nil
        }
    }

    /// A branch's new properties appear while `condition` holds; its `required` keys are
    /// required while it holds; a property it forbids (`"key": false`) is hidden, and its
    /// value cleared on save, while it holds.
    private mutating func branch(
        _ schema: JSONValue?, pointer: String, when condition: Condition, entity: String, skipping: String? = nil,
        casesHandled: Bool = false
    ) {
        guard let schema, schema.object != nil else { return }
        let resolved = dereferenced(schema, pointer: pointer)
        if !casesHandled {
            for keyword in ["oneOf", "anyOf"] where resolved.schema[keyword] != nil {
                note(
                    "'\(keyword)' inside a conditional branch adds no fields; the schema checks it",
                    at: resolved.pointer + "/" + keyword)
            }
        }
        let required = Set(resolved.schema["required"]?.array?.compactMap(\.string) ?? [])
        var present: Set<String> = []
        for (key, property) in resolved.schema["properties"]?.object?.pairs ?? [] where key != skipping {
            let id = entity + "." + key
            if property == .bool(false) {
                forbid(key, when: condition, entity: entity)
                continue
            }
            // A field the form always has: the branch only constrains it.
            if hasProperty(key, in: entity), visibility[id] == nil { continue }
            let shown = visibility[id].map { Condition.or($0, condition) } ?? condition
            visibility[id] = shown
            let propertyPointer = resolved.pointer + "/properties/" + JSONParser.escape(key)
            if hasProperty(key, in: entity) {
                updateField(key, in: entity) { $0["visibleIf"] = .string(shown.description) }
                let given = dereferenced(property, pointer: propertyPointer).schema
                if let first = addedByBranch[id], first != .null, first != given {
                    // Another shape in each branch (objects told apart by a sibling's
                    // value): one field cannot be both.
                    note(
                        "'\(key)' differs from branch to branch: edited as free JSON; the schema checks each save",
                        at: propertyPointer)
                    makeFreeJSON(key, in: entity)
                    addedByBranch[id] = .null
                }
            } else {
                // Required in the branch that adds it: present while shown, not optional.
                add(
                    key, property, pointer: propertyPointer, required: required.contains(key), to: entity,
                    condition: shown)
                addedByBranch[id] = dereferenced(property, pointer: propertyPointer).schema
                if required.contains(key) { present.insert(key) }
            }
        }
        for name in resolved.schema["required"]?.array?.compactMap(\.string) ?? []
        where name != skipping && !present.contains(name) {
            require(name, when: condition, entity: entity)
        }
    }

    /// A property the form always has, forbidden while `condition` holds: shown only while
    /// it does not, and cleared when hidden so the saved data leaves it out. (A property a
    /// branch added is already shown only under its own branch's condition.)
    private mutating func forbid(_ key: String, when condition: Condition, entity: String) {
        let id = entity + "." + key
        guard hasProperty(key, in: entity), addedByBranch[id] == nil else { return }
        let hidden: Condition = if case .not(let inner) = condition { inner } else { .not(condition) }
        let shown = visibility[id].map { Condition.and($0, hidden) } ?? hidden
        visibility[id] = shown
        updateField(key, in: entity) { field in
            field["visibleIf"] = .string(shown.description)
            field["clearWhenHidden"] = .string("clear")
        }
    }

    private mutating func require(_ key: String, when condition: Condition, entity: String) {
        let id = entity + "." + key
        // A rule that would make the field depend on itself (RJSF's two-way dependencies) is
        // left to the validator: forms refuse such cycles.
        let reads = Set(
            condition.paths.compactMap { path -> String? in
                if case .key(let name)? = path.components.first { return entity + "." + name } else { return nil }
            })
        if reads.contains(where: { reaches($0, id) }) { return }
        requiredReads[id, default: []].formUnion(reads)
        let rule = requirement[id].map { Condition.or($0, condition) } ?? condition
        requirement[id] = rule
        updateField(key, in: entity) { $0["requiredIf"] = .string(rule.description) }
    }
}
