/// Visits a form tree node by node, one method per kind of node, each returning a `Result`
/// that can be the node drawn (swift-markdown's `MarkupVisitor`). A method decides whether
/// and where to descend: ``visitSections(of:)``, ``visitRows(of:)``, ``visitContent(of:)``
/// and ``visitContent(of:in:)`` visit the children and return their results in order, so a
/// renderer draws a row around its children's results.
///
/// ```swift
/// struct Outline: FormTreeVisitor {
///     mutating func visitForm(_ form: FormNode) -> String { visitSections(of: form).joined() }
///     mutating func visitSection(_ section: SectionNode) -> String { visitRows(of: section).joined() }
///     mutating func visitRow(_ row: RowNode) -> String {
///         "- " + row.context.field.title + "\n" + visitContent(of: row).joined()
///     }
///     mutating func visitItem(_ item: ItemNode, in row: RowNode) -> String {
///         visitContent(of: item, in: row).joined()
///     }
/// }
/// var outline = Outline()
/// let text = outline.visitForm(tree)
/// ```
public protocol FormTreeVisitor {
    /// What visiting a node gives.
    associatedtype Result

    /// A form: the root, an inline subform, or a collection item's form.
    mutating func visitForm(_ form: FormNode) -> Result
    /// A section of a form.
    mutating func visitSection(_ section: SectionNode) -> Result
    /// A row: a field, with an inline subform or a collection's items in it.
    mutating func visitRow(_ row: RowNode) -> Result
    /// An item of the collection `row` draws.
    mutating func visitItem(_ item: ItemNode, in row: RowNode) -> Result
}

extension FormTreeVisitor {
    /// The results of the form's sections, in order.
    public mutating func visitSections(of form: FormNode) -> [Result] {
        var results: [Result] = []
        results.reserveCapacity(form.sections.count)
        for section in form.sections { results.append(visitSection(section)) }
        return results
    }

    /// The results of the section's rows, in order.
    public mutating func visitRows(of section: SectionNode) -> [Result] {
        var results: [Result] = []
        results.reserveCapacity(section.rows.count)
        for row in section.rows { results.append(visitRow(row)) }
        return results
    }

    /// The results of what a row holds: its inline subform, its collection's items, its
    /// map's entries in order or a union's chosen alternative (none for a plain field).
    public mutating func visitContent(of row: RowNode) -> [Result] {
        switch row.content {
        case .field: return []
        case .subform(let form): return [visitForm(form)]
        case .collection(let items):
            var results: [Result] = []
            results.reserveCapacity(items.count)
            for item in items { results.append(visitItem(item, in: row)) }
            return results
        case .entries(let entries):
            var results: [Result] = []
            results.reserveCapacity(entries.count)
            for entry in entries { results.append(visitRow(entry)) }
            return results
        case .alternative(let chosen): return chosen.map { [visitRow($0)] } ?? []
        }
    }

    /// The result of what an item holds: its form, or its cell as a row (none for a link).
    public mutating func visitContent(of item: ItemNode, in row: RowNode) -> [Result] {
        switch item.content {
        case .form(let form): return [visitForm(form)]
        case .cell(let context): return [visitRow(RowNode(context: context))]
        case .link: return []
        }
    }
}

/// A visitor that only looks: every method descends unless it is implemented otherwise, and
/// ``descend(into:)-(FormNode)`` and its overloads continue below a node without building results.
///
/// ```swift
/// struct Errors: FormTreeWalker {
///     var count = 0
///     mutating func visitRow(_ row: RowNode) {
///         count += row.context.errors.count
///         descend(into: row)
///     }
/// }
/// var errors = Errors()
/// errors.visitForm(tree)
/// ```
package protocol FormTreeWalker: FormTreeVisitor where Result == Void {}

extension FormTreeWalker {
    package mutating func visitForm(_ form: FormNode) { descend(into: form) }
    package mutating func visitSection(_ section: SectionNode) { descend(into: section) }
    package mutating func visitRow(_ row: RowNode) { descend(into: row) }
    package mutating func visitItem(_ item: ItemNode, in row: RowNode) { descend(into: item, in: row) }

    /// Visits the form's sections.
    package mutating func descend(into form: FormNode) {
        for section in form.sections { visitSection(section) }
    }

    /// Visits the section's rows.
    package mutating func descend(into section: SectionNode) {
        for row in section.rows { visitRow(row) }
    }

    /// Visits the row's inline subform, its collection's items or its map's entries.
    package mutating func descend(into row: RowNode) {
        switch row.content {
        case .field: break
        case .subform(let form): visitForm(form)
        case .collection(let items): for item in items { visitItem(item, in: row) }
        case .entries(let entries): for entry in entries { visitRow(entry) }
        case .alternative(let chosen): if let chosen { visitRow(chosen) }
        }
    }

    /// Visits the item's form, or its cell as a row.
    package mutating func descend(into item: ItemNode, in row: RowNode) {
        switch item.content {
        case .form(let form): visitForm(form)
        case .cell(let context): visitRow(RowNode(context: context))
        case .link: break
        }
    }
}

/// Rebuilds a form tree: each method returns the node to put in its place, by default the
/// node with its children rewritten (swift-markdown's `MarkupRewriter`). Implement the
/// methods for the nodes that change.
///
/// ```swift
/// struct Untitled: FormTreeRewriter {
///     mutating func rewriteRow(_ row: RowNode) -> RowNode {
///         var row = rewriteChildren(of: row)
///         row.context.field.title = ""
///         return row
///     }
/// }
/// var rewriter = Untitled()
/// let bare = rewriter.rewriteForm(tree)
/// ```
package protocol FormTreeRewriter {
    /// A form in its place (the root, an inline subform, an item's form).
    mutating func rewriteForm(_ form: FormNode) -> FormNode
    /// A row in its place.
    mutating func rewriteRow(_ row: RowNode) -> RowNode
    /// An item of the collection `row` draws, in its place.
    mutating func rewriteItem(_ item: ItemNode, in row: RowNode) -> ItemNode
}

extension FormTreeRewriter {
    package mutating func rewriteForm(_ form: FormNode) -> FormNode { rewriteChildren(of: form) }
    package mutating func rewriteRow(_ row: RowNode) -> RowNode { rewriteChildren(of: row) }
    package mutating func rewriteItem(_ item: ItemNode, in row: RowNode) -> ItemNode {
        rewriteChildren(of: item, in: row)
    }

    /// The form with every row of every section rewritten.
    package mutating func rewriteChildren(of form: FormNode) -> FormNode {
        var form = form
        for section in form.sections.indices {
            for row in form.sections[section].rows.indices {
                form.sections[section].rows[row] = rewriteRow(form.sections[section].rows[row])
            }
        }
        return form
    }

    /// The row with its inline subform, its collection's items or its map's entries rewritten.
    package mutating func rewriteChildren(of row: RowNode) -> RowNode {
        var row = row
        switch row.content {
        case .field: break
        case .subform(let form): row.content = .subform(rewriteForm(form))
        case .collection(let items):
            var rewritten: [ItemNode] = []
            rewritten.reserveCapacity(items.count)
            for item in items { rewritten.append(rewriteItem(item, in: row)) }
            row.content = .collection(rewritten)
        case .entries(let entries):
            row.content = .entries(entries.map { rewriteRow($0) })
        case .alternative(let chosen): row.content = .alternative(chosen.map { rewriteRow($0) })
        }
        return row
    }

    /// The item with its form, or its cell (as a row), rewritten.
    package mutating func rewriteChildren(of item: ItemNode, in row: RowNode) -> ItemNode {
        var item = item
        switch item.content {
        case .form(let form): item.content = .form(rewriteForm(form))
        case .cell(let context): item.content = .cell(rewriteRow(RowNode(context: context)).context)
        case .link: break
        }
        return item
    }
}
