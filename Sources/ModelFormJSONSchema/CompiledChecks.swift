import ModelForm

/// A schema's number keywords, read once; `nil` when it has none.
struct NumberChecks: Sendable {
    let minimum: JSONNumber?
    let maximum: JSONNumber?
    /// Draft-04: `exclusiveMinimum: true` makes `minimum` exclusive (and the same for maximum).
    let minimumIsExclusive: Bool
    let maximumIsExclusive: Bool
    let exclusiveMinimum: JSONNumber?
    let exclusiveMaximum: JSONNumber?
    let multipleOf: JSONNumber?

    init?(_ schema: SchemaKeywords, draft4: Bool) {
        minimum = schema[.minimum]?.number
        maximum = schema[.maximum]?.number
        minimumIsExclusive = draft4 && schema[.exclusiveMinimum] == .bool(true)
        maximumIsExclusive = draft4 && schema[.exclusiveMaximum] == .bool(true)
        exclusiveMinimum = schema[.exclusiveMinimum]?.number
        exclusiveMaximum = schema[.exclusiveMaximum]?.number
        multipleOf = schema[.multipleOf]?.number
        guard
            minimum != nil || maximum != nil || exclusiveMinimum != nil || exclusiveMaximum != nil || multipleOf != nil
        else { return nil }
    }
}

/// A schema's string keywords, read once, the pattern compiled and the format's check found.
struct StringChecks: Sendable {
    let minLength: JSONNumber?
    let maxLength: JSONNumber?
    let pattern: (source: String, regex: BoundedRegex)?
    let format: (name: String, check: @Sendable (String) -> Bool)?

    init?(_ schema: SchemaKeywords, patterns: [String: BoundedRegex]) {
        minLength = schema[.minLength]?.number
        maxLength = schema[.maxLength]?.number
        pattern = schema[.pattern]?.string.flatMap { source in patterns[source].map { (source, $0) } }
        format = schema[.format]?.string.flatMap { name in Formats.check(name).map { (name, $0) } }
        guard minLength != nil || maxLength != nil || pattern != nil || format != nil else { return nil }
    }
}

/// A schema's array keywords, its item schemas compiled.
struct ArrayChecks: Sendable {
    let minItems: JSONNumber?
    let maxItems: JSONNumber?
    let uniqueItems: Bool
    /// The schemas of the first items, by position (`prefixItems`; draft-07's array `items`).
    let tuple: [CompiledSchema]
    /// The schema of the items past ``tuple``.
    let rest: CompiledSchema?
    let contains: CompiledSchema?
    let minContains: Double
    let maxContains: JSONNumber?

    init?(_ schema: SchemaKeywords, draft: JSONSchemaDraft, draft4: Bool, children: CompiledSchema.Children) {
        minItems = schema[.minItems]?.number
        maxItems = schema[.maxItems]?.number
        uniqueItems = schema[.uniqueItems] == .bool(true)
        if draft == .draft7, let array = schema[.items]?.array {
            tuple = array.map { children.compile($0) }
            rest = children.compile(schema[.additionalItems])
        } else {
            tuple = (draft == .draft7 ? nil : schema[.prefixItems]?.array)?.map { children.compile($0) } ?? []
            rest = children.compile(schema[.items])
        }
        contains = draft4 ? nil : children.compile(schema[.contains])
        minContains = draft == .draft2020 ? schema[.minContains]?.number?.double ?? 1 : 1
        maxContains = draft == .draft2020 ? schema[.maxContains]?.number : nil
        guard minItems != nil || maxItems != nil || uniqueItems || !tuple.isEmpty || rest != nil || contains != nil
        else { return nil }
    }
}

/// A schema's object keywords, its property schemas compiled.
struct ObjectChecks: Sendable {
    enum Dependency: Sendable {
        case names([String])
        case schema(CompiledSchema)
    }

    /// A property's schema, and whether `required` names it.
    struct Property: Sendable {
        let schema: CompiledSchema
        let isRequired: Bool
    }

    let required: [String]
    /// How many properties `required` names (each once however often it is named), and
    /// the names it gives that are not properties: an object whose members met every one of
    /// the first has what is required but for the second, without a lookup each.
    let requiredProperties: Int
    let requiredElsewhere: [String]
    let minProperties: JSONNumber?
    let maxProperties: JSONNumber?
    let properties: [String: Property]
    let patternProperties: [(source: String, regex: BoundedRegex, schema: CompiledSchema)]
    let additionalProperties: CompiledSchema?
    /// `additionalProperties: false`, which names the property in its error.
    let forbidsAdditionalProperties: Bool
    let propertyNames: CompiledSchema?
    let dependencies: [(key: String, dependency: Dependency)]
    /// The keyword a missing dependency is reported under.
    let dependencyKeyword: String
    /// Whether a check looks at each member.
    let walksMembers: Bool

    init?(_ schema: SchemaKeywords, draft: JSONSchemaDraft, draft4: Bool, children: CompiledSchema.Children) {
        required = schema[.required]?.array?.compactMap(\.string) ?? []
        minProperties = schema[.minProperties]?.number
        maxProperties = schema[.maxProperties]?.number
        let requiredNames = Set(required)
        var properties: [String: Property] = [:]
        for (key, value) in schema[.properties]?.object?.pairs ?? [] {
            properties[key] = Property(schema: children.compile(value), isRequired: requiredNames.contains(key))
        }
        self.properties = properties
        requiredProperties = properties.values.count(where: \.isRequired)
        requiredElsewhere = required.filter { properties[$0] == nil }
        patternProperties = (schema[.patternProperties]?.object?.pairs ?? []).compactMap { source, value in
            children.scope.registry.patterns[source].map { (source, $0, children.compile(value)) }
        }
        additionalProperties = children.compile(schema[.additionalProperties])
        forbidsAdditionalProperties = schema[.additionalProperties] == .bool(false)
        propertyNames = draft4 ? nil : children.compile(schema[.propertyNames])
        let declared =
            draft == .draft7
            ? schema[.dependencies]?.object?.pairs ?? []
            : (schema[.dependentRequired]?.object?.pairs ?? []) + (schema[.dependentSchemas]?.object?.pairs ?? [])
        dependencies = declared.map { key, value in
            if let names = value.array {
                (key, .names(names.compactMap(\.string)))
            } else {
                (key, .schema(children.compile(value)))
            }
        }
        dependencyKeyword = draft == .draft7 ? "dependencies" : "dependentRequired"
        walksMembers =
            !properties.isEmpty || !patternProperties.isEmpty || additionalProperties != nil || propertyNames != nil
        guard !required.isEmpty || minProperties != nil || maxProperties != nil || walksMembers || !dependencies.isEmpty
        else { return nil }
    }
}

/// A schema's applicators (`allOf`, `anyOf`, `oneOf`, `not`, `if`/`then`/`else`), compiled.
struct Applicators: Sendable {
    let allOf: [CompiledSchema]
    let anyOf: [CompiledSchema]?
    let oneOf: [CompiledSchema]?
    let not: CompiledSchema?
    let condition: (if: CompiledSchema, then: CompiledSchema?, else: CompiledSchema?)?

    init?(_ schema: SchemaKeywords, draft4: Bool, children: CompiledSchema.Children) {
        allOf = children.compile(schema[.allOf]?.array) ?? []
        anyOf = children.compile(schema[.anyOf]?.array)
        oneOf = children.compile(schema[.oneOf]?.array)
        not = children.compile(schema[.not])
        condition = (draft4 ? nil : schema[.if]).map {
            (children.compile($0), children.compile(schema[.then]), children.compile(schema[.else]))
        }
        guard !allOf.isEmpty || anyOf != nil || oneOf != nil || not != nil || condition != nil else { return nil }
    }
}
