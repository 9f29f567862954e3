extension ConfigDictionary {
    /// The field a path leads to from a type's form, following subforms by name (so
    /// replaced configs are honoured) and collection items through their template.
    ///
    /// ```swift
    /// try configs.field(at: "friends[2].name", in: "Person")   // Person.name
    /// ```
    public func field(at path: FormPath, in typeName: String) throws(FormError) -> Field {
        try field(at: path, in: typeName) { config, key in config.field(key) }
    }

    /// The walk of ``field(at:in:)`` with the per-form lookup given (an index, for many paths).
    func field(at path: FormPath, in typeName: String, lookup: (FormConfig, String) -> Field?) throws(FormError)
        -> Field
    {
        guard var config = self[typeName] else { throw FormError.unknownField(path.description) }
        var current: Field?
        for component in path.components {
            switch component {
            case .key(let key):
                if let field = current {
                    guard field.relationship?.cardinality == .toOne, let next = destination(of: field) else {
                        throw FormError.unknownField(path.description)
                    }
                    config = next
                }
                guard let field = lookup(config, key) else { throw FormError.unknownField(path.description) }
                current = field
            case .index:
                guard let field = current, field.type == .collection, let template = field.template else {
                    throw FormError.unknownField(path.description)
                }
                current = template
            }
        }
        guard let current else { throw FormError.unknownField(path.description) }
        return current
    }
}

/// Resolves many field paths quickly: each form's fields are indexed by key on first use,
/// and a path of one key is looked up in the root form's index directly.
struct FieldIndex {
    let configs: ConfigDictionary
    let typeName: String
    private let root: FormConfig?
    private let rootIndex: [String: Int]
    private let rootFields: [Field]
    private var indexes: [String: [String: Int]] = [:]
    /// Where the last key asked for was: submissions usually name fields in form order, so
    /// the next field is checked before the index (when every root field has its own key,
    /// so that the two cannot disagree).
    private var nextRootPosition = 0
    private let rootKeysAreDistinct: Bool

    init(configs: ConfigDictionary, typeName: String) {
        self.configs = configs
        self.typeName = typeName
        root = configs[typeName]
        rootFields = root?.fields ?? []
        rootIndex = configs.keyIndex(for: typeName)
        rootKeysAreDistinct = rootIndex.count == rootFields.count
    }

    /// The position of a key among the root form's fields (where a record built from the
    /// form usually holds it), `nil` when it is not one.
    mutating func rootPosition(_ key: String) -> Int? {
        let position: Int
        if rootKeysAreDistinct, nextRootPosition < rootFields.count, rootFields[nextRootPosition].key == key {
            position = nextRootPosition
        } else {
            guard let found = rootIndex[key] else { return nil }
            position = found
        }
        nextRootPosition = position + 1
        return position
    }

    /// The number of root fields.
    var rootFieldCount: Int { root?.fields.count ?? 0 }

    /// The root form's field at a position from ``rootPosition(_:)``.
    func rootField(at position: Int) -> Field? { root?.fields[position] }

    mutating func field(at path: FormPath) throws(FormError) -> Field {
        if path.components.count == 1, case .key(let key) = path.components[0], let root {
            guard let position = rootIndex[key] else { throw FormError.unknownField(path.description) }
            return root.fields[position]
        }
        var indexes = self.indexes
        defer { self.indexes = indexes }
        return try configs.field(at: path, in: typeName) { config, key in Self.lookup(config, key, configs, &indexes) }
    }

    /// ``ConfigDictionary/drawsInput(at:in:inlineSubforms:lookup:)`` with the same indexes.
    mutating func drawsInput(at path: FormPath, inlineSubforms: Bool) -> Bool {
        var indexes = self.indexes
        defer { self.indexes = indexes }
        return configs.drawsInput(at: path, in: typeName, inlineSubforms: inlineSubforms) { config, key in
            Self.lookup(config, key, configs, &indexes)
        }
    }

    /// A form's field by key through its index, built on first use.
    private static func lookup(
        _ config: FormConfig, _ key: String, _ configs: ConfigDictionary, _ indexes: inout [String: [String: Int]]
    ) -> Field? {
        if indexes[config.typeName] == nil { indexes[config.typeName] = configs.keyIndex(for: config.typeName) }
        return indexes[config.typeName]?[key].map { config.fields[$0] }
    }
}

extension ConfigDictionary {
    /// Whether a page of `typeName` draws the field at `path` as an input (what a
    /// submission may bind, Django's rule for a ModelForm's `fields`): no field on the way is
    /// `hidden`, and every to-one relationship on the way is drawn in place (`inline`, or
    /// every subform when `inlineSubforms`); a navigable one has a page of its own. Collection
    /// items are drawn in place. Read-only fields are drawn, but bind nothing.
    func drawsInput(
        at path: FormPath, in typeName: String, inlineSubforms: Bool,
        lookup: (FormConfig, String) -> Field? = { $0.field($1) }
    ) -> Bool {
        guard var config = self[typeName] else { return false }
        var current: Field?
        var inItem = false
        for component in path.components {
            switch component {
            case .key(let key):
                if let field = current {
                    guard field.relationship?.cardinality == .toOne, inItem || field.inline || inlineSubforms,
                        let next = destination(of: field)
                    else { return false }
                    config = next
                }
                guard let field = lookup(config, key), !field.hidden else { return false }
                current = field
                inItem = false
            case .index:
                guard let field = current, field.type == .collection, let template = field.template else {
                    return false
                }
                current = template
                inItem = true
            }
        }
        return current != nil
    }
}
