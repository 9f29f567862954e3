extension FormSession {
    /// Validates, asks the delegate, and makes the current values the committed ones.
    @discardableResult
    public mutating func commit() throws(FormError) -> FormValue {
        try prepareCommit()
        finishCommit()
        return values
    }

    /// Commits and returns the model decoded back through `Codable`. Nothing is committed
    /// when the values do not decode.
    public mutating func commit<Model: Decodable>(as type: Model.Type) throws(FormError) -> Model {
        try prepareCommit()
        let model: Model
        do { model = try FormValueDecoder().decode(type, from: values) } catch {
            throw FormError.decodingFailed(String(describing: error))
        }
        finishCommit()
        return model
    }

    /// Commits into a bound instance.
    public mutating func commit<Model: Decodable>(into model: inout Model) throws(FormError) {
        model = try commit(as: Model.self)
    }

    private mutating func prepareCommit() throws(FormError) {
        let found = validate()
        guard found.isEmpty else { throw FormError.validationFailed(found) }
        guard delegate?.sessionShouldCommit(self) ?? true else { throw FormError.commitRefused }
    }

    private mutating func finishCommit() {
        delegate?.sessionWillCommit(self)
        original = values
        delegate?.sessionDidCommit(self)
    }

    /// Restores the original values exactly and clears errors.
    public mutating func cancel() {
        values = original
        errors = []
        delegate?.sessionDidCancel(self)
    }

    /// Sets every field to its default (see ``DefaultValues``); the original stays, so
    /// ``changes`` reports what the reset changed and ``cancel()`` undoes it.
    public mutating func reset() {
        values = DefaultValues.record(for: typeName, configs: configs)
        errors = []
    }
}
