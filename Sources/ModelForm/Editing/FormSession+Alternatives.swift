extension FormSession {
    /// Makes the union at `path` hold the alternative `name` (its tag, title or position
    /// from 0): what it held under that alternative earlier in the session, else the
    /// alternative's default. What it holds now is set aside for a switch back. Setting a
    /// union's text (`--set payment=card`, a page's choice) does the same.
    package mutating func chooseAlternative(_ name: String, at path: FormPath) throws(FormError) {
        let field = try editableField(at: path)
        guard case .alternatives = field.shape else {
            throw FormError.notEditable(path.description, "it is not one of several alternatives")
        }
        let value: FormValue
        do { value = try alternativeValue(named: name, for: field, at: path) } catch {
            throw FormError.invalidInput([error])
        }
        try store(value, at: path, field: field)
    }

    /// Makes the union at `path` hold its alternative at `index` (as ``chooseAlternative(_:at:)``).
    package mutating func chooseAlternative(at index: Int, path: FormPath) throws(FormError) {
        let field = try editableField(at: path)
        guard case .alternatives = field.shape, field.alternatives.indices.contains(index) else {
            throw FormError.invalidPath(path.description, "there is no alternative \(index)")
        }
        try store(alternativeValue(index, for: field, at: path), at: path, field: field)
    }

    /// The value the union `field` at `path` takes when `name` chooses its alternative: the
    /// current one when it is that alternative already, else what was set aside for it,
    /// else its default.
    func alternativeValue(named name: String, for field: Field, at path: FormPath) throws(FieldError) -> FormValue {
        alternativeValue(try Self.alternativeIndex(named: name, in: field, at: path), for: field, at: path)
    }

    /// The value the union takes for its alternative at `index`: the current one, what was
    /// set aside for it, else its default.
    private func alternativeValue(_ index: Int, for field: Field, at path: FormPath) -> FormValue {
        let current = values[path] ?? .null
        if configs.alternative(of: field, for: current) == .chosen(index) { return current }
        return setAsideAlternatives[path]?[index] ?? newAlternative(index, of: field)
    }

    /// Before the union `field` at `path` takes `value`: what it holds now is kept for a
    /// switch back to its alternative.
    mutating func setAsideAlternative(of field: Field, at path: FormPath, replacedBy value: FormValue) {
        guard let current = values[path], current != value,
            case .chosen(let index) = configs.alternative(of: field, for: current),
            configs.alternative(of: field, for: value) != .chosen(index)
        else { return }
        setAsideAlternatives[path, default: [:]][index] = current
    }

    /// Before a write below the tagged alternative `tag` of the union `field` at `path`:
    /// the union switches to it when it holds another.
    mutating func switchAlternative(of field: Field, at path: FormPath, toTag tag: String) {
        guard let index = field.alternativeIndex(tag: tag) else { return }
        holdAlternative(index, of: field, at: path)
    }

    /// Makes the union `field` at `path` hold its alternative at `index` (setting aside what
    /// it holds now), without telling the delegate: a step of a larger edit.
    private mutating func holdAlternative(_ index: Int, of field: Field, at path: FormPath) {
        let value = alternativeValue(index, for: field, at: path)
        guard value != values[path] ?? .null else { return }
        setAsideAlternative(of: field, at: path, replacedBy: value)
        try? values.set(value, at: path)
    }

    /// The field of the union `field`'s current alternative at `path` when that alternative
    /// is untagged and one value (text, a number): what the union's own path edits.
    func currentScalarAlternative(of field: Field, at path: FormPath) -> Field? {
        guard case .chosen(let index) = configs.alternative(of: field, for: values[path] ?? .null),
            field.alternatives[index].key == nil, let alternative = field.alternativeField(index),
            alternative.shape == .single
        else { return nil }
        return alternative
    }

    /// Binds a submission's `_choice:` inputs, outer unions first: each union the page drew
    /// takes the alternative named. Returns the submitted entries left behind: below a
    /// union that switched, those that are not the chosen alternative's (they belong to the
    /// one it left). A union the page did not draw is named in `notDrawn`; an unknown
    /// alternative is a failure.
    mutating func bindChoices(
        of collected: inout CollectedPairs, index: inout FieldIndex, inlineSubforms: Bool, notDrawn: inout [String]
    ) -> Set<Int> {
        var switched: [FormPath] = []
        var leftBehind: Set<Int> = []
        for (path, name) in collected.choices.sorted(by: { $0.path.components.count < $1.path.components.count }) {
            if switched.contains(where: { path.components.starts(with: $0.components) }) { continue }
            guard let field = try? index.field(at: path), case .alternatives = field.shape else {
                collected.failures.append(
                    FieldError(path: path, rule: "unknown", message: "is not one of several alternatives"))
                continue
            }
            guard !field.readOnly, !field.hidden, index.drawsInput(at: path, inlineSubforms: inlineSubforms) else {
                notDrawn.append(path.description)
                continue
            }
            let chosen: Int
            do { chosen = try Self.alternativeIndex(named: name, in: field, at: path) } catch {
                collected.failures.append(error)
                continue
            }
            guard configs.alternative(of: field, for: values[path] ?? .null) != .chosen(chosen) else { continue }
            materializeRelationships(along: path)
            holdAlternative(chosen, of: field, at: path)
            switched.append(path)
            for number in collected.paths.indices
            where !isChosenAlternatives(collected.path(number), below: path, of: field) {
                leftBehind.insert(number)
            }
        }
        return leftBehind
    }

    /// Whether a submitted path under the union `field` at `unionPath` (which has just
    /// switched) is an input of the alternative it holds now; a path elsewhere is.
    private func isChosenAlternatives(_ path: FormPath, below unionPath: FormPath, of field: Field) -> Bool {
        guard path.components.starts(with: unionPath.components) else { return true }
        guard case .chosen(let index) = configs.alternative(of: field, for: values[unionPath] ?? .null),
            let alternative = field.alternativeField(index)
        else { return false }
        let below = path.components.dropFirst(unionPath.components.count)
        if let tag = field.alternatives[index].key { return below.first == .key(tag) }
        switch alternative.shape {
        case .single: return below.isEmpty
        case .record(let target):
            guard case .key(let key)? = below.first else { return false }
            return configs[target]?.field(key) != nil
        case .records, .items, .positions:
            if case .index? = below.first { return true }
            return false
        case .entries, .alternatives: return !below.isEmpty
        }
    }

    /// ``alternativeIndex(named:in:)``, or an error at `path` that lists the alternatives.
    static func alternativeIndex(named name: String, in field: Field, at path: FormPath) throws(FieldError) -> Int {
        guard let index = alternativeIndex(named: name, in: field) else {
            throw FieldError(
                path: path, rule: "alternative",
                message:
                    "has no alternative \(FormPath.quoted(name)) (\(field.alternativeTitles.joined(separator: ", ")))")
        }
        return index
    }

    /// The alternative of `field` that `name` names: a tag, a title (ignoring case), or a
    /// position from 0.
    static func alternativeIndex(named name: String, in field: Field) -> Int? {
        if let tagged = field.alternativeIndex(tag: name) { return tagged }
        let lowered = name.lowercased()
        if let titled = field.alternatives.firstIndex(where: { $0.title.lowercased() == lowered }) { return titled }
        guard let position = Int(name), field.alternatives.indices.contains(position) else { return nil }
        return position
    }

    /// A new value of the alternative at `index`: its default (under its tag, for a tagged one).
    private func newAlternative(_ index: Int, of field: Field) -> FormValue {
        let alternative = field.alternatives[index]
        var payload = newValue(for: alternative)
        if payload == .null, case .record(let target) = alternative.shape {
            payload = DefaultValues.newRecord(of: target, for: alternative, configs: configs)
        }
        return alternative.key.map { .record([$0: payload]) } ?? payload
    }
}
