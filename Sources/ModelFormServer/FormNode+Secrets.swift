import ModelForm

extension FormNode {
    /// The tree with every stored secret's input optional: browsers are never sent a
    /// password, so an empty one keeps what is stored and must not be refused as missing.
    func keepingStoredSecrets() -> FormNode {
        // Most forms hold none: then the tree is not copied row by row (1.75 M instructions
        // of a 1,000-field page's GET, callgrind).
        guard holdsStoredSecret else { return self }
        var rewriter = StoredSecrets()
        return rewriter.rewriteForm(self)
    }

    /// Whether a row at any depth is one ``StoredSecrets`` changes.
    fileprivate var holdsStoredSecret: Bool {
        sections.contains { $0.rows.contains(where: \.holdsStoredSecret) }
    }
}

extension RowNode {
    /// Whether this row, or one it holds, is one ``StoredSecrets`` changes.
    fileprivate var holdsStoredSecret: Bool {
        if StoredSecrets.isStoredSecret(context) { return true }
        switch content {
        case .field: return false
        case .subform(let form): return form.holdsStoredSecret
        case .collection(let items):
            return items.contains { item in
                switch item.content {
                case .form(let form): form.holdsStoredSecret
                case .cell(let context): StoredSecrets.isStoredSecret(context)
                case .link: false
                }
            }
        case .entries(let rows): return rows.contains(where: \.holdsStoredSecret)
        case .alternative(let chosen): return chosen?.holdsStoredSecret ?? false
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
