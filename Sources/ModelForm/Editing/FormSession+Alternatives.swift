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

    /// The value the union `field` at `path` takes when `name` chooses its alternative: the
    /// current one when it is that alternative already, else what was set aside for it,
    /// else its default.
    func alternativeValue(named name: String, for field: Field, at path: FormPath) throws(FieldError) -> FormValue {
        guard let index = Self.alternativeIndex(named: name, in: field) else {
            let titles = field.alternatives.indices.map(field.alternativeTitle).joined(separator: ", ")
            throw FieldError(
                path: path, rule: "alternative", message: "has no alternative \(FormPath.quoted(name)) (\(titles))")
        }
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
        let current = values[path] ?? .null
        guard configs.alternative(of: field, for: current) != .chosen(index) else { return }
        let chosen = setAsideAlternatives[path]?[index] ?? newAlternative(index, of: field)
        setAsideAlternative(of: field, at: path, replacedBy: chosen)
        try? values.set(chosen, at: path)
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
