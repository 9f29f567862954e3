/// What a session tells whoever watches it: a form's delegate, which sees the session as the
/// form (the `Form` floor is above this one, so the session names only this protocol).
package protocol SessionObserver: Sendable {
    /// Handles one event; the answer matters for `shouldCommit` (may the
    /// values be committed?) and `perform` (was the action handled?).
    func session(_ session: FormSession, _ event: SessionEvent) -> Bool
}

/// One thing that happened in a session.
package enum SessionEvent: Sendable {
    case change(FormChange)
    case shouldCommit
    case willCommit
    case didCommit
    case didCancel
    case perform(String, for: Field?)
}

extension FormSession {
    /// Tells the observer, if there is one; `nil` when there is none.
    @discardableResult
    func tell(_ event: SessionEvent) -> Bool? {
        observer?.session(self, event)
    }
}
