import Synchronization

/// Exactly one ``FormConfig`` per type, keyed by type name (the seed's ModelFormConfigDictionary).
///
/// Built by inference for every type of a model: a Swift type
/// (``init(describing:)-(T.Type)``), a YAML type definition or a JSON Schema. A config can be replaced
/// after creation; relationships are followed by name at navigation time, so a replacement
/// is honoured everywhere the type is reached.
///
/// ```swift
/// var configs = try ConfigDictionary(describing: User.self)
/// try configs["Address"]?.exclude(["country"])
/// let address = configs.root.field("address").flatMap(configs.destination(of:))  // the replaced config
/// ```
public struct ConfigDictionary: Sendable {
    /// The model the configs describe.
    package private(set) var model: ModelDescription
    private var configs: [String: FormConfig] {
        didSet { cache = DerivedCache() }
    }
    /// Values derived from the configs (key indexes, default records), computed on first
    /// use and dropped whenever a config changes.
    private var cache = DerivedCache()
    /// Whether a field's `default` stands in for a value the data a form starts from lacks
    /// (FXForms' "optional number with default 1"; on by default). Off for data whose absent
    /// values must stay absent, as a JSON Schema's `default` is an annotation: defaults then
    /// fill only new records, items and entries, and an edit writes back no value the data
    /// did not have (imported schemas' configs turn it off).
    ///
    /// ```swift
    /// var configs = try imported.configs()  // defaultsFillAbsentValues == false
    /// configs.defaultsFillAbsentValues = true  // fill them, as RJSF does
    /// ```
    public var defaultsFillAbsentValues = true

    /// The configs of a model, one per type name (the first of two with one name is kept).
    init(model: ModelDescription, configs: [FormConfig]) {
        self.model = model
        self.configs = Dictionary(configs.map { ($0.typeName, $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// The config for a type name; assigning replaces it (assigning `nil` restores nothing:
    /// it removes the type's form, so navigation to it finds none).
    public subscript(typeName: String) -> FormConfig? {
        get { configs[typeName] }
        set { configs[typeName] = newValue }
    }

    /// The config for a Swift type.
    public subscript<T>(type: T.Type) -> FormConfig? {
        get { configs[ModelDescriber.entityName(type)] }
        set { configs[ModelDescriber.entityName(type)] = newValue }
    }

    /// The root entity's config.
    public var root: FormConfig {
        configs[model.root] ?? FormConfig(typeName: model.root, fields: [])
    }

    /// The type names that have a config, in the model's entity order.
    package var typeNames: [String] {
        model.entities.map(\.name).filter { configs[$0] != nil }
    }

    /// The config a relationship field navigates to (the current one for its target type).
    public func destination(of field: Field) -> FormConfig? {
        field.relationship.flatMap { configs[$0.target] }
    }

    /// Adds (or replaces) a type the model did not have, with its form: a form defined
    /// by configuration alone (FXForms' dynamic fields), or a type added in code.
    package mutating func define(_ entity: EntityDescription, config: FormConfig) {
        model.upsert(entity)
        configs[entity.name] = config
    }

    /// Replaces the config for its type (`config.typeName`).
    public mutating func replace(_ config: FormConfig) {
        configs[config.typeName] = config
    }
}

extension ConfigDictionary {
    /// Caches of values derived from the configs; shared between copies of an unchanged
    /// dictionary, replaced by an empty one on every change.
    final class DerivedCache: Sendable {
        let keyIndexes = Mutex<[String: [String: Int]]>([:])
        let defaults = Mutex<[String: FormValue]>([:])
        let sections = Mutex<[String: [SectionConfig]]>([:])
        let rootAddresses = Mutex<[String: [[FieldAddress]]]>([:])
        let ruleDependents = Mutex<[String: [String: [Int]]]>([:])
        let hasRules = Mutex<Bool?>(nil)
        let hasMaps = Mutex<Bool?>(nil)
    }

    /// Whether any form has a map field (in a template too), computed once per dictionary
    /// state: without one, a submission's paths need no check for entries the page drew.
    package var hasMaps: Bool {
        if let known = cache.hasMaps.withLock({ $0 }) { return known }
        func isMap(_ field: Field) -> Bool {
            switch field.shape {
            case .entries: true
            case .items, .records: field.template.map(isMap) == true
            case .positions: field.tupleItemFields.contains(where: isMap)
            case .record, .single: field.type == .map
            case .alternatives: field.alternatives.contains(where: isMap)
            }
        }
        let found = typeNames.contains { name in self[name]?.fields.contains(where: isMap) ?? false }
        cache.hasMaps.withLock { $0 = found }
        return found
    }

    /// Whether any form's field has a `visibleIf`, `enabledIf` or `requiredIf` rule
    /// (computed once per dictionary state): without one, submissions and saving skip the
    /// rule walks.
    package var hasRules: Bool {
        if let known = cache.hasRules.withLock({ $0 }) { return known }
        let found = typeNames.contains { name in self[name]?.fields.contains(where: \.hasConditions) ?? false }
        cache.hasRules.withLock { $0 = found }
        return found
    }

    /// For a type's form: by key, the positions of the fields whose rules read it (the first
    /// part of each path), computed once per dictionary state. An edit to `key` changes the
    /// state of those fields only.
    package func ruleDependents(of typeName: String) -> [String: [Int]] {
        if let index = cache.ruleDependents.withLock({ $0[typeName] }) { return index }
        var index: [String: [Int]] = [:]
        for (position, field) in (self[typeName]?.fields ?? []).enumerated() where field.hasConditions {
            var keys: Set<String> = []
            for (_, rule) in field.conditions.named {
                for path in rule.paths { if case .key(let key)? = path.components.first { keys.insert(key) } }
            }
            for key in keys { index[key, default: []].append(position) }
        }
        cache.ruleDependents.withLock { $0[typeName] = index }
        return index
    }

    /// A type's visible sections (``FormConfig/sections``), computed once per dictionary state.
    package func sections(of typeName: String) -> [SectionConfig] {
        if let sections = cache.sections.withLock({ $0[typeName] }) { return sections }
        let sections = self[typeName]?.sections ?? []
        cache.sections.withLock { $0[typeName] = sections }
        return sections
    }

    /// The path and input name of each field of a type's form at the root of a page (a
    /// keyless field's path is the root), section by section as ``sections(of:)`` has them,
    /// made once per dictionary state: a page's rows share them where each row made its own
    /// (a path an allocation a row, and its release when the tree goes).
    package func rootAddresses(of typeName: String) -> [[FieldAddress]] {
        if let addresses = cache.rootAddresses.withLock({ $0[typeName] }) { return addresses }
        let addresses = sections(of: typeName).map { section in
            section.fields.map { field in
                let path = field.key.map { FormPath().appending(key: $0) } ?? FormPath()
                return FieldAddress(path: path, inputName: URLEncodedForm.name(for: path))
            }
        }
        cache.rootAddresses.withLock { $0[typeName] = addresses }
        return addresses
    }

    /// The position of each key in a type's fields.
    func keyIndex(for typeName: String) -> [String: Int] {
        if let index = cache.keyIndexes.withLock({ $0[typeName] }) { return index }
        var index: [String: Int] = [:]
        let fields = self[typeName]?.fields ?? []
        index.reserveCapacity(fields.count)
        for (position, field) in fields.enumerated() {
            if let key = field.key, index[key] == nil { index[key] = position }
        }
        cache.keyIndexes.withLock { $0[typeName] = index }
        return index
    }

    /// A type's default record, computed once per dictionary state.
    func cachedDefaults(for typeName: String, _ make: () -> FormValue) -> FormValue {
        if let value = cache.defaults.withLock({ $0[typeName] }) { return value }
        let value = make()
        cache.defaults.withLock { $0[typeName] = value }
        return value
    }
}

/// Where a field's row is: its path, and the name its input is submitted under.
package struct FieldAddress: Sendable {
    package var path: FormPath
    package var inputName: String
}
