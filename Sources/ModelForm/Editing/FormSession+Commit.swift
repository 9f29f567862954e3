extension FormSession {
    /// Validates, asks the delegate, and makes the current values the committed ones.
    @discardableResult
    package mutating func commit() throws(FormError) -> FormValue {
        try prepareCommit()
        finishCommit()
        return values
    }

    /// Commits and returns the model decoded back through `Codable`. Nothing is committed
    /// when the values do not decode.
    package mutating func commit<Model: Decodable>(as type: Model.Type) throws(FormError) -> Model {
        let before = values
        try prepareCommit()
        let model: Model
        do { model = try FormValueDecoder().decode(type, from: values) } catch {
            values = before
            throw FormError.decodingFailed(String(describing: error))
        }
        finishCommit()
        return model
    }

    /// Commits into a bound instance.
    package mutating func commit<Model: Decodable>(into model: inout Model) throws(FormError) {
        model = try commit(as: Model.self)
    }

    /// Clears hidden values (by their policy), validates and asks the delegate; on any
    /// refusal the values are as they were.
    private mutating func prepareCommit() throws(FormError) {
        let before = values
        clearHiddenValues()
        let found = validate()
        guard found.isEmpty else {
            values = before
            throw FormError.validationFailed(found)
        }
        guard tell(.shouldCommit) ?? true else {
            values = before
            throw FormError.commitRefused
        }
    }

    private mutating func finishCommit() {
        tell(.willCommit)
        original = values
        tell(.didCommit)
    }

    /// Restores the original values exactly and clears errors.
    package mutating func cancel() {
        values = original
        errors = []
        tell(.didCancel)
    }

    /// Sets every field to its default (see ``DefaultValues``); the original stays, so
    /// ``changes`` reports what the reset changed and ``cancel()`` undoes it.
    package mutating func reset() {
        values = DefaultValues.record(for: typeName, configs: configs)
        errors = []
    }
}
