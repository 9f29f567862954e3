import ModelForm

extension FormNode {
    /// The tree with every stored secret's input optional: browsers are never sent a
    /// password, so an empty one keeps what is stored and must not be refused as missing.
    func keepingStoredSecrets() -> FormNode {
        // Most forms hold none: then the tree is not copied row by row (1.75 M instructions
        // of a 1,000-field page's GET, callgrind).
        var finder = StoredSecretFinder()
        finder.visitForm(self)
        guard finder.found else { return self }
        var rewriter = StoredSecrets()
        return rewriter.rewriteForm(self)
    }
}

/// Whether a row at any depth is one ``StoredSecrets`` changes (a collection's cells are
/// visited as rows); it stops looking at the first.
private struct StoredSecretFinder: FormTreeWalker {
    var found = false

    mutating func visitRow(_ row: RowNode) {
        guard !found else { return }
        if StoredSecrets.isStoredSecret(row.context) {
            found = true
        } else {
            descend(into: row)
        }
    }
}

/// Makes a password field that holds a value optional, with a placeholder that says so.
private struct StoredSecrets: FormTreeRewriter {
    mutating func rewriteRow(_ row: RowNode) -> RowNode {
        var row = rewriteChildren(of: row)
        if Self.isStoredSecret(row.context) {
            row.context.isRequired = false
            row.context.field.placeholder = "Unchanged (leave empty to keep it)"
        }
        return row
    }

    /// A password field that holds a value.
    static func isStoredSecret(_ context: CellContext) -> Bool {
        context.field.type == .password && !context.value.plainText.isEmpty
    }
}
