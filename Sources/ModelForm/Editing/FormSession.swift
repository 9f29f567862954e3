/// One editing session over a model (the seeds' ModelFormOrchestrator).
///
/// Holds the original and current values, reads and writes by path, parses text input per
/// field type, validates, reports only what changed, and commits back into the typed model
/// or cancels. A failed edit, parse or validation changes nothing.
///
/// ```swift
/// var session = try FormSession(editing: user)
/// try session.setText("41", at: "age")
/// try session.setText("Main St", at: "address.street")
/// let changed = session.changes.map(\.path)  // ["age", "address.street"]
/// let saved = try session.commit(as: User.self)
/// ```
package struct FormSession: Sendable {
    /// The forms of every type this session can reach.
    package internal(set) var configs: ConfigDictionary
    /// The type this session edits.
    package let typeName: String
    /// The values as committed last (or as the session began).
    package internal(set) var original: FormValue
    /// The current values.
    package internal(set) var values: FormValue
    /// The errors found by the last validation.
    package internal(set) var errors: [FieldError] = []
    /// Rules registered in code (custom checks, model checks).
    package var validator: Validator
    /// Text input parsing.
    package var parser = InputParser()
    /// Value transformers: a field whose `valueTransformer` names a reversible one reads
    /// typed text through it (`"Male"` -> `10`) before the usual parsing.
    package var transformers = ValueTransformers()
    /// Who is told of changes, commits, cancels and custom actions (a form's delegate).
    package var observer: (any SessionObserver)?
    /// Where a child session sits in its parent's values; `nil` for a root session.
    package internal(set) var pathInParent: FormPath?
    /// What each union held under an alternative it was switched away from, by its path
    /// and the alternative's index: switching back brings it back.
    var setAsideAlternatives: [FormPath: [Int: FormValue]] = [:]

    /// A session over a value tree of a type in `configs` (the root type by default).
    package init(
        values: FormValue, configs: ConfigDictionary, typeName: String? = nil, validator: Validator = Validator()
    ) {
        self.configs = configs
        let typeName = typeName ?? configs.model.root
        self.typeName = typeName
        let prepared = Self.prepared(values, typeName: typeName, configs: configs)
        self.original = prepared
        self.values = prepared
        self.validator = validator
    }

    /// A session editing a Swift value; its forms are inferred unless `configs` is given.
    package init<Model: Encodable>(
        editing model: Model, configs: ConfigDictionary? = nil, validator: Validator = Validator()
    ) throws {
        let configs = try configs ?? ConfigDictionary(ModelDescription(describing: model))
        self.init(values: try FormValueEncoder().encode(model), configs: configs, validator: validator)
    }

    /// A session editing a `Codable` value. Its forms are inferred from the type's coding
    /// keys (what its values are encoded under, custom `CodingKeys` included), falling back
    /// to the instance's properties when the type cannot be probed.
    package init<Model: Codable>(
        editing model: Model, configs: ConfigDictionary? = nil, validator: Validator = Validator()
    ) throws {
        let inferred: ConfigDictionary
        if let configs {
            inferred = configs
        } else if let described = try? ModelDescription(type: Model.self, sample: model) {
            inferred = ConfigDictionary(described)
        } else {
            inferred = ConfigDictionary(try ModelDescription(describing: model))
        }
        self.init(values: try FormValueEncoder().encode(model), configs: inferred, validator: validator)
    }

    /// This session's form.
    package var config: FormConfig { configs[typeName] ?? FormConfig(typeName: typeName, fields: []) }

    /// The current value at a path.
    package func value(at path: FormPath) -> FormValue? { values[path] }

    /// The field a path leads to.
    package func field(at path: FormPath) throws(FormError) -> Field {
        try configs.field(at: path, in: typeName)
    }

    /// Sets a typed value, checked against the property's type.
    package mutating func setValue(_ value: FormValue, at path: FormPath) throws(FormError) {
        let field = try editableField(at: path)
        let normalized: FormValue
        do { normalized = try ValueConformance.normalize(value, for: field, at: path, configs: configs) } catch {
            throw FormError.invalidInput([error])
        }
        try store(normalized, at: path, field: field)
    }

    /// Sets a Swift value (encoded through `Codable`), checked against the property's type.
    package mutating func setValue<Value: Encodable>(_ value: Value, at path: FormPath) throws {
        try setValue(FormValueEncoder().encode(value), at: path)
    }

    /// Parses text for the field at `path` and sets it.
    package mutating func setText(_ text: String, at path: FormPath) throws(FormError) {
        try setTexts([(path, text)])
    }

    /// Parses several texts and sets them all, or none when any fails (every failure is
    /// reported): SettingsViewController's flat name/value input.
    package mutating func setTexts(_ inputs: [(FormPath, String)]) throws(FormError) {
        var parsed: [(FormPath, FormValue, Field)] = []
        var failures: [FieldError] = []
        for (path, text) in inputs {
            let field = try editableField(at: path)
            do { parsed.append((path, try parse(text: text, for: field, at: path), field)) } catch {
                failures.append(error)
            }
        }
        guard failures.isEmpty else { throw FormError.invalidInput(failures) }
        var candidate = self
        for (path, value, field) in parsed { try candidate.store(value, at: path, field: field) }
        self = candidate
    }

    /// Parses typed text for a field (lists comma-separated): through its reversible value
    /// transformer when it has one, else with ``parser``.
    func parse(text: String, for field: Field, at path: FormPath) throws(FieldError) -> FormValue {
        if case .alternatives = field.shape {
            // An alternative's name chooses it; other text is the current one-value alternative's.
            if Self.alternativeIndex(named: text, in: field) == nil,
                let scalar = currentScalarAlternative(of: field, at: path)
            {
                return try parse(text: text, for: scalar, at: path)
            }
            return try alternativeValue(named: text, for: field, at: path)
        }
        if let value = try transformed(text, for: field, at: path) { return value }
        return try parser.parse(text, for: field, at: path)
    }

    /// Parses a submission's values for a field (one value per option for lists).
    func parse(submitted texts: [String], for field: Field, at path: FormPath) throws(FieldError) -> FormValue {
        if let text = texts.last, let value = try transformed(text, for: field, at: path) { return value }
        return try parser.parse(texts, for: field, at: path)
    }

    /// ``parse(submitted:for:at:)`` for a path submitted once.
    func parse(submittedText text: String, for field: Field, at path: FormPath) throws(FieldError) -> FormValue {
        if let value = try transformed(text, for: field, at: path) { return value }
        return try parser.parse(text, for: field, at: path)
    }

    private func transformed(_ text: String, for field: Field, at path: FormPath) throws(FieldError) -> FormValue? {
        guard let name = field.valueTransformer, let reverse = transformers[name]?.reverse else { return nil }
        guard let value = reverse(text) else {
            throw FieldError(path: path, rule: "parse", message: "'\(text)' is not a value of \(name)")
        }
        return try ValueConformance.normalize(value, for: field, at: path, configs: configs)
    }

    func editableField(at path: FormPath) throws(FormError) -> Field {
        let field = try field(at: path)
        guard !field.readOnly else { throw FormError.notEditable(path.description, "it is read-only") }
        return field
    }

    /// Writes a checked value, tells the delegate, and runs the field's action if it has one.
    mutating func store(_ value: FormValue, at path: FormPath, field: Field) throws(FormError) {
        let value = Self.canonical(value, for: field)
        let old = values[path]
        materializeRelationships(along: path)
        if case .alternatives = field.shape { setAsideAlternative(of: field, at: path, replacedBy: value) }
        try values.set(value, at: path)
        guard old != value else { return }
        let change = FormChange(path: path, old: old, new: value)
        tell(.change(change))
        if let action = field.action { tell(.perform(action, for: field)) }
    }

    /// Validates the current values; the errors are also kept in ``errors``.
    @discardableResult
    package mutating func validate() -> [FieldError] {
        errors = validator.validate(values, typeName: typeName, configs: configs)
        return errors
    }

    /// Errors for one field path, from the last validation.
    package func errors(at path: FormPath) -> [FieldError] { errors.filter { $0.path == path } }

    /// `true` when the values differ from the original.
    package var isDirty: Bool { values != original }

    /// The changed values, leaf by leaf; empty when nothing changed.
    package var changes: [FormChange] { FormChange.between(original, values) }

    /// Only the changed values, as a flat path/value dictionary (empty when nothing changed).
    package var changedValues: [String: FormValue] {
        Dictionary(changes.map { ($0.path.description, $0.new) }, uniquingKeysWith: { _, last in last })
    }
}
