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
    /// do { if try form.apply(submission: body) == .save { save(try form.commit()) } }
    /// catch { page = HTMLRenderer().render(form) }   // the user's input, with the messages
    /// ```
    @discardableResult
    public mutating func apply(submission body: String) throws(FormError) -> FormAction? {
        try FormSession.checkBodySize(body.utf8.count)
        return try apply(pairs: URLEncodedForm.pairs(body))
    }

    /// Applies a `multipart/form-data` submission (a form with a file input) the same way.
    @discardableResult
    public mutating func apply(multipart body: Data, boundary: String) throws(FormError) -> FormAction? {
        try apply(pairs: FormSession.pairs(multipart: body, boundary: boundary))
    }

    /// Applies decoded name/value pairs (any body encoding).
    @discardableResult
    public mutating func apply(pairs: [(name: String, value: String)]) throws(FormError) -> FormAction? {
        let bound = session.bind(pairs: pairs)
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
        switch bound.action {
        case .add?, .remove?, .moveUp?, .moveDown?:
            try accepted.perform(bound.action!)
        default:
            break
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
    /// form.keepInvalidInput(["email": "ada@"], errors: [FieldError(path: "email", rule: "type", message: "is not an email address")])
    /// ```
    public mutating func keepInvalidInput(_ raw: [FormPath: String], errors: [FieldError]) {
        session.errors = errors
        pending = PendingSubmission(values: session.values, raw: raw)
    }

    /// The values to draw: a refused submission's, else the current ones.
    public var displayedValues: FormValue { pending?.values ?? session.values }
}
