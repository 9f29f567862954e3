/// Callbacks from a ``FormSession`` (the seeds' delegate): every method has a default that
/// does nothing, so implement only what you need.
///
/// ```swift
/// struct Audit: FormSessionDelegate {
///     func session(_ session: FormSession, didChange change: FormChange) { print(change.path) }
/// }
/// form.delegate = Audit()   // Form.delegate: the form passes its session (a read-only view)
/// ```
public protocol FormSessionDelegate: Sendable {
    /// A value was set (typed, from text, or by a submission).
    func session(_ session: FormSession, didChange change: FormChange)
    /// Asked before committing valid values; return `false` to refuse.
    func sessionShouldCommit(_ session: FormSession) -> Bool
    /// The values are valid and about to become the committed ones.
    func sessionWillCommit(_ session: FormSession)
    /// The values were committed.
    func sessionDidCommit(_ session: FormSession)
    /// The edits were cancelled and the original restored.
    func sessionDidCancel(_ session: FormSession)
    /// Run a custom action (a button, or a field's `action` after its value changed);
    /// return `true` when handled.
    func session(_ session: FormSession, perform action: String, for field: Field?) -> Bool
}

extension FormSessionDelegate {
    public func session(_ session: FormSession, didChange change: FormChange) {}
    public func sessionShouldCommit(_ session: FormSession) -> Bool { true }
    public func sessionWillCommit(_ session: FormSession) {}
    public func sessionDidCommit(_ session: FormSession) {}
    public func sessionDidCancel(_ session: FormSession) {}
    public func session(_ session: FormSession, perform action: String, for field: Field?) -> Bool { false }
}
