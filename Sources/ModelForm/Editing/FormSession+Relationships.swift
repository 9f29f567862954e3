extension FormSession {
    /// A session over a to-one relationship or a collection item, built by the same logic
    /// with the target type's form. A `nil` subform is instantiated from defaults.
    ///
    /// ```swift
    /// var address = try session.child(at: "address")
    /// try address.setText("Main St", at: "street")
    /// try session.merge(address)       // or just drop `address` to cancel
    /// ```
    package func child(at path: FormPath) throws(FormError) -> FormSession {
        let field = try field(at: path)
        guard case .record(let target) = field.shape else {
            throw FormError.notEditable(path.description, "it is not a subform or a collection item")
        }
        guard !field.readOnly else { throw FormError.notEditable(path.description, "it is read-only") }
        guard let current = values[path] else { throw FormError.invalidPath(path.description, "no value there") }
        let start = current == .null ? DefaultValues.record(for: target, configs: configs) : current
        var child = FormSession(values: start, configs: configs, typeName: target, validator: validator.forSubtree)
        child.parser = parser
        child.transformers = transformers
        child.delegate = delegate
        child.pathInParent = path
        return child
    }

    /// Writes a child session's values back at its path, after validating them.
    package mutating func merge(_ child: FormSession) throws(FormError) {
        guard let path = child.pathInParent else {
            throw FormError.notEditable("", "the session is not a child session")
        }
        var child = child
        let found = child.validate().map {
            FieldError(path: FormPath(path.components + $0.path.components), rule: $0.rule, message: $0.message)
        }
        guard found.isEmpty else { throw FormError.validationFailed(found) }
        try store(child.values, at: path, field: try field(at: path))
    }

    /// Appends a new item to a collection, made from its ``Field/itemField``; returns its path.
    @discardableResult
    package mutating func addItem(to path: FormPath) throws(FormError) -> FormPath {
        let field = try editableField(at: path)
        guard let template = field.itemField else {
            throw FormError.notEditable(path.description, "it is not a collection")
        }
        var items = try listItems(at: path)
        var item = DefaultValues.value(for: template, configs: configs)
        if item == .null, template.valueType?.isOptional == false || template.valueType == nil { item = .string("") }
        items.append(item)
        try store(.list(items), at: path, field: field)
        return path.appending(.index(items.count - 1))
    }

    /// Removes a collection item (`friends[2]`).
    package mutating func removeItem(at itemPath: FormPath) throws(FormError) {
        let (listPath, index, field) = try collectionItem(itemPath)
        var items = try listItems(at: listPath)
        items.remove(at: index)
        try store(.list(items), at: listPath, field: field)
    }

    /// Moves a collection item to another position; the collection must be `sortable`.
    package mutating func moveItem(at itemPath: FormPath, to destination: Int) throws(FormError) {
        let (listPath, index, field) = try collectionItem(itemPath)
        guard field.sortable else {
            throw FormError.notEditable(listPath.description, "the collection is not sortable")
        }
        var items = try listItems(at: listPath)
        guard items.indices.contains(destination) else {
            throw FormError.invalidPath(itemPath.description, "cannot move to \(destination) (\(items.count) items)")
        }
        items.insert(items.remove(at: index), at: destination)
        try store(.list(items), at: listPath, field: field)
    }

    private func collectionItem(_ itemPath: FormPath) throws(FormError) -> (FormPath, Int, Field) {
        guard case .index(let index) = itemPath.last, let listPath = itemPath.parent else {
            throw FormError.invalidPath(itemPath.description, "expected a collection item such as friends[0]")
        }
        let field = try editableField(at: listPath)
        guard field.itemField != nil else {
            throw FormError.notEditable(listPath.description, "it is not a collection")
        }
        guard try listItems(at: listPath).indices.contains(index) else {
            throw FormError.invalidPath(itemPath.description, "there is no item \(index)")
        }
        return (listPath, index, field)
    }

    private func listItems(at path: FormPath) throws(FormError) -> [FormValue] {
        switch values[path] {
        case .list(let items): return items
        case .null, nil: return []
        default: throw FormError.invalidPath(path.description, "the value is not a list")
        }
    }
}
