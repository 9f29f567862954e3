import ModelForm

extension FormNode {
    /// The tree with every stored secret's input optional: browsers are never sent a
    /// password, so an empty one keeps what is stored and must not be refused as missing.
    func keepingStoredSecrets() -> FormNode {
        var rewriter = StoredSecrets()
        return rewriter.rewriteForm(self)
    }
}

/// Makes a password field that holds a value optional, with a placeholder that says so.
private struct StoredSecrets: FormTreeRewriter {
    mutating func rewriteRow(_ row: RowNode) -> RowNode {
        var row = rewriteChildren(of: row)
        if row.context.field.type == .password, !row.context.value.plainText.isEmpty {
            row.context.isRequired = false
            row.context.field.placeholder = "Unchanged (leave empty to keep it)"
        }
        return row
    }
}
