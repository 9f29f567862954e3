extension ConfigDictionary {
    /// The field a path leads to from a type's form, following subforms by name (so
    /// replaced configs are honoured) and collection items through their template.
    ///
    /// ```swift
    /// let name = try configs.field(at: "friends[2].name", in: "Person")  // Person.name
    /// ```
    package func field(at path: FormPath, in typeName: String) throws(FormError) -> Field {
        var walker = PlainFieldPathWalker()
        return try field(at: path, in: typeName, with: &walker)
    }

    /// ``field(at:in:)`` with a walker of paths (one that looks fields up in an index).
    func field<Walker: FieldPathWalker>(at path: FormPath, in typeName: String, with walker: inout Walker)
        throws(FormError) -> Field
    {
        switch walkPath(path, in: typeName, with: &walker) {
        case .success(let field): return field
        case .failure: throw FormError.unknownField(path.description)
        }
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
        var walker = IndexedFieldPathWalker(configs: configs, indexes: indexes)
        indexes = [:]  // the walker holds the only reference: it adds to the index in place
        defer { indexes = walker.indexes }
        return try configs.field(at: path, in: typeName, with: &walker)
    }

    /// The first map entry `path` goes through that `values` does not have (a page draws
    /// the entries a map has: a submission adds one only with its add button), else `nil`.
    mutating func missingEntry(in path: FormPath, of values: FormValue) -> FormPath? {
        var prefix = FormPath()
        var value: FormValue? = values
        for component in path.components {
            if case .key(let key) = component, prefix.components.count > 0,
                case .entries? = (try? field(at: prefix))?.shape
            {
                guard case .record(let entries)? = value, entries[key] != nil else {
                    return prefix.appending(component)
                }
            }
            value = value.flatMap { $0[FormPath([component])] }
            prefix = prefix.appending(component)
        }
        return nil
    }

    /// Whether a page of the root type draws the field at `path` as an input (what a
    /// submission may bind, Django's rule for a ModelForm's `fields`): no field on the way is
    /// `hidden`, and every to-one relationship on the way is drawn in place (`inline`, or
    /// every subform when `inlineSubforms`); a navigable one has a page of its own. Collection
    /// items are drawn in place. Read-only fields are drawn, but bind nothing.
    mutating func drawsInput(at path: FormPath, inlineSubforms: Bool) -> Bool {
        var walker = DrawnInputWalker(
            index: IndexedFieldPathWalker(configs: configs, indexes: indexes), inlineSubforms: inlineSubforms)
        indexes = [:]
        defer { indexes = walker.index.indexes }
        if case .success = configs.walkPath(path, in: typeName, with: &walker) { return true }
        return false
    }
}

/// A walk of paths that finds each form's fields through an index by key, built on first use.
private struct IndexedFieldPathWalker: FieldPathWalker {
    let configs: ConfigDictionary
    var indexes: [String: [String: Int]]

    mutating func field(_ key: String, in config: FormConfig) -> Field? {
        if indexes[config.typeName] == nil { indexes[config.typeName] = configs.keyIndex(for: config.typeName) }
        return indexes[config.typeName]?[key].map { config.fields[$0] }
    }
}

/// A walk of paths that goes only where a page draws inputs: through no `hidden` field,
/// into no to-one relationship that has a page of its own (inside a union's alternative
/// every record is drawn in place).
private struct DrawnInputWalker: FieldPathWalker {
    var index: IndexedFieldPathWalker
    let inlineSubforms: Bool

    mutating func field(_ key: String, in config: FormConfig) -> Field? { index.field(key, in: config) }
    var insideAlternative = false

    func entersRecord(of field: Field, asItem: Bool) -> Bool {
        asItem || field.inline || inlineSubforms || insideAlternative
    }

    mutating func accepts(_ field: Field) -> Bool {
        if case .alternatives = field.shape { insideAlternative = true }
        return !field.hidden
    }
}

extension ConfigDictionary {
    /// The form path of a place in a record of `typeName` as its data names it (a JSON
    /// pointer's tokens: `["members", "0", "email"]`): a number is an item's index in a
    /// list and a key in a map (`ports["80"]`), and a key no property names is an entry of
    /// the map of other keys (``EntityDescription/otherKeys``: `extra["retries"]`). Past
    /// what the form describes, numbers are indexes and the rest keys.
    ///
    /// ```swift
    /// let path = configs.formPath(dataTokens: ["icons", "16"], in: "Manifest")  // icons["16"]
    /// ```
    package func formPath(dataTokens tokens: [String], in typeName: String) -> FormPath {
        var components: [FormPath.Component] = []
        components.reserveCapacity(tokens.count + 1)
        var field: Field? = Field.record(of: typeName)
        for token in tokens {
            switch field?.shape {
            case .record(let target)?:
                let entity = model.entity(target)
                if let other = entity?.otherKeys, token == other || entity?.property(token) == nil,
                    self[target]?.field(other) != nil
                {
                    components += [.key(other), .key(token)]
                } else {
                    components.append(.key(token))
                }
            case .entries?: components.append(.key(token))
            case .alternatives?:
                // A tagged alternative's tag, else into the untagged one (a list's index).
                let tagged = field?.alternativeIndex(tag: token) != nil
                components.append(tagged ? .key(token) : Int(token).map { .index($0) } ?? .key(token))
            case .records?, .items?, .positions?, .single?, nil:
                components.append(Int(token).map { .index($0) } ?? .key(token))
            }
            // The field there, by the one walk of paths (`nil` past what the forms describe).
            if field != nil { field = try? self.field(at: FormPath(components), in: typeName) }
        }
        return FormPath(components)
    }
}
