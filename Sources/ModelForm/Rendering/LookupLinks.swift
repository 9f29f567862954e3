/// Links each lookup of a tree to the page or document of the record it names: a to-one
/// lookup's row (``CellContext/link``), and each chosen record of a to-many lookup
/// (``CellContext/Choice/link``). `link` gives the address of record `id` of a type, or `nil`
/// for none.
package struct LookupLinks: FormTreeRewriter {
    package let link: @Sendable (_ typeName: String, _ id: Int64) -> String?

    package init(link: @escaping @Sendable (_ typeName: String, _ id: Int64) -> String?) { self.link = link }

    package mutating func rewriteRow(_ row: RowNode) -> RowNode {
        var row = rewriteChildren(of: row)
        linking(&row.context)
        return row
    }

    /// Links the lookup `context` draws, if it is one.
    package func linking(_ context: inout CellContext) {
        guard let target = context.field.lookup else { return }
        if case .int(let id) = context.value, let link = link(target, id) {
            context.link = link
        } else if case .list = context.value {
            let options = context.field.options
            context.choices = context.choices.map { choice in
                var choice = choice
                if choice.selected, options.indices.contains(choice.index),
                    case .int(let id) = options[choice.index].value
                {
                    choice.link = link(target, id)
                }
                return choice
            }
        }
    }
}
