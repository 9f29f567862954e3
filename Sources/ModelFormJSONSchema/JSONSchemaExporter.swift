import Foundation
import ModelForm

/// ModelForm types and forms as a JSON Schema: one `$defs` (draft-07: `definitions`) entry
/// per type, titles, help as `description`, placeholders as `examples`, options as `oneOf`
/// of `const` and `title`, rules as keywords (`minLength`, `pattern`, `minimum`...), and
/// conditional fields as `if`/`then` over the fields their rules test; plus a UI schema for
/// react-jsonschema-form (`ui:order`, widgets, placeholders, help) or JSON Forms (a
/// vertical layout of groups, one per section).
///
/// ```swift
/// let schema = JSONSchemaExporter(configs: configs).schema(root: "Order")
/// let json = schema.json
/// ```
public struct JSONSchemaExporter: Sendable {
    /// The UI schema dialects.
    public enum UIDialect: String, Sendable, CaseIterable {
        case rjsf, jsonforms
    }

    public var configs: ConfigDictionary
    public var draft: JSONSchemaDraft

    public init(configs: ConfigDictionary, draft: JSONSchemaDraft = .draft2020) {
        self.configs = configs
        self.draft = draft
    }

    private var definitions: String { draft == .draft7 ? "definitions" : "$defs" }

    /// The schema of `root` and every type it reaches.
    public func schema(root: String) -> JSONValue {
        var defs = JSONObject()
        var queue = [root]
        var seen: Set<String> = [root]
        while !queue.isEmpty {
            let name = queue.removeFirst()
            guard let config = configs[name] else { continue }
            defs[name] = typeSchema(config) { target in
                if seen.insert(target).inserted { queue.append(target) }
            }
        }
        return .object(
            JSONObject([
                ("$schema", .string(draft.metaSchema)), ("$ref", .string("#/\(definitions)/\(root)")),
                (definitions, .object(defs)),
            ]))
    }

    private func typeSchema(_ config: FormConfig, reaching: (String) -> Void) -> JSONValue {
        var properties = JSONObject()
        var required: [JSONValue] = []
        var conditional: [(condition: Condition, key: String, schema: JSONValue, optional: Bool)] = []
        var requiredWhen: [(condition: Condition, key: String)] = []
        let otherKeys = configs.model.entity(config.typeName)?.otherKeys
        var otherEntries: JSONValue?
        for field in config.fields {
            guard let key = field.key, let type = field.valueType, !field.hidden else { continue }
            let property = propertySchema(field, type: type, reaching: reaching)
            if key == otherKeys {
                // The other keys sit beside the properties: their map's entries' schema
                // (none for free JSON: any other key is allowed as it is).
                if type.entryType?.unwrapped != .json { otherEntries = property["additionalProperties"] }
                continue
            }
            if let condition = field.conditions.visibleIf, Self.expressible(condition) {
                conditional.append((condition, key, property, type.isOptional))
            } else {
                properties[key] = property
                if !type.isOptional { required.append(.string(key)) }
            }
            if let condition = field.conditions.requiredIf, Self.expressible(condition) {
                requiredWhen.append((condition, key))
            }
        }
        var schema = JSONObject([("type", .string("object")), ("title", .string(config.title))])
        schema["properties"] = .object(properties)
        if let otherEntries { schema["additionalProperties"] = otherEntries }
        if !required.isEmpty { schema["required"] = .array(required) }
        var branches: [JSONValue] = []
        for condition in Self.unique(conditional.map(\.condition) + requiredWhen.map(\.condition)) {
            var then = JSONObject()
            let shown = conditional.filter { $0.condition == condition }
            if !shown.isEmpty { then["properties"] = .object(JSONObject(shown.map { ($0.key, $0.schema) })) }
            // A conditional field that is not optional is present while it is shown.
            var needed: [JSONValue] = []
            for key in shown.filter({ !$0.optional }).map(\.key)
                + requiredWhen.filter({ $0.condition == condition }).map(\.key)
            where !needed.contains(.string(key)) {
                needed.append(.string(key))
            }
            if !needed.isEmpty { then["required"] = .array(needed) }
            branches.append(.object(JSONObject([("if", Self.ifSchema(condition)), ("then", .object(then))])))
        }
        if branches.count == 1, case .object(let branch) = branches[0] {
            for (key, value) in branch.pairs { schema[key] = value }
        } else if !branches.isEmpty {
            schema["allOf"] = .array(branches)
        }
        return .object(schema)
    }

    /// A property's schema; an array's `item` schema carries only its type and rules.
    ///
    /// It accepts what ModelForm writes and what the model's own `Codable` encoding writes:
    /// `null` for an absent optional (its values JSON writes one), an option set's titles or
    /// its integer, a date as its field type writes it, as an ISO date-time or as a number
    /// (`JSONEncoder`'s default).
    func propertySchema(_ field: Field, type: ValueType, item: Bool = false, reaching: (String) -> Void)
        -> JSONValue
    {
        let unwrapped = type.unwrapped
        var schema = typeSchema(field, type: type, item: item, reaching: reaching)
        if !item { annotate(&schema, with: field) }
        addRules(of: field, to: &schema, type: unwrapped)
        if case .unsigned = unwrapped, schema["minimum"] == nil { schema["minimum"] = .number(JSONNumber(0)) }
        return .object(schema)
    }

    /// The keywords of the value's type, by the field's shape: a reference to a model, an
    /// array of items, a map's entries, else (one value) the value type's keywords.
    private func typeSchema(_ field: Field, type: ValueType, item: Bool, reaching: (String) -> Void) -> JSONObject {
        let nullable = type.isOptional && !item
        switch field.shape {
        case .record(let target):
            return referenceSchema(target, nullable: nullable, reaching)
        case .records, .items:
            return arraySchema(field, itemField: field.itemField ?? field, type: type, nullable: nullable, reaching)
        case .positions:
            return tupleSchema(field, type: type, nullable: nullable, reaching)
        case .entries:
            return mapSchema(field, type: type, nullable: nullable, reaching)
        case .alternatives:
            return unionSchema(field, nullable: nullable, reaching)
        case .single:
            return valueSchema(field, type: type, nullable: nullable, reaching)
        }
    }

    /// A reference to the model's definition (or `null`, for an optional record).
    private func referenceSchema(_ target: String, nullable: Bool, _ reaching: (String) -> Void) -> JSONObject {
        reaching(target)
        let reference = JSONObject([("$ref", .string("#/\(definitions)/\(target)"))])
        guard nullable else { return reference }
        return JSONObject([("anyOf", .array([.object(reference), Self.null]))])
    }

    /// The `null` schema an optional value's alternatives end with.
    static let null = JSONValue.object(JSONObject([("type", .string("null"))]))

    /// A list's keywords: `array` (`uniqueItems` for a set), its items described by `itemField`.
    private func arraySchema(
        _ field: Field, itemField: Field, type: ValueType, nullable: Bool, _ reaching: (String) -> Void
    ) -> JSONObject {
        var schema = JSONObject([("type", Self.typeName("array", nullable: nullable))])
        if case .set = type.unwrapped { schema["uniqueItems"] = .bool(true) }
        var itemField = itemField
        itemField.options = field.options
        let element = type.elementType?.unwrapped ?? .json
        schema["items"] = propertySchema(itemField, type: element, item: true, reaching: reaching)
        return schema
    }

    /// A map's keywords: `object`, its entries' schema as `additionalProperties`, the keys'
    /// rules as `propertyNames`.
    private func mapSchema(_ field: Field, type: ValueType, nullable: Bool, _ reaching: (String) -> Void)
        -> JSONObject
    {
        var schema = JSONObject([("type", Self.typeName("object", nullable: nullable))])
        let value = type.entryType ?? .json
        let entryField = field.template ?? Field(key: nil, type: .default, valueType: value)
        schema["additionalProperties"] = propertySchema(entryField, type: value, item: true, reaching: reaching)
        if !field.keyRules.isEmpty {
            // The keys' rules: `propertyNames`, a string schema.
            var names = JSONObject([("type", .string("string"))])
            addRules(of: Field(key: nil, type: .text, rules: field.keyRules), to: &names, type: .string)
            schema["propertyNames"] = .object(names)
        }
        return schema
    }

    /// One value's keywords, by its Swift type: an option set's titles or bits, a date's
    /// forms, options, or a scalar type and format.
    private func valueSchema(_ field: Field, type: ValueType, nullable: Bool, _ reaching: (String) -> Void)
        -> JSONObject
    {
        var schema = JSONObject()
        let unwrapped = type.unwrapped
        switch unwrapped {
        case .array, .set:
            // A list the form edits as one value (a multi-select): its items are the field's.
            return arraySchema(field, itemField: field, type: type, nullable: nullable, reaching)
        case .model(let target):
            // A record the configuration draws as one value: still the model's schema.
            return referenceSchema(target, nullable: nullable, reaching)
        case .dictionary:
            return mapSchema(field, type: type, nullable: nullable, reaching)
        case .json, .unsupported, .union, .tuple:
            // Free JSON: any value (`null` too), so no keyword at all. A Swift type ModelForm
            // does not edit (an enum with associated values) writes what its own `Codable`
            // writes, which the describer cannot know: no keyword either.
            break
        case .optionSet:
            // A bitfield's values file holds the titles of the bits set; `Codable` writes the integer.
            let bits = JSONValue.object(
                JSONObject([("type", .string("integer")), ("minimum", .number(JSONNumber(0)))]))
            schema["anyOf"] = .array([Self.titlesArray(field.options), bits] + (nullable ? [Self.null] : []))
        case .date where field.options.isEmpty:
            schema["anyOf"] = .array(Self.dateAlternatives(field.type) + (nullable ? [Self.null] : []))
        case .string, .bool, .integer, .unsigned, .float, .decimal, .date, .url, .data, .enumeration,
            .optional, .singleValue:
            if !field.options.isEmpty, unwrapped != .bool {
                schema["oneOf"] = .array(
                    field.options.map { option in
                        .object(JSONObject([("const", Self.json(option.value)), ("title", .string(option.title))]))
                    } + (nullable ? [Self.null] : []))
            } else {
                let (name, format) = Self.scalar(unwrapped, fieldType: field.type)
                schema["type"] = Self.typeName(name, nullable: nullable)
                if let format { schema["format"] = .string(format) }
            }
        }
        return schema
    }

    /// A `type` keyword: the name, or the name and `null` for an optional value.
    static func typeName(_ name: String, nullable: Bool) -> JSONValue {
        nullable ? .array([.string(name), .string("null")]) : .string(name)
    }

    /// An array of distinct option titles: what a values file holds for a bitfield.
    private static func titlesArray(_ options: [FieldOption]) -> JSONValue {
        let titles = options.map { option in
            JSONValue.object(JSONObject([("const", .string(option.title)), ("title", .string(option.title))]))
        }
        return .object(
            JSONObject([
                ("type", .string("array")), ("uniqueItems", .bool(true)),
                ("items", .object(JSONObject([("oneOf", .array(titles))]))),
            ]))
    }

    /// A property's title, description, examples, default and read-only flag.
    private func annotate(_ schema: inout JSONObject, with field: Field) {
        if field.relationship == nil { schema["title"] = .string(field.title) }
        if let help = field.help, !help.isEmpty { schema["description"] = .string(help) }
        // The placeholder, then the suggested values: examples, which constrain nothing, as
        // suggestions do not.
        var examples = field.options.isEmpty ? [field.placeholder ?? ""] : []
        examples += field.offeredSuggestions.filter { !examples.contains($0) }
        examples.removeAll(where: \.isEmpty)
        if !examples.isEmpty { schema["examples"] = .array(examples.map(JSONValue.string)) }
        if let value = field.defaultValue, value != .null { schema["default"] = Self.json(value, type: field.type) }
        if field.readOnly { schema["readOnly"] = .bool(true) }
    }

    /// The field's rules as keywords (`required` as a count of one: present is the
    /// property's place in `required`).
    private func addRules(of field: Field, to schema: inout JSONObject, type unwrapped: ValueType) {
        let isArray =
            schema["type"] == .string("array") || schema["type"] == .array([.string("array"), .string("null")])
        let isMap = unwrapped.entryType != nil
        for rule in field.rules {
            switch rule.kind {
            case .required:
                if isArray || isMap {
                    let minimum = isMap ? "minProperties" : "minItems"
                    if schema[minimum] == nil { schema[minimum] = .number(JSONNumber(1)) }
                } else if Self.scalar(unwrapped, fieldType: field.type).0 == "string", field.options.isEmpty,
                    unwrapped != .date, schema["minLength"] == nil
                {
                    schema["minLength"] = .number(JSONNumber(1))
                }
            case .length(let min, let max):
                let (minimum, maximum) =
                    isMap
                    ? ("minProperties", "maxProperties")
                    : isArray ? ("minItems", "maxItems") : ("minLength", "maxLength")
                if let min { schema[minimum] = .number(JSONNumber(min)) }
                if let max { schema[maximum] = .number(JSONNumber(max)) }
            case .pattern(let pattern): schema["pattern"] = .string(ECMARegex.search(matchingWhole: pattern))
            case .range(let min, let max):
                if let min { schema["minimum"] = .number(JSONNumber(min)) }
                if let max { schema["maximum"] = .number(JSONNumber(max)) }
            case .multipleOf(let step): schema["multipleOf"] = .number(JSONNumber(step))
            case .email: schema["format"] = .string("email")
            case .url: schema["format"] = .string("uri")
            default: break
            }
        }
    }

    /// A date as its field type writes it (`2019-04-01`, `09:30` or the full date and
    /// time), as an ISO date-time, or as `JSONEncoder`'s default number; the first one's
    /// format tells the importer the field type.
    static func dateAlternatives(_ fieldType: FieldType) -> [JSONValue] {
        func string(_ keyword: String, _ value: String) -> JSONValue {
            .object(JSONObject([("type", .string("string")), (keyword, .string(value))]))
        }
        let number = JSONValue.object(JSONObject([("type", .string("number"))]))
        switch fieldType {
        case .date: return [string("format", "date"), string("format", "date-time"), number]
        case .time:
            return [
                string("format", "time"), string("pattern", "^([01][0-9]|2[0-3]):[0-5][0-9](:[0-5][0-9])?$"),
                string("format", "date-time"), number,
            ]
        default: return [string("format", "date-time"), number]
        }
    }

    static func scalar(_ type: ValueType, fieldType: FieldType) -> (String, String?) {
        switch type {
        case .bool: return ("boolean", nil)
        case .integer, .unsigned: return ("integer", nil)
        case .float, .decimal: return ("number", nil)
        case .url: return ("string", "uri")
        case .data: return ("string", fieldType == .image ? "data-url" : nil)
        case .date:
            switch fieldType {
            case .date: return ("string", "date")
            case .time: return ("string", "time")
            default: return ("string", "date-time")
            }
        default:
            switch fieldType {
            case .email: return ("string", "email")
            case .password: return ("string", "password")
            default: return ("string", nil)
            }
        }
    }

    /// A value as JSON; a date as its field type writes it (`2019-04-01`, `09:30`, or the
    /// full date and time).
    static func json(_ value: FormValue, type: FieldType? = nil) -> JSONValue {
        switch value {
        case .date(let date) where type == .date: return .string(ISODate.formatDate(date))
        case .date(let date) where type == .time: return .string(ISODate.formatTime(date))
        case .list(let items): return .array(items.map { json($0, type: type) })
        default: return JSONValue(value)
        }
    }

    /// Conditions an `if` can state: sibling fields equal to a constant or one of several,
    /// a boolean field true, one of a kind (`type`), and `and` of those.
    static func expressible(_ condition: Condition) -> Bool {
        switch condition {
        case .compare(let path, .equal, .value), .oneOf(let path, _, negated: false), .isTrue(let path),
            .hasKind(let path, _):
            return path.components.count == 1
        case .and(let a, let b): return expressible(a) && expressible(b)
        default: return false
        }
    }

    static func ifSchema(_ condition: Condition) -> JSONValue {
        var properties = JSONObject()
        func add(_ condition: Condition) {
            switch condition {
            case .compare(let path, _, .value(let value)):
                properties[path.description] = .object(JSONObject([("const", json(value))]))
            case .oneOf(let path, let values, _):
                properties[path.description] = .object(JSONObject([("enum", .array(values.map { json($0) }))]))
            case .isTrue(let path): properties[path.description] = .object(JSONObject([("const", .bool(true))]))
            case .hasKind(let path, let kind):
                properties[path.description] = .object(JSONObject([("type", .string(schemaType(kind)))]))
            case .and(let a, let b):
                add(a)
                add(b)
            default: break
            }
        }
        add(condition)
        return .object(
            JSONObject([
                ("properties", .object(properties)), ("required", .array(properties.keys.map(JSONValue.string))),
            ]))
    }

    /// The JSON Schema `type` of a rule's kind.
    static func schemaType(_ kind: Condition.ValueKind) -> String {
        switch kind {
        case .text: "string"
        case .number: "number"
        case .boolean: "boolean"
        case .list: "array"
        case .record: "object"
        }
    }

    static func unique(_ conditions: [Condition]) -> [Condition] {
        var result: [Condition] = []
        for condition in conditions where !result.contains(condition) { result.append(condition) }
        return result
    }
}
