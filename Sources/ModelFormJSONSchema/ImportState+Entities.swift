import Foundation
import ModelForm
import ModelFormYAML

extension ImportState {
    /// One object schema as a type and its form: its properties (and those of its `allOf`
    /// parts) in order, then those its alternatives bring, then those its conditions add.
    mutating func entity(_ name: String, _ schema: JSONValue, pointer: String) {
        if let title = schema["title"]?.string { setTitle(title, of: name) }
        var parts = [(schema: schema, pointer: pointer)] + allOfParts(of: schema, pointer: pointer)
        // A `oneOf` / `anyOf` of one alternative is that alternative: a part as `allOf`'s are.
        for keyword in ["oneOf", "anyOf"] {
            guard let only = schema[keyword]?.array, only.count == 1 else { continue }
            parts.append(dereferenced(only[0], pointer: pointer + "/\(keyword)/0"))
        }
        let required = Set(parts.flatMap { $0.schema["required"]?.array?.compactMap(\.string) ?? [] })
        var freeKeys: String?
        for (index, part) in parts.enumerated() {
            let free = unexpressed(in: part.schema, pointer: part.pointer, mapsItsOtherKeys: index == 0)
            freeKeys = freeKeys ?? free
            for (key, property) in part.schema["properties"]?.object?.pairs ?? [] {
                add(
                    key, property, pointer: part.pointer + "/properties/" + JSONParser.escape(key),
                    required: required.contains(key), to: name)
            }
        }
        for part in parts { alternativeProperties(part.schema, pointer: part.pointer, entity: name) }
        for part in parts { conditions(part.schema, pointer: part.pointer, entity: name) }
        if let entries = Self.otherEntries(schema) {
            addOtherKeys(entries, of: schema, pointer: pointer, to: name)
        } else if let freeKeys {
            // Keys the form has no property for, each edited as free JSON.
            addOtherKeys((.bool(true), freeKeys), of: schema, pointer: pointer, to: name)
        }
    }

    /// A schema's `allOf` parts, each with its references followed, and where it is.
    func allOfParts(of schema: JSONValue, pointer: String) -> [(schema: JSONValue, pointer: String)] {
        (schema["allOf"]?.array ?? []).enumerated().map { index, part in
            dereferenced(part, pointer: pointer + "/allOf/\(index)")
        }
    }

    /// The schema of an object's other keys beside its `properties`: its one
    /// `patternProperties` pattern's, or its `additionalProperties` when that is a schema;
    /// `nil` when it has neither, or more than one (several patterns, or a pattern and a
    /// schema for the rest: what one map cannot tell apart yet).
    static func otherEntries(_ schema: JSONValue) -> (schema: JSONValue, keyword: String)? {
        let patterns = schema["patternProperties"]?.object?.count ?? 0
        let additional = schema["additionalProperties"].map { $0.object != nil && $0 != .object(JSONObject()) } ?? false
        guard patterns + (additional ? 1 : 0) == 1 else { return nil }
        return mapEntries(schema)
    }

    /// The map of an object's other keys: a property of its own (`otherProperties`, or a
    /// name no property has), titled by the entries' schema or "Other properties", whose
    /// entries a values file writes beside the properties.
    private mutating func addOtherKeys(
        _ entries: (schema: JSONValue, keyword: String), of schema: JSONValue, pointer: String, to entity: String
    ) {
        var key = "otherProperties"
        var number = 2
        while hasProperty(key, in: entity) || schema["properties"]?[key] != nil {
            key = "otherProperties\(number)"
            number += 1
        }
        let map = mapType(entries, pointer: pointer, suggested: entity + "Other", key: key)
        var field = FormRecord()
        field["key"] = .string(key)
        let value = dereferenced(entries.schema, pointer: pointer + "/" + entries.keyword).schema
        field["title"] = .string(value["title"]?.string ?? "Other properties")
        if let help = value["description"]?.string { field["help"] = .string(help) }
        addProperty(key, type: map.expression, field: .record(field), to: entity)
        markOtherKeys(key, of: entity)
        pointers[entity, default: [:]][key] = pointer + "/" + entries.keyword
    }

    /// The object-level keywords the form does not express, each noted where it is: the
    /// keyword whose keys the object's map of free keys holds (each entry free JSON), when
    /// the object needs one: other keys that one map cannot tell apart (several patterns, a
    /// pattern and a schema for the rest).
    private mutating func unexpressed(in schema: JSONValue, pointer: String, mapsItsOtherKeys: Bool) -> String? {
        for keyword in ["oneOf", "anyOf"]
        where schema[keyword].map({ !Self.isConstantChoice($0) && $0.array?.count != 1 }) ?? false {
            if let alternatives = schema[keyword]?.array, Self.onlyConstrain(alternatives) {
                note("'\(keyword)' is checked by the schema; the form does not show it", at: pointer + "/" + keyword)
                continue
            }
            note(
                "object-level '\(keyword)' alternatives beside the object's own properties are not drawn as a choice: the properties they bring are optional fields, and the schema checks which go together on each save",
                at: pointer + "/" + keyword)
        }
        for keyword in ["not", "unevaluatedProperties", "propertyNames"] where schema[keyword] != nil {
            if keyword == "propertyNames", mapsItsOtherKeys, Self.otherEntries(schema) != nil { continue }
            note("'\(keyword)' is checked by the schema; the form does not show it", at: pointer + "/" + keyword)
        }
        if mapsItsOtherKeys, Self.otherEntries(schema) != nil { return nil }
        for keyword in ["patternProperties", "additionalProperties"] {
            guard let value = schema[keyword], value.object.map({ $0.count > 0 }) ?? false else { continue }
            note(
                "other keys of several kinds (patterns, a schema for the rest) are entries of free JSON; the schema checks each",
                at: pointer + "/" + keyword)
            return keyword
        }
        return nil
    }

    /// The titles of an option set as the exporter writes one: a set of constant titles, or
    /// the integer of its bits (`Codable`'s form); `nil` for other alternatives.
    static func optionSetTitles(_ alternatives: [JSONValue]) -> [String]? {
        guard alternatives.count == 2, alternatives[1]["type"] == .string("integer"),
            alternatives[0]["type"] == .string("array"),
            alternatives[0]["uniqueItems"] == .bool(true), let choices = alternatives[0]["items"]?["oneOf"],
            isConstantChoice(choices)
        else { return nil }
        let titles = (choices.array ?? []).compactMap { $0["const"]?.string }
        return titles.count == choices.array?.count ? titles : nil
    }

    /// The field types a string's key may infer that read or check text more strictly than
    /// a schema's plain `string`.
    static let checkedByName: Set<FieldType> = [.url, .email, .phone]

    /// One property: its type expression and its field.
    /// `condition`: a conditional field, shown while it holds.
    mutating func add(
        _ key: String, _ schema: JSONValue, pointer: String, required: Bool, to entity: String,
        condition: Condition? = nil
    ) {
        let resolved = dereferenced(schema, pointer: pointer)
        var field = FormRecord()
        field["key"] = .string(key)
        let kind = propertyType(
            resolved.schema, pointer: resolved.pointer, suggested: entity + TypeNames.pascal(key), key: key)
        var type = kind.expression
        // A property the data may leave out is optional, a conditional one too: data that
        // lacks it reads as absent and is written back without it (its `requiredIf` rule asks
        // for a value while its condition holds).
        let optional = !required || kind.nullable
        if optional, !type.hasSuffix("?") { type += "?" }
        if let fieldType = kind.fieldType {
            field["type"] = .string(fieldType)
        } else if kind.expression == "String",
            Self.checkedByName.contains(FieldInference.standard.fieldType(for: .string, key: key))
        {
            // A string the schema does not format is any text: a key that reads as a URL, an
            // email or a phone (`git_url`) must not make the form refuse what the schema takes
            // (`git@github.com:org/repo`).
            field["type"] = .string("text")
        }
        if !kind.suggestions.isEmpty { field["suggestions"] = .list(kind.suggestions.map(FormValue.string)) }
        if !kind.positions.isEmpty, kind.positions.contains(where: { $0 != .record(FormRecord()) }) {
            field["positions"] = .list(kind.positions)
        }
        if let rest = kind.restSetting { field["template"] = .record(rest) }
        if !kind.itemSuggestions.isEmpty {
            field["template"] = .record(["suggestions": .list(kind.itemSuggestions.map(FormValue.string))])
        }
        for source in [resolved.schema, schema] {
            if let title = source["title"]?.string, field["title"] == nil, kind.entity == nil || source == schema {
                field["title"] = .string(title)
            }
            if let help = source["description"]?.string, field["help"] == nil { field["help"] = .string(help) }
        }
        if resolved.schema["readOnly"] == .bool(true) || schema["readOnly"] == .bool(true) {
            field["readOnly"] = .bool(true)
        }
        if let example = (schema["examples"] ?? resolved.schema["examples"])?.array?.first,
            let text = Self.text(example)
        {
            field["placeholder"] = .string(text)
        }
        if let value = schema["default"] ?? resolved.schema["default"],
            let text = Self.defaultText(value)
        {
            field["default"] = text
        }
        // `required` means present (the type is not optional), not non-empty: `""` and `[]`
        // are present. A non-empty text or list comes as `minLength` / `minItems`.
        let rules = self.rules(resolved.schema, pointer: resolved.pointer)
        if !rules.isEmpty { field["rules"] = .list(rules) }
        if Self.mapEntries(resolved.schema) != nil, resolved.schema["properties"] == nil {
            let keyRules = self.keyRules(resolved.schema, pointer: resolved.pointer)
            if !keyRules.isEmpty { field["keyRules"] = .list(keyRules) }
        }
        if let condition { field["visibleIf"] = .string(condition.description) }
        addProperty(key, type: type, field: .record(field), to: entity)
        pointers[entity, default: [:]][key] = pointer
    }

    /// `Address` for `/$defs/Address` (or `/definitions/Address`): a definition's own name.
    static func definitionName(_ pointer: String) -> String? {
        let pointer = SchemaBundle.split(pointer).pointer
        for prefix in ["/$defs/", "/definitions/"] where pointer.hasPrefix(prefix) {
            let name = pointer.dropFirst(prefix.count)
            if !name.contains("/"), !name.isEmpty { return TypeNames.pascal(String(name)) }
        }
        return nil
    }

    struct PropertyType {
        var expression: String
        var fieldType: String?
        var nullable = false
        var entity: String?
        /// Values a text field offers (``/ModelForm/Field/suggestions``); for a list, its items'.
        var suggestions: [String] = []
        var itemSuggestions: [String] = []
        /// A tuple's positions' field settings, in order, and those of the items after them.
        var positions: [FormValue] = []
        var restSetting: FormRecord?

        /// The expression, `?` added when the value may be `null` (where a type inside a
        /// list, a map, a tuple or a union says so).
        var written: String { expression + (nullable && !expression.hasSuffix("?") ? "?" : "") }
    }

    /// A property's type expression (`String`, `Int?`, `[Address]`, `Set<Color>`) and the
    /// field type its format asks for.
    mutating func propertyType(_ schema: JSONValue, pointer: String, suggested: String, key: String) -> PropertyType {
        // `true`, `{}`: any JSON value.
        if case .bool = schema { return PropertyType(expression: "JSON") }
        // A constant is an enum of its one value (what tells alternatives apart).
        if let constant = schema["const"], constant != .null, let literal = Self.literal(constant) {
            return PropertyType(expression: addEnum(TypeNames.pascal(suggested), values: [(literal, nil)]))
        }
        if let values = schema["enum"]?.array {
            let nullable = values.contains(.null)
            let cases = values.filter { $0 != .null }.compactMap { value in
                Self.literal(value).map { (value: $0, title: String?.none) }
            }
            guard cases.count == values.count - (nullable ? 1 : 0) else {
                note(
                    "an 'enum' of arrays or objects is edited as free JSON; the schema checks each save",
                    at: pointer + "/enum")
                return PropertyType(expression: "JSON", nullable: nullable)
            }
            return PropertyType(expression: addEnum(TypeNames.pascal(suggested), values: cases), nullable: nullable)
        }
        for keyword in ["oneOf", "anyOf"] {
            guard var alternatives = schema[keyword] else { continue }
            // `null` beside the alternatives makes the property optional.
            let all = alternatives.array ?? []
            // Alternatives beside an object's own properties that no constant tells apart:
            // the object's fields, the properties they bring added (its entity notes them).
            if schema["properties"] != nil, !Self.isConstantChoice(alternatives),
                !toldApartByConstants(all.filter { !Self.isNull($0) }, keyword: keyword, pointer: pointer)
            {
                continue
            }
            if Self.onlyConstrain(all), Self.hasShapeOfItsOwn(schema) {
                // An object's own keys are its form (its entity notes the alternatives).
                if schema["properties"] == nil, schema["type"] != .string("object") {
                    note(
                        "'\(keyword)' is checked by the schema; the form does not show it", at: pointer + "/" + keyword)
                }
                continue
            }
            let present = all.filter { !Self.isNull($0) }
            let nullable = present.count < all.count
            alternatives = .array(present)
            if let titles = Self.optionSetTitles(present), titles.count <= 64 {
                return PropertyType(
                    expression: addBitfield(TypeNames.pascal(suggested), titles: titles), nullable: nullable)
            }
            if present.count == 1 || present.count > 1 && Self.isFirstWithItsEncodings(present) {
                // One alternative (beside null), or a field's form followed by the other ways
                // its value is written (an option set's integer, a date's number).
                let chosen = dereferenced(present[0], pointer: pointer + "/" + keyword + "/0")
                var result = propertyType(chosen.schema, pointer: chosen.pointer, suggested: suggested, key: key)
                result.nullable = result.nullable || nullable
                return result
            }
            if Self.isConstantChoice(alternatives) {
                let cases = (alternatives.array ?? []).compactMap { option -> (value: FormValue, title: String?)? in
                    guard let value = option["const"] ?? option["enum"]?.array?.first, let literal = Self.literal(value)
                    else { return nil }
                    return (literal, option["title"]?.string)
                }
                return PropertyType(expression: addEnum(TypeNames.pascal(suggested), values: cases), nullable: nullable)
            }
            if let suggestions = textSuggestions(present, keyword: keyword, pointer: pointer) {
                return PropertyType(expression: "String", nullable: nullable, suggestions: suggestions)
            }
            if let union = unionType(present, keyword: keyword, pointer: pointer, suggested: suggested, key: key) {
                return PropertyType(expression: union, nullable: nullable)
            }
            return PropertyType(expression: "JSON", nullable: nullable)
        }
        var types = schema["type"].map { $0.array?.compactMap(\.string) ?? [$0.string ?? ""] } ?? []
        let nullable = types.contains("null")
        types.removeAll { $0 == "null" }
        if types.count > 1 {
            // A value of several types: an alternative per type, the rest of the schema kept.
            let alternatives = types.map { type -> JSONValue in
                var single = schema.object ?? JSONObject()
                single["type"] = .string(type)
                return .object(single)
            }
            let union = unionType(alternatives, keyword: "type", pointer: pointer, suggested: suggested, key: key)
            return PropertyType(expression: union ?? "JSON", nullable: nullable)
        }
        let entries = schema["properties"] == nil ? Self.mapEntries(schema) : nil
        let type = types.first ?? impliedType(schema, pointer: pointer, isMap: entries != nil)
        if type == "object", let entries {
            var result = mapType(entries, pointer: pointer, suggested: suggested, key: key)
            result.nullable = nullable
            return result
        }
        var result: PropertyType
        switch type {
        case "integer": result = PropertyType(expression: "Int")
        case "number": result = PropertyType(expression: "Double")
        case "boolean": result = PropertyType(expression: "Bool")
        case "object":
            let name = typeName(
                for: schema, pointer: pointer,
                suggested: Self.definitionName(pointer) ?? TypeNames.pascal(schema["title"]?.string ?? suggested))
            result = PropertyType(expression: name, entity: name)
        case "array": result = arrayType(schema, pointer: pointer, suggested: suggested, key: key)
        case "json": result = PropertyType(expression: "JSON")
        default: result = stringType(schema)
        }
        result.nullable = nullable
        return result
    }

    /// The type a schema without `type` describes, by the keywords it uses: `object`,
    /// `array`, `string` or `number` when they tell, else `json` (any value). An `allOf`
    /// whose parts describe an object (Backstage's `allOf: [{$ref: Entity}, {...}]`) is one.
    mutating func impliedType(_ schema: JSONValue, pointer: String, isMap: Bool) -> String {
        let has = { (keywords: [String]) in keywords.contains { schema[$0] != nil } }
        if isMap || has(["properties", "required", "minProperties", "maxProperties"]) { return "object" }
        for part in allOfParts(of: schema, pointer: pointer)
        where part.schema["type"] == .string("object") || part.schema["properties"] != nil {
            return "object"
        }
        if has(["items", "prefixItems", "minItems", "maxItems", "uniqueItems", "contains"]) { return "array" }
        if has(["format", "pattern", "minLength", "maxLength", "contentMediaType"]) { return "string" }
        if has(["minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf"]) { return "number" }
        return "json"
    }

    /// The schema of a map's values and where it is: an object schema without `properties`
    /// whose `patternProperties` (the first pattern's) or `additionalProperties` is a schema
    /// (not `true`, `false` or `{}`); `nil` for other schemas.
    static func mapEntries(_ schema: JSONValue) -> (schema: JSONValue, keyword: String)? {
        if let patterns = schema["patternProperties"]?.object, let first = patterns.pairs.first {
            return (first.value, "patternProperties/" + JSONParser.escape(first.key))
        }
        if let additional = schema["additionalProperties"], additional.object != nil,
            additional != .object(JSONObject())
        {
            return (additional, "additionalProperties")
        }
        return nil
    }

    mutating func mapType(
        _ entries: (schema: JSONValue, keyword: String), pointer: String, suggested: String, key: String
    ) -> PropertyType {
        let value = dereferenced(entries.schema, pointer: pointer + "/" + entries.keyword)
        let inner = propertyType(
            value.schema, pointer: value.pointer, suggested: ItemTitles.singular(suggested), key: key)
        return PropertyType(expression: "[String: \(inner.written)]", fieldType: nil)
    }

    private func stringType(_ schema: JSONValue) -> PropertyType {
        switch schema["format"]?.string {
        case "email"?: return PropertyType(expression: "String", fieldType: "email")
        case "uri"?, "url"?, "iri"?: return PropertyType(expression: "URL")
        case "date"?: return PropertyType(expression: "Date", fieldType: "date")
        case "date-time"?: return PropertyType(expression: "Date", fieldType: "datetime")
        case "time"?: return PropertyType(expression: "Date", fieldType: "time")
        case "data-url"?:
            return PropertyType(
                expression: "Data",
                fieldType: schema["contentMediaType"]?.string?.hasPrefix("image/") == false ? nil : "image")
        case "password"?: return PropertyType(expression: "String", fieldType: "password")
        default: return PropertyType(expression: "String")
        }
    }
}
