import ModelForm

extension FormNode {
    /// The tree with every stored secret's input optional: browsers are never sent a
    /// password, so an empty one keeps what is stored and must not be refused as missing.
    func keepingStoredSecrets() -> FormNode {
        var node = self
        for section in node.sections.indices {
            for row in node.sections[section].rows.indices {
                var current = node.sections[section].rows[row]
                if current.context.field.type == .password, !current.context.value.plainText.isEmpty {
                    current.context.isRequired = false
                    current.context.field.placeholder = "Unchanged (leave empty to keep it)"
                }
                switch current.content {
                case .subform(let inner): current.content = .subform(inner.keepingStoredSecrets())
                case .collection(let items):
                    current.content = .collection(
                        items.map { item in
                            var item = item
                            if case .form(let inner) = item.content {
                                item.content = .form(inner.keepingStoredSecrets())
                            }
                            return item
                        })
                case .field: break
                }
                node.sections[section].rows[row] = current
            }
        }
        return node
    }
}
