import ModelForm

/// What an app does with a form's custom actions (a `Register` button): called once the
/// page's values validate, before anything is saved.
///
/// ```swift
/// struct Registration: FormServerDelegate {
///     func formServer(_ server: FormServer, perform action: String, values: FormValue, at entity: FormPath) async
///         -> CustomActionResult
///     {
///         action == "register" ? .save : .done(notice: "Nothing to do for \(action).")
///     }
/// }
/// ```
public protocol FormServerDelegate: Sendable {
    func formServer(_ server: FormServer, perform action: String, values: FormValue, at entity: FormPath) async
        -> CustomActionResult
}

/// What follows a custom action.
public enum CustomActionResult: Sendable, Equatable {
    /// Save the values as Save does (303 with what changed).
    case save
    /// Draw the page again with a message; nothing is saved.
    case done(notice: String)
    /// Refuse with a message (422); nothing is saved.
    case refuse(message: String)
}
