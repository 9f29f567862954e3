import ModelForm

/// `oneOf` / `anyOf` of several kinds, and `type` lists, imported as a union of
/// alternatives (`unions:` in the types document), each found from the data by its kind.
extension ImportState {
    /// The union type of `alternatives` (the schemas of `keyword` at `pointer`); `nil`, with
    /// a note, when the form cannot tell them apart by kind (two texts, a free JSON one, one
    /// that is the union again), which leaves the value free JSON.
    mutating func unionType(
        _ alternatives: [JSONValue], keyword: String, pointer: String, suggested: String, key: String
    ) -> String? {
        guard !unionsInProgress.contains(pointer) else {
            note(
                "alternatives that contain themselves are edited as free JSON; the schema checks each save", at: pointer
            )
            return nil
        }
        unionsInProgress.insert(pointer)
        defer { unionsInProgress.remove(pointer) }
        var items: [FormValue] = []
        var kinds: [String: Int] = [:]
        let places = alternatives.indices.map { keyword == "type" ? pointer : pointer + "/" + keyword + "/\($0)" }
        let resolvedAll = zip(alternatives, places).map { dereferenced($0, pointer: $1) }
        let titles = alternativeTitles(resolvedAll, alternatives)
        for (index, resolved) in resolvedAll.enumerated() {
            let named = titles[index].map { TypeNames.pascal($0) }.map { suggested + $0 }
            // An object of any keys (no properties named) is a map of free values.
            let type =
                Self.isOpenObject(resolved.schema)
                ? PropertyType(expression: "[String: JSON]")
                : propertyType(
                    resolved.schema, pointer: resolved.pointer, suggested: named ?? suggested + "Option\(index + 1)",
                    key: key)
            let shape = kind(of: type.expression)
            if shape == "json" || kinds[shape] != nil {
                let which =
                    kinds[shape].map { "alternatives \($0 + 1) and \(index + 1) are both \(shape)" }
                    ?? "alternative \(index + 1) takes any value"
                note(
                    "'\(keyword)' \(which): the form cannot tell them apart yet, so the value is free JSON; the schema checks each save",
                    at: keyword == "type" ? pointer + "/type" : pointer + "/" + keyword)
                return nil
            }
            if shape != "record" { kinds[shape] = index }
            let expression = type.written
            if let title = titles[index] {
                items.append(.record(["type": .string(expression), "title": .string(title)]))
            } else {
                items.append(.string(expression))
            }
        }
        let name = unique(TypeNames.pascal(suggested))
        let rule = keyword == "oneOf" ? "oneOf" : "anyOf"
        unionDefinitions.append((name, .record(FormRecord([(rule, FormValue.list(items))]))))
        return name
    }

    /// The values a text offers when every alternative is a string and at least one takes
    /// any string of its own kind (`anyOf: [{enum: [json, yaml]}, {type: string}]`, "one of
    /// these or any text", or strings told apart by `pattern`): the form edits a text, offers
    /// the alternatives' constant strings (which may be none), and the schema checks each
    /// save. `nil` when an alternative is not a string.
    mutating func textSuggestions(_ alternatives: [JSONValue], keyword: String, pointer: String) -> [String]? {
        var suggestions: [String] = []
        var takesAnyText = false
        for (index, alternative) in alternatives.enumerated() {
            let schema = dereferenced(alternative, pointer: pointer + "/" + keyword + "/\(index)").schema
            guard schema["type"] == nil || schema["type"] == .string("string") else { return nil }
            if let constant = schema["const"] {
                guard let text = constant.string else { return nil }
                suggestions.append(text)
            } else if let values = schema["enum"]?.array {
                let texts = values.compactMap(\.string)
                guard texts.count == values.count else { return nil }
                suggestions += texts
            } else if schema["type"] == .string("string"), Self.isPlainText(schema) {
                takesAnyText = true
            } else {
                return nil
            }
        }
        guard takesAnyText else { return nil }
        var seen = Set<String>()
        return suggestions.filter { !$0.isEmpty && seen.insert($0).inserted }
    }

    /// A string schema a text field edits as it is: no keyword that makes it something
    /// else (a date, a number in text, a choice, an object's alternatives).
    static func isPlainText(_ schema: JSONValue) -> Bool {
        let dated = schema["format"]?.string.map { ["date", "date-time", "time", "binary", "byte"].contains($0) }
        return ["oneOf", "anyOf", "allOf", "not", "if", "$ref"].allSatisfy { schema[$0] == nil } && dated != true
    }

    /// `{"type": "null"}`, `{"const": null}` or `{"enum": [null]}`: the alternative that
    /// makes a property optional, with any annotations beside it (pubspec's `{"$comment":
    /// ..., "description": ..., "type": "null"}`).
    static func isNull(_ alternative: JSONValue) -> Bool {
        guard let object = alternative.object else { return false }
        let asserting = object.pairs.filter { !isAnnotation($0.key) }
        guard asserting.count == 1, let only = asserting.first else { return false }
        switch only.key {
        case "type": return only.value == .string("null")
        case "const": return only.value == .null
        case "enum": return only.value == .array([.null])
        default: return false
        }
    }

    /// A keyword that asserts nothing about the data: a title, a description, a comment,
    /// examples, a default, an editor's extension (`x-taplo`, `markdownDescription`).
    static func isAnnotation(_ keyword: String) -> Bool {
        keyword.hasPrefix("x-")
            || [
                "$comment", "title", "description", "markdownDescription", "examples", "default", "deprecated",
                "readOnly", "writeOnly", "$id", "$anchor", "$schema", "deprecationMessage", "errorMessage",
            ].contains(keyword)
    }

    /// Alternatives that only constrain what the schema beside them describes: each names
    /// no type, properties, items or values of its own, only which keys must (`required`) or
    /// must not (`not`, a property that is `false`) be there, or how many (rust-toolchain's "`channel` or `path`, not
    /// both": `oneOf: [{not: {required: [path]}}, {required: [path]}]`). The form is the
    /// schema's own; the schema checks the alternatives on each save.
    static func onlyConstrain(_ alternatives: [JSONValue]) -> Bool {
        let constraining: Set<String> = [
            "required", "not", "minProperties", "maxProperties", "dependentRequired", "dependencies",
        ]
        return !alternatives.isEmpty
            && alternatives.allSatisfy { alternative in
                guard let object = alternative.object, !object.pairs.isEmpty else { return false }
                return object.pairs.allSatisfy { pair in
                    // `properties` that only forbid keys (hatch's `{"dev-mode-dirs": false}`).
                    if pair.key == "properties" {
                        return pair.value.object?.pairs.allSatisfy { $0.value == .bool(false) } ?? false
                    }
                    return constraining.contains(pair.key) || isAnnotation(pair.key)
                }
            }
    }

    /// Whether the first alternative is a field's own form (a formatted string, an array of
    /// titles) and the others only the plain scalars its value may also be written as: what
    /// the exporter writes for dates (`format: date`, a date-time, a number) and option sets
    /// (the titles, or the integer). A list of free values beside a scalar ("a list of globs
    /// or one pattern") is a real alternative, not an encoding: its data may be either.
    static func isFirstWithItsEncodings(_ alternatives: [JSONValue]) -> Bool {
        guard let first = alternatives.first,
            first["format"] != nil
                || first["type"] == .string("array")
                    && first["items"]?["oneOf"].map(isConstantChoice) == true
        else { return false }
        return alternatives.dropFirst().allSatisfy { item in
            guard let type = item["type"]?.string, ["string", "number", "integer"].contains(type) else { return false }
            // A constant is a value of its own ("none" beside a URL), not another way to write one.
            return item["properties"] == nil && item["$ref"] == nil && item["items"] == nil && item["enum"] == nil
                && item["const"] == nil
        }
    }

    static func isConstantChoice(_ alternatives: JSONValue) -> Bool {
        guard let items = alternatives.array, !items.isEmpty else { return false }
        return items.allSatisfy { $0["const"] != nil || $0["enum"]?.array?.count == 1 }
    }

    /// `{"type": "object"}` with no properties, patterns or schema for other keys: any object.
    static func isOpenObject(_ schema: JSONValue) -> Bool {
        guard schema["type"] == .string("object") else { return false }
        return ["properties", "patternProperties", "additionalProperties", "$ref", "oneOf", "anyOf", "allOf"].allSatisfy
        {
            schema[$0] == nil
        }
    }

    /// What a data value of a type expression looks like to the form: `text`, `number`,
    /// `boolean`, `list`, `map`, `record` or `json` (any of them).
    func kind(of expression: String) -> String {
        var type = expression
        if type.hasSuffix("?") { type.removeLast() }
        if type == "JSON" { return "json" }
        if type.hasPrefix("[String:") { return "map" }
        if type.hasPrefix("(") { return "list" }  // a tuple
        if type.hasPrefix("[") || type.hasPrefix("Set<") { return "list" }
        switch type {
        case "String", "URL", "Date", "Data": return "text"
        case "Int", "Int64", "Int32", "UInt", "Double", "Float", "Decimal": return "number"
        case "Bool": return "boolean"
        default: return isEnum(type) ? "text" : "record"
        }
    }

    /// The constant strings of an object alternative's properties, its `allOf` parts' too, in
    /// order (`{"properties": {"kind": {"enum": ["API"]}}}` → `[("kind", "API")]`): what
    /// tells it from the others.
    func constants(of schema: JSONValue, pointer: String) -> [(key: String, value: String)] {
        var result: [(key: String, value: String)] = []
        for part in [schema] + allOfParts(of: schema, pointer: pointer).map(\.schema) {
            for (key, property) in part["properties"]?.object?.pairs ?? [] {
                let values = property["enum"]?.array
                if let constant = property["const"]?.string ?? values.flatMap({ $0.count == 1 ? $0[0].string : nil }) {
                    result.append((key, constant))
                }
            }
        }
        return result
    }

    /// The key the most constants are held for (`kind`), the first such key on a tie, and how
    /// many: each list is one alternative's keys of constant properties.
    static func tellingKey(_ keys: [[String]]) -> (key: String, count: Int)? {
        var counts: [String: Int] = [:]
        var order: [String] = []
        for key in keys.joined() {
            if counts[key] == nil { order.append(key) }
            counts[key, default: 0] += 1
        }
        return order.max { counts[$0, default: 0] < counts[$1, default: 0] }.map { ($0, counts[$0] ?? 0) }
    }

    /// The keys an object schema requires (`required`) or describes (`properties`), in order.
    static func keys(of schema: JSONValue, _ keyword: String) -> [String] {
        guard schema["type"] == .string("object") || schema["properties"] != nil else { return [] }
        return schema[keyword]?.array?.compactMap(\.string) ?? schema[keyword]?.object?.pairs.map(\.key) ?? []
    }

    /// Each alternative's title: its own `title`, else the value of its telling constant
    /// (the property most alternatives hold a constant for: `Dog`; Backstage's `kind`, `API`,
    /// `Component`), with the first other constant that differs added where two would read
    /// the same (`Template (scaffolder.backstage.io/v1beta3)`).
    func alternativeTitles(_ resolved: [(schema: JSONValue, pointer: String)], _ originals: [JSONValue])
        -> [String?]
    {
        let telling = resolved.map { constants(of: $0.schema, pointer: $0.pointer) }
        let key = Self.tellingKey(telling.map { $0.map(\.key) })?.key
        let told = telling.map { constants in
            (constants.first { $0.key == key } ?? constants.first).map { TitleInference.title(forCase: $0.value) }
        }
        let objects = resolved.filter { $0.schema["type"] == .string("object") || $0.schema["properties"] != nil }
        let requiredKeys = resolved.map { objects.count > 1 ? Self.keys(of: $0.schema, "required") : [] }
        let propertyKeys = resolved.map { objects.count > 1 ? Self.keys(of: $0.schema, "properties") : [] }
        return resolved.indices.map { index in
            if let title = resolved[index].schema["title"]?.string ?? originals[index]["title"]?.string { return title }
            guard let title = told[index] else {
                // One of several objects, told apart by a key only it requires (pubspec's
                // `git`), else by a key only it has (`path`); a definition's is its name.
                // The one object beside other kinds is titled by its kind, as they are
                // (pubspec's hosted: Text or Record, not its generated type's name).
                guard Self.definitionName(resolved[index].pointer) == nil else { return nil }
                if objects.count == 1, resolved[index].schema["properties"] != nil { return "Record" }
                let own = [requiredKeys, propertyKeys].lazy.compactMap { keys in
                    keys[index].first { key in keys.indices.allSatisfy { $0 == index || !keys[$0].contains(key) } }
                }.first
                return own.map { TitleInference.title(forKey: $0) }
            }
            let twins = told.indices.filter { $0 != index && told[$0] == title }
            guard !twins.isEmpty else { return title }
            let other = telling[index].first { constant in
                constant.key != key && twins.allSatisfy { twin in !telling[twin].contains { $0 == constant } }
            }
            return other.map { "\(title) (\($0.value))" } ?? title
        }
    }
}
