/// One form, owned end to end (the seeds' ModelFormOrchestrator): its configs (one per
/// type), its environment, the values being edited, their errors, relationships and
/// collections, save and cancel. Renderers draw it; the browser and the terminal fill it in.
///
/// ```swift
/// var form = try Form(editing: employee)  // Form<Employee>
/// try form.configs[Address.self]?.exclude(["street"])  // unknown keys throw, with a suggestion
/// try form.setText("Paris", at: "address.city")
/// let action = try form.apply(submission: body)  // all or nothing
/// let saved: Employee = try form.commit()  // validates first
/// let page = HTMLRenderer().render(form)
/// ```
///
/// A failed ``apply(submission:inlineSubforms:)`` leaves ``values`` as they were but keeps what the user
/// typed, with every error, so drawing the form again shows the raw input and the messages
/// (Django's bound form).
///
/// Values set, moved and reset in code:
///
/// ```swift
/// try form.setValue(.string("Nice"), at: "destination")
/// try form.setValue(Stop(town: "Arles"), at: "stops[1]")  // any Encodable value
/// try form.moveItem(at: "stops[1]", to: 0)
/// let changed = form.isDirty ? form.changedValues.keys.sorted() : []
/// // ["destination", "stops[0].town", "stops[1].town"]
/// form.reset()  // every field to its default
/// ```
public struct Form<Model>: Sendable {
    /// The session that holds the values; every edit goes through it.
    package internal(set) var session: FormSession
    /// A refused submission: the values as it would have left them and the raw texts.
    var pending: PendingSubmission?

    struct PendingSubmission: Sendable {
        var values: FormValue
        var raw: [FormPath: String]
    }

    /// What the form draws and parses with; changing it takes effect at once.
    public var environment: FormEnvironment {
        didSet {
            session.adopt(environment)
            if let delegate { session.observer = DelegateSlot(delegate, environment: environment) }
        }
    }

    init(session: FormSession, environment: FormEnvironment) {
        var session = session
        session.adopt(environment)
        self.session = session
        self.environment = environment
    }

    /// The forms of every type the form reaches, one per type. Replace or change them at any
    /// time: `try form.configs[Address.self]?.update("city") { $0.title = "Town" }`.
    public var configs: ConfigDictionary {
        get { session.configs }
        set {
            session.configs = newValue
            pending = nil
        }
    }

    /// The type the form edits.
    public var typeName: String { session.typeName }
    /// The root type's form.
    public var config: FormConfig { session.config }
    /// The current values (a refused submission never changes them).
    public var values: FormValue { session.values }
    /// The values as the form began, or as last committed.
    public var original: FormValue { session.original }
    /// Every error, with its path: from the last validation, commit or refused submission.
    public var errors: [FieldError] { session.errors }
    /// Errors at one path.
    public func errors(at path: FormPath) -> [FieldError] { session.errors(at: path) }
    /// Callbacks: did change, should / will / did commit, did cancel, custom actions.
    public var delegate: (any FormDelegate)? {
        get { (session.observer as? DelegateSlot)?.delegate }
        set { session.observer = newValue.map { DelegateSlot($0, environment: environment) } }
    }
    /// The raw texts of a refused submission by path (empty otherwise).
    public var rawInput: [FormPath: String] { pending?.raw ?? [:] }
    /// `true` while a refused submission is kept for drawing again.
    package var hasPendingSubmission: Bool { pending != nil }

    /// The value at a path.
    public func value(at path: FormPath) -> FormValue? { session.value(at: path) }
    /// The field a path leads to.
    public func field(at path: FormPath) throws(FormError) -> Field { try session.field(at: path) }

    /// Parses text per the field's type and sets it. Into a `nil` optional relationship,
    /// the relationship is created from its type's defaults first.
    public mutating func setText(_ text: String, at path: FormPath) throws(FormError) {
        try session.setText(text, at: path)
        pending = nil
    }

    /// Parses several texts and sets them all, or none (every failure reported).
    public mutating func setTexts(_ inputs: [(FormPath, String)]) throws(FormError) {
        try session.setTexts(inputs)
        pending = nil
    }

    /// Sets a typed value, checked against the property's type.
    public mutating func setValue(_ value: FormValue, at path: FormPath) throws(FormError) {
        try session.setValue(value, at: path)
        pending = nil
    }

    /// Sets a Swift value (encoded through `Codable`).
    public mutating func setValue<Value: Encodable>(_ value: Value, at path: FormPath) throws {
        try session.setValue(value, at: path)
        pending = nil
    }

    /// Appends a new item made from defaults (every stored property, excluded ones too);
    /// returns its path (`projects[2]`).
    @discardableResult
    public mutating func addItem(to path: FormPath) throws(FormError) -> FormPath {
        defer { pending = nil }
        return try session.addItem(to: path)
    }

    /// Adds an entry to a map, keyed `key`, with its template's default value; returns its
    /// path (`scripts["build"]`). The key must be new and not empty.
    ///
    /// ```swift
    /// let entry = try form.addEntry("build", to: "scripts")
    /// try form.setText("swift build", at: entry)
    /// ```
    @discardableResult
    public mutating func addEntry(_ key: String, to path: FormPath) throws(FormError) -> FormPath {
        defer { pending = nil }
        return try session.addEntry(key, to: path)
    }

    /// Renames a map's entry in place (its value and position kept); returns its new path.
    @discardableResult
    public mutating func renameEntry(at path: FormPath, to key: String) throws(FormError) -> FormPath {
        defer { pending = nil }
        return try session.renameEntry(at: path, to: key)
    }

    /// Makes the union at `path` (a Swift enum with associated values, a JSON Schema
    /// `oneOf`) hold another alternative, named by its tag, its title or its position from
    /// 0. It holds what it held under that alternative earlier in this form's life, else the
    /// alternative's default; switching back brings back what was typed.
    ///
    /// ```swift
    /// try form.chooseAlternative("card", at: "payment")  // {"card": {"number": ""}}
    /// try form.setText("4242", at: "payment.card.number")
    /// ```
    public mutating func chooseAlternative(_ name: String, at path: FormPath) throws(FormError) {
        defer { pending = nil }
        try session.chooseAlternative(name, at: path)
    }

    /// Removes a collection item (`friends[2]`) or a map's entry (`scripts["build"]`).
    public mutating func removeItem(at path: FormPath) throws(FormError) {
        try session.removeItem(at: path)
        pending = nil
    }

    /// Moves a collection item (the collection must be `sortable`).
    public mutating func moveItem(at path: FormPath, to destination: Int) throws(FormError) {
        try session.moveItem(at: path, to: destination)
        pending = nil
    }

    /// The form of a to-one relationship or a collection item (a `nil` one starts from
    /// defaults), with the same configs and environment: navigation into relationships.
    /// Edit it as any form, then ``merge(_:)`` it back.
    ///
    /// ```swift
    /// var address = try form.child(at: "address")
    /// try address.setText("Paris", at: "city")
    /// try form.merge(address)  // validated first; a failure changes nothing
    /// ```
    public func child(at path: FormPath) throws(FormError) -> Form<FormValue> {
        var subtree = environment
        subtree.validator = environment.validator.forSubtree  // the model checks read the whole form
        return Form<FormValue>(session: try session.child(at: path), environment: subtree)
    }

    /// Writes a child form (from ``child(at:)``) back at its path, after validating it.
    public mutating func merge<Child>(_ child: Form<Child>) throws(FormError) {
        try session.merge(child.session)
        pending = nil
    }

    /// Validates the current values; the errors are also in ``errors``.
    @discardableResult
    public mutating func validate() -> [FieldError] {
        pending = nil
        return session.validate()
    }

    /// Back to the original values, exactly; errors and a refused submission are dropped.
    public mutating func cancel() {
        session.cancel()
        pending = nil
    }

    /// Every field to its default.
    public mutating func reset() {
        session.reset()
        pending = nil
    }

    /// `true` when the values differ from the original.
    public var isDirty: Bool { session.isDirty }
    /// The changed values, leaf by leaf.
    public var changes: [FormChange] { session.changes }
    /// Only the changed values, as a flat path/value dictionary.
    public var changedValues: [String: FormValue] { session.changedValues }
}

extension FormSession {
    /// Takes the environment's parser, transformers and checks.
    mutating func adopt(_ environment: FormEnvironment) {
        parser = environment.parser
        transformers = environment.transformers
        validator = environment.validator
    }
}
