/// Callbacks from a ``Form`` (the seeds' delegate): every method has a default that does
/// nothing, so implement only what you need. Each callback gets the form as it is at that
/// moment, as a read-only `Form<FormValue>`: read its values, errors and fields, or draw it.
///
/// ```swift
/// struct Audit: FormDelegate {
///     func form(_ form: Form<FormValue>, didChange change: FormChange) { print(change.path) }
///     func formShouldCommit(_ form: Form<FormValue>) -> Bool { form.value(at: "name") != .string("") }
/// }
/// form.delegate = Audit()
/// ```
///
/// The commit and cancel callbacks:
///
/// ```swift
/// final class Journal: FormDelegate {
///     let entries = Mutex<[String]>([])
///     func formWillCommit(_ form: Form<FormValue>) { entries.withLock { $0.append("saving") } }
///     func formDidCommit(_ form: Form<FormValue>) { entries.withLock { $0.append("saved") } }
///     func formDidCancel(_ form: Form<FormValue>) { entries.withLock { $0.append("dropped") } }
/// }
/// let journal = Journal()
/// var form = try Form(editing: Trip())
/// form.delegate = journal
/// _ = try form.commit()  // journal.entries: ["saving", "saved"]
/// ```
public protocol FormDelegate: Sendable {
    /// A value was set (typed, from text, or by a submission).
    func form(_ form: Form<FormValue>, didChange change: FormChange)
    /// Asked before committing valid values; return `false` to refuse.
    func formShouldCommit(_ form: Form<FormValue>) -> Bool
    /// The values are valid and about to become the committed ones.
    func formWillCommit(_ form: Form<FormValue>)
    /// The values were committed.
    func formDidCommit(_ form: Form<FormValue>)
    /// The edits were cancelled and the original restored.
    func formDidCancel(_ form: Form<FormValue>)
    /// Run a custom action (a button, or a field's `action` after its value changed);
    /// return `true` when handled.
    func form(_ form: Form<FormValue>, perform action: String, for field: Field?) -> Bool
}

extension FormDelegate {
    public func form(_ form: Form<FormValue>, didChange change: FormChange) {}
    public func formShouldCommit(_ form: Form<FormValue>) -> Bool { true }
    public func formWillCommit(_ form: Form<FormValue>) {}
    public func formDidCommit(_ form: Form<FormValue>) {}
    public func formDidCancel(_ form: Form<FormValue>) {}
    public func form(_ form: Form<FormValue>, perform action: String, for field: Field?) -> Bool { false }
}

/// A form's delegate with the environment of the form it is shown: the session's observer.
package struct DelegateSlot: SessionObserver {
    package var delegate: any FormDelegate
    package var environment: FormEnvironment

    package init(_ delegate: any FormDelegate, environment: FormEnvironment = FormEnvironment()) {
        self.delegate = delegate
        self.environment = environment
    }

    package func session(_ session: FormSession, _ event: SessionEvent) -> Bool {
        let form = Form<FormValue>(session: session, environment: environment)
        switch event {
        case .change(let change): delegate.form(form, didChange: change)
        case .shouldCommit: return delegate.formShouldCommit(form)
        case .willCommit: delegate.formWillCommit(form)
        case .didCommit: delegate.formDidCommit(form)
        case .didCancel: delegate.formDidCancel(form)
        case .perform(let action, let field): return delegate.form(form, perform: action, for: field)
        }
        return true
    }
}
