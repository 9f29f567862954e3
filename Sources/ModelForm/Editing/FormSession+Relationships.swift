extension FormSession {
    /// A session over a to-one relationship or a collection item, built by the same logic
    /// with the target type's form. A `nil` subform is instantiated from defaults.
    ///
    /// ```swift
    /// var address = try session.child(at: "address")
    /// try address.setText("Main St", at: "street")
    /// try session.merge(address)  // or just drop `address` to cancel
    /// ```
    package func child(at path: FormPath) throws(FormError) -> FormSession {
        let field = try field(at: path)
        guard case .record(let target) = field.shape else {
            throw FormError.notEditable(path.description, "it is not a subform or a collection item")
        }
        guard !field.readOnly else { throw FormError.notEditable(path.description, "it is read-only") }
        guard let current = values[path] else { throw FormError.invalidPath(path.description, "no value there") }
        let start = current == .null ? DefaultValues.newRecord(of: target, for: field, configs: configs) : current
        var child = FormSession(values: start, configs: configs, typeName: target, validator: validator.forSubtree)
        child.parser = parser
        child.transformers = transformers
        child.observer = observer
        child.pathInParent = path
        return child
    }

    /// Writes a child session's values back at its path, after validating them.
    package mutating func merge(_ child: FormSession) throws(FormError) {
        guard let path = child.pathInParent else {
            throw FormError.notEditable("", "the session is not a child session")
        }
        var child = child
        let found = child.validate().map {
            FieldError(path: FormPath(path.components + $0.path.components), rule: $0.rule, message: $0.message)
        }
        guard found.isEmpty else { throw FormError.validationFailed(found) }
        try store(child.values, at: path, field: try field(at: path))
    }

    /// Appends a new item to a collection, made from its ``Field/itemField`` (a tuple's: one
    /// after its positions, the positions filled first); returns its path.
    @discardableResult
    package mutating func addItem(to path: FormPath) throws(FormError) -> FormPath {
        let field = try editableField(at: path)
        guard let template = field.addedItemField else {
            if case .positions = field.shape {
                throw FormError.notEditable(
                    path.description, "it is a tuple of \(field.positions.count) positions, and nothing may follow them"
                )
            }
            throw FormError.notEditable(path.description, "it is not a collection")
        }
        var items = try listItems(at: path)
        if case .positions = field.shape {
            while items.count < field.positions.count { items.append(newValue(for: field.positions[items.count])) }
        }
        items.append(newValue(for: template))
        try store(.list(items), at: path, field: field)
        return path.appending(.index(items.count - 1))
    }

    /// Removes a collection item (`friends[2]`) or a map's entry (`scripts["build"]`).
    package mutating func removeItem(at itemPath: FormPath) throws(FormError) {
        if case .key(let key)? = itemPath.last, let mapPath = itemPath.parent {
            var (entries, field) = try mapEntries(at: mapPath)
            guard entries[key] != nil else {
                throw FormError.invalidPath(itemPath.description, "there is no entry \(FormPath.quoted(key))")
            }
            entries[key] = nil
            try store(.record(entries), at: mapPath, field: field)
            return
        }
        let (listPath, index, field) = try collectionItem(itemPath)
        var items = try listItems(at: listPath)
        items.remove(at: index)
        try store(.list(items), at: listPath, field: field)
    }

    /// Moves a collection item to another position; the collection must be `sortable`.
    package mutating func moveItem(at itemPath: FormPath, to destination: Int) throws(FormError) {
        let (listPath, index, field) = try collectionItem(itemPath)
        guard field.sortable else {
            throw FormError.notEditable(listPath.description, "the collection is not sortable")
        }
        var items = try listItems(at: listPath)
        if case .positions = field.shape, destination < field.positions.count {
            throw FormError.notEditable(
                itemPath.description, "it cannot move to \(destination), a position of the tuple")
        }
        guard items.indices.contains(destination) else {
            throw FormError.invalidPath(itemPath.description, "cannot move to \(destination) (\(items.count) items)")
        }
        items.insert(items.remove(at: index), at: destination)
        try store(.list(items), at: listPath, field: field)
    }

    /// Adds an entry keyed `key` to the map at `mapPath`, with its template's default value
    /// (the last entry); returns its path (`scripts["build"]`). The key must be new and not empty.
    @discardableResult
    package mutating func addEntry(_ key: String, to mapPath: FormPath) throws(FormError) -> FormPath {
        var (entries, field) = try mapEntries(at: mapPath)
        let entryPath = mapPath.appending(key: key)
        if let problem = keyProblem(key, among: entries, map: field, at: mapPath) {
            throw FormError.invalidInput([FieldError(path: entryPath, rule: "key", message: problem)])
        }
        guard let entry = field.entryField(key) else {
            throw FormError.notEditable(mapPath.description, "it is not a map")
        }
        entries[key] = newValue(for: entry)
        try store(.record(entries), at: mapPath, field: field)
        return entryPath
    }

    /// A new item's or entry's value: the field's default, else its type's empty value
    /// (`""` for a field whose type allows no `nil`; JSON's `null` for free JSON).
    func newValue(for field: Field) -> FormValue {
        let value = DefaultValues.value(for: field, configs: configs)
        guard value == .null, field.valueType?.isOptional == false || field.valueType == nil,
            field.valueType?.unwrapped != .json
        else { return value }
        return .string("")
    }

    /// Renames a map's entry (`scripts["build"]`) in place, keeping its value and position;
    /// returns its new path. The new key must be new and not empty.
    @discardableResult
    package mutating func renameEntry(at entryPath: FormPath, to key: String) throws(FormError) -> FormPath {
        guard case .key(let old)? = entryPath.last, let mapPath = entryPath.parent else {
            throw FormError.invalidPath(entryPath.description, "expected a map's entry such as scripts[\"build\"]")
        }
        let (entries, field) = try mapEntries(at: mapPath)
        guard entries[old] != nil else {
            throw FormError.invalidPath(entryPath.description, "there is no entry \(FormPath.quoted(old))")
        }
        switch Self.renaming(entries, [old: key], inMapAt: mapPath, keyProblem: keyRuleProblem(map: field, at: mapPath))
        {
        case .success(let renamed): try store(.record(renamed), at: mapPath, field: field)
        case .failure(let problem): throw FormError.invalidInput([problem])
        }
        return mapPath.appending(key: key)
    }

    /// What is wrong with `key` as a new key among `entries` (empty, or another entry's);
    /// `nil` when nothing is.
    static func newKeyProblem(_ key: String, among entries: FormRecord) -> String? {
        if key.isEmpty { return "a key cannot be empty" }
        return entries[key] == nil ? nil : "the key \(FormPath.quoted(key)) is taken"
    }

    /// What is wrong with `key` as a new key of the map `field` at `mapPath`: an empty or
    /// taken one, a property's key beside a map of other keys, or one its `keyRules` refuse.
    func keyProblem(_ key: String, among entries: FormRecord, map field: Field, at mapPath: FormPath) -> String? {
        Self.newKeyProblem(key, among: entries) ?? keyRuleProblem(map: field, at: mapPath)(key)
    }

    /// The checks of a new key besides emptiness and uniqueness: the properties' keys beside
    /// a map of other keys, and the map's `keyRules`.
    func keyRuleProblem(map field: Field, at mapPath: FormPath) -> (String) -> String? {
        let properties = propertyKeys(besideMapAt: mapPath)
        let rules = field.keyRules
        let validator = validator
        return { key in
            if properties.contains(key) { return Validator.propertyKeyProblem(key) }
            return rules.isEmpty ? nil : validator.keyProblem(key, rules: rules)
        }
    }

    /// The keys of the properties beside the map at `mapPath` when it holds its record's
    /// other keys (``EntityDescription/otherKeys``): no entry may take one; else none.
    func propertyKeys(besideMapAt mapPath: FormPath) -> Set<String> {
        guard case .key(let key)? = mapPath.last, let parent = mapPath.parent else { return [] }
        var owner = typeName
        if !parent.isRoot {
            guard let field = try? field(at: parent), case .record(let target) = field.shape else { return [] }
            owner = target
        }
        guard let entity = configs.model.entity(owner), entity.otherKeys == key else { return [] }
        // The map's own key is not among them: a key of its name is one of its entries.
        return Set(entity.properties.map(\.key).filter { $0 != key })
    }

    /// `entries` with the keys `renames` names (old key: new key) changed at once, each entry
    /// in its place, so two keys may swap; the first problem (an empty or taken new key, an
    /// old key that is not an entry) instead, at its path under `mapPath`.
    static func renaming(
        _ entries: FormRecord, _ renames: [String: String], inMapAt mapPath: FormPath,
        keyProblem: (String) -> String? = { _ in nil }
    ) -> Result<FormRecord, FieldError> {
        if let unknown = renames.keys.first(where: { entries[$0] == nil }) {
            return .failure(
                FieldError(
                    path: mapPath.appending(key: unknown), rule: "unknown", message: "is not an entry of this map"))
        }
        var result = FormRecord()
        result.reserveCapacity(entries.count)
        for (key, value) in zip(entries.keys, entries.values) {
            let newKey = renames[key] ?? key
            if let problem = newKeyProblem(newKey, among: result) ?? (renames[key] == nil ? nil : keyProblem(newKey)) {
                return .failure(
                    FieldError(
                        path: mapPath.appending(key: newKey.isEmpty ? key : newKey), rule: "key", message: problem))
            }
            result[newKey] = value
        }
        return .success(result)
    }

    /// The entries of the editable map at `path` (none for a `null` map) and its field.
    private func mapEntries(at path: FormPath) throws(FormError) -> (FormRecord, Field) {
        let field = try editableField(at: path)
        guard case .entries = field.shape else { throw FormError.notEditable(path.description, "it is not a map") }
        switch values[path] {
        case .record(let entries): return (entries, field)
        case .null, nil: return (FormRecord(), field)
        default: throw FormError.invalidPath(path.description, "the value is not a map")
        }
    }

    private func collectionItem(_ itemPath: FormPath) throws(FormError) -> (FormPath, Int, Field) {
        guard case .index(let index) = itemPath.last, let listPath = itemPath.parent else {
            throw FormError.invalidPath(itemPath.description, "expected a collection item such as friends[0]")
        }
        let field = try editableField(at: listPath)
        if case .positions = field.shape, index < field.positions.count {
            throw FormError.notEditable(
                itemPath.description, "it is a position of a tuple: a tuple's positions stay where they are")
        }
        guard field.addedItemField != nil else {
            throw FormError.notEditable(listPath.description, "it is not a collection")
        }
        guard try listItems(at: listPath).indices.contains(index) else {
            throw FormError.invalidPath(itemPath.description, "there is no item \(index)")
        }
        return (listPath, index, field)
    }

    private func listItems(at path: FormPath) throws(FormError) -> [FormValue] {
        switch values[path] {
        case .list(let items): return items
        case .null, nil: return []
        default: throw FormError.invalidPath(path.description, "the value is not a list")
        }
    }
}
