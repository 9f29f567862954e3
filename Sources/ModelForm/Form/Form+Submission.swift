import Foundation

extension Form {
    /// Applies an HTML form submission (`application/x-www-form-urlencoded`, bracket
    /// names), all or nothing, and performs a collection button's action (add, remove,
    /// move) itself; returns the action the submit button named (`_action`), if any.
    ///
    /// On any parse or validation error it throws and ``values`` stay as they were, while
    /// the form keeps the raw input and every error for drawing again (``rawInput``,
    /// ``errors``): a cleared number, a malformed date and an empty select included.
    ///
    /// ```swift
    /// do {
    ///     if try form.apply(submission: body) == .save { save(try form.commit()) }
    /// } catch {
    ///     page = HTMLRenderer().render(form)  // the user's input, with the messages
    /// }
    /// ```
    ///
    /// Only what the page drew as an input binds (Django's rule for a ModelForm's
    /// `fields`): a name for a `hidden` field, for a field of a relationship drawn on a page
    /// of its own (a to-one relationship that is not `inline`, unless `inlineSubforms` says the
    /// page drew every subform in place), or a collection button for such a collection refuses
    /// the whole submission with ``FormError/notEditable(_:_:)``, and nothing changes.
    /// Read-only fields are ignored; unknown names are errors.
    @discardableResult
    public mutating func apply(submission body: String, inlineSubforms: Bool = false) throws(FormError) -> FormAction? {
        try FormSession.checkBodySize(body.utf8.count)
        return try apply(pairs: URLEncodedForm.pairs(body), inlineSubforms: inlineSubforms)
    }

    /// Applies a `multipart/form-data` submission (a form with a file input) the same way.
    @discardableResult
    public mutating func apply(multipart body: Data, boundary: String, inlineSubforms: Bool = false) throws(FormError)
        -> FormAction?
    {
        try apply(pairs: FormSession.pairs(multipart: body, boundary: boundary), inlineSubforms: inlineSubforms)
    }

    /// Applies decoded name/value pairs (any body encoding).
    @discardableResult
    public mutating func apply(pairs: [(name: String, value: String)], inlineSubforms: Bool = false) throws(FormError)
        -> FormAction?
    {
        try apply(pairs: pairs, inlineSubforms: inlineSubforms, absentTogglesOff: true)
    }

    /// Applies a body that names only what it changes (`modelform apply --form-body`): a
    /// checkbox, multi-select or bitfield it does not name keeps its value, where a
    /// browser's body, which leaves out what is not checked, turns it off.
    @discardableResult
    package mutating func apply(changing body: String) throws(FormError) -> FormAction? {
        try FormSession.checkBodySize(body.utf8.count)
        return try apply(pairs: URLEncodedForm.pairs(body), inlineSubforms: false, absentTogglesOff: false)
    }

    private mutating func apply(
        pairs: [(name: String, value: String)], inlineSubforms: Bool, absentTogglesOff: Bool
    ) throws(FormError) -> FormAction? {
        let bound = session.bind(pairs: pairs, inlineSubforms: inlineSubforms, absentTogglesOff: absentTogglesOff)
        if let refused = bound.notDrawnError { throw refused }
        var refused = bound.session
        let failed = Set(bound.failures.map(\.path))
        let problems: [FieldError]
        if bound.failures.isEmpty {
            problems = refused.errors
        } else {
            problems = bound.failures + refused.validate().filter { !failed.contains($0.path) }
        }
        guard problems.isEmpty else {
            session.errors = problems
            pending = PendingSubmission(values: refused.values, raw: bound.raw)
            throw bound.failures.isEmpty ? FormError.validationFailed(problems) : FormError.invalidInput(problems)
        }
        var accepted = bound.session
        if let action = bound.action, action.collectionPath != nil {
            do {
                try accepted.perform(action)
            } catch {
                // A button that cannot do its work (a new entry's key taken): the page again
                // with its error and the other edits kept, nothing changed.
                guard !error.fieldErrors.isEmpty else { throw error }
                session.errors = error.fieldErrors
                pending = PendingSubmission(values: bound.session.values, raw: bound.raw)
                throw error
            }
        }
        session = accepted
        pending = nil
        return bound.action
    }

    /// Keeps texts that did not parse (a values file's malformed email) the way a refused
    /// submission keeps its input: renderers draw each text as written, with `errors`, while
    /// ``values`` stay as they are. Any edit clears them.
    ///
    /// ```swift
    /// form.keepInvalidInput(
    ///     ["email": "ada@"], errors: [FieldError(path: "email", rule: "type", message: "is not an email address")])
    /// ```
    package mutating func keepInvalidInput(_ raw: [FormPath: String], errors: [FieldError]) {
        session.errors = errors
        pending = PendingSubmission(values: session.values, raw: raw)
    }

    /// The values to draw: a refused submission's, else the current ones.
    package var displayedValues: FormValue { pending?.values ?? session.values }
}
