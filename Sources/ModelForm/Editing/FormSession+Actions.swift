extension FormSession {
    /// Runs an action: the standard ones here, custom ones through the delegate.
    /// Returns `false` when a custom action found no handler.
    @discardableResult
    package mutating func perform(_ action: FormAction) throws(FormError) -> Bool {
        switch action {
        case .save: try commit()
        case .cancel: cancel()
        case .reset: reset()
        case .add(let path): try addItem(to: path)
        case .addEntry(let path):
            guard case .key(let key)? = path.last, let mapPath = path.parent else {
                throw FormError.invalidPath(path.description, "expected a new entry such as scripts[\"build\"]")
            }
            try addEntry(key, to: mapPath)
        case .remove(let path): try removeItem(at: path)
        case .moveUp(let path), .moveDown(let path):
            guard case .index(let index) = path.last else {
                throw FormError.invalidPath(path.description, "expected an item")
            }
            let target = index + (action == .moveUp(path) ? -1 : 1)
            try moveItem(at: path, to: target)
        case .custom(let name):
            let field = (config.fields + config.actions).first { $0.action == name }
            return tell(.perform(name, for: field)) ?? false
        }
        return true
    }

    /// Runs a virtual field's action (a button row).
    @discardableResult
    package mutating func activate(_ field: Field) throws(FormError) -> Bool {
        guard let action = field.action else { throw FormError.notEditable(field.id, "it has no action") }
        return try perform(FormAction(parsing: action))
    }
}
