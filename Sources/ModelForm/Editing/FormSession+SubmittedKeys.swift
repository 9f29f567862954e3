extension FormSession {
    /// Makes each map the page drew whole (its `_newkey:` input came back: an editable map)
    /// hold the entries the page drew, each named by its `_key:` input: entries the page
    /// no longer drew (removed on an earlier page of the same edit, not saved yet) go, and
    /// entries an add button put on an earlier page come, with their template's default
    /// value (the page's texts then bind into them), as a collection is rebuilt from the
    /// items a page drew. A new key must be one a new entry may have; outer maps come first.
    mutating func rebuildMaps(
        keys: [(FormPath, String)], drawnMaps: some Collection<FormPath>, index: inout FieldIndex,
        inlineSubforms: Bool, failures: inout [FieldError]
    ) {
        var named: [FormPath: [String]] = [:]
        for (path, _) in keys {
            guard case .key(let key)? = path.last, let mapPath = path.parent else { continue }
            named[mapPath, default: []].append(key)
        }
        for mapPath in drawnMaps.sorted(by: { $0.components.count < $1.components.count }) {
            guard let field = try? index.field(at: mapPath), field.shape == .entries, !field.readOnly,
                index.drawsInput(at: mapPath, inlineSubforms: inlineSubforms)
            else { continue }
            var stored = FormRecord()
            switch values[mapPath] {
            case .record(let existing)?: stored = existing
            case .null?, nil: break
            default: continue
            }
            let keys = named[mapPath] ?? []
            let wanted = Set(keys)
            var entries = FormRecord(stored.pairs.filter { wanted.contains($0.0) })
            let keyRules = keyRuleProblem(map: field, at: mapPath)
            for key in keys where entries[key] == nil {
                if let problem = Self.newKeyProblem(key, among: entries) ?? keyRules(key) {
                    failures.append(FieldError(path: mapPath.appending(key: key), rule: "key", message: problem))
                    continue
                }
                guard let entry = field.entryField(key) else { continue }
                entries[key] = newValue(for: entry)
            }
            guard entries.keys != stored.keys else { continue }
            try? values.set(.record(entries), at: mapPath)
        }
    }

    /// Binds the `_key:` inputs after the values (which name entries by their old keys): each
    /// map's renames at once (so two keys may swap), deepest maps first; the button's path
    /// follows the renames, and a map's add button becomes ``FormAction/addEntry(_:)`` with
    /// the key typed beside it.
    mutating func bindKeys(
        of collected: inout CollectedPairs, index: inout FieldIndex, inlineSubforms: Bool, bound: inout BoundTexts
    ) {
        /// Per map: its entries' new keys by old key (a key given twice: the last).
        var renames: [FormPath: [String: String]] = [:]
        /// Per map: its field when it is one the page drew as an input (each map looked up once).
        var maps: [FormPath: (isMap: Bool, drawn: Field?)] = [:]
        for (path, key) in collected.keys {
            guard case .key(let old)? = path.last, let mapPath = path.parent else {
                collected.failures.append(FieldError(path: path, rule: "unknown", message: "is not a map's entry"))
                continue
            }
            if maps[mapPath] == nil {
                let field = try? index.field(at: mapPath)
                let isMap = field?.shape == .entries
                maps[mapPath] = (
                    isMap, isMap && index.drawsInput(at: mapPath, inlineSubforms: inlineSubforms) ? field : nil
                )
            }
            guard let map = maps[mapPath], map.isMap else {
                collected.failures.append(FieldError(path: path, rule: "unknown", message: "is not a map's entry"))
                continue
            }
            guard map.drawn != nil else {
                bound.notDrawn.append(path.description)
                continue
            }
            if key != old { renames[mapPath, default: [:]][old] = key }
        }
        for (mapPath, keys) in renames.sorted(by: { $0.key.components.count > $1.key.components.count }) {
            if let failure = rename(keys, inMapAt: mapPath, field: maps[mapPath]?.drawn) {
                collected.failures.append(failure)
            }
        }
        // The key typed beside an add button is named by the map's path as the page drew it.
        let typedKey = collected.action?.collectionPath.flatMap { collected.newKeys[$0] } ?? ""
        if !renames.isEmpty { collected.action = collected.action?.movingPath { Self.renamed($0, by: renames) } }
        if case .add(let mapPath)? = collected.action, case .entries? = (try? index.field(at: mapPath))?.shape {
            let key = typedKey
            if key.isEmpty {
                collected.failures.append(
                    FieldError(path: mapPath, rule: "key", message: "type the new entry's key before adding it"))
            } else {
                collected.action = .addEntry(mapPath.appending(key: key))
            }
        }
    }

    /// `path` (the keys a page drew) with the keys `renames` changed, map by map.
    static func renamed(_ path: FormPath, by renames: [FormPath: [String: String]]) -> FormPath {
        var drawn = FormPath()
        var result = FormPath()
        for component in path.components {
            var now = component
            if case .key(let key) = component, let new = renames[drawn]?[key] {
                now = .key(new)
            }
            drawn = drawn.appending(component)
            result = result.appending(now)
        }
        return result
    }

    /// Renames the entries of the map at `mapPath` at once; an empty, unknown or repeated key
    /// is an error that changes nothing in that map.
    mutating func rename(_ renames: [String: String], inMapAt mapPath: FormPath, field: Field?) -> FieldError? {
        guard let field, !field.readOnly, case .record(let entries)? = values[mapPath]
        else { return FieldError(path: mapPath, rule: "unknown", message: "is not an editable map") }
        switch Self.renaming(entries, renames, inMapAt: mapPath, keyProblem: keyRuleProblem(map: field, at: mapPath)) {
        case .success(let renamed):
            try? values.set(.record(renamed), at: mapPath)
            return nil
        case .failure(let problem): return problem
        }
    }

}
