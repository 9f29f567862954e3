import ModelForm

/// What drawing a node in Markdown gives: lines of the table (or list) being written, and
/// the blocks that follow it.
struct MarkdownPieces {
    /// Table rows (or list items) of the section being drawn, or an item's numbered line.
    var lines: [String] = []
    /// Whole blocks: headings, tables, sub-sections.
    var blocks: [String] = []
}

/// Draws a form tree in Markdown, one visit per node: a section's fields as one table (or
/// list), each inline subform or collection following as a sub-section one heading deeper,
/// so no row ever reads as part of a subform.
struct MarkdownTreeDrawer: FormTreeVisitor {
    let renderer: MarkdownRenderer
    /// The heading level of the form being drawn.
    var level: Int

    mutating func visitForm(_ form: FormNode) -> MarkdownPieces {
        MarkdownPieces(blocks: visitSections(of: form).flatMap(\.blocks))
    }

    mutating func visitSection(_ section: SectionNode) -> MarkdownPieces {
        var blocks: [String] = []
        let outer = level
        if let header = section.header, !header.isEmpty {
            blocks.append(renderer.heading(level) + MarkdownEscaping.escape(header))
            level += 1
        }
        let rows = visitRows(of: section)
        level = outer
        let lines = rows.flatMap(\.lines)
        let subsections = rows.flatMap(\.blocks)
        if !lines.isEmpty {
            if renderer.theme.markdownStyle == .list {
                blocks.append(lines.joined(separator: "\n"))
            } else {
                let titles = [
                    renderer.theme.token("markdownFieldHeader", default: "Field"),
                    renderer.theme.token("markdownValueHeader", default: "Value"),
                ]
                blocks.append(renderer.tableHeader(titles) + "\n" + lines.joined(separator: "\n"))
            }
        }
        blocks += subsections
        if let footer = section.footer, !footer.isEmpty { blocks.append(MarkdownEscaping.escape(footer)) }
        return MarkdownPieces(blocks: blocks)
    }

    /// The field's line, and its inline subform or collection as a sub-section.
    mutating func visitRow(_ row: RowNode) -> MarkdownPieces {
        let context = row.context
        if renderer.isDocument, context.field.type == .action { return MarkdownPieces() }
        let label =
            MarkdownEscaping.escape(context.field.title) + (context.isRequired && !renderer.isDocument ? " \\*" : "")
        let value = renderer.value(context)
        let line =
            renderer.theme.markdownStyle == .list
            ? "- **" + label + ":** " + value : "| " + label + " | " + value + " |"
        var pieces = MarkdownPieces(lines: [line])
        switch row.content {
        case .field: return pieces
        case .collection(let items) where items.isEmpty: return pieces
        case .subform, .collection: break
        }
        pieces.blocks.append(renderer.heading(level) + MarkdownEscaping.escape(context.field.title))
        level += 1
        defer { level -= 1 }
        if case .collection(let items) = row.content, let table = renderer.flatTable(items) {
            pieces.blocks.append(table)
            return pieces
        }
        let content = visitContent(of: row)
        pieces.blocks += content.flatMap(\.blocks)
        // Links and single values: one numbered list after the items' sub-sections.
        let scalars = content.flatMap(\.lines)
        if !scalars.isEmpty { pieces.blocks.append(scalars.joined(separator: "\n")) }
        return pieces
    }

    /// A numbered sub-section for a model item; a numbered line for a link or a value.
    mutating func visitItem(_ item: ItemNode, in row: RowNode) -> MarkdownPieces {
        let title = ItemTitles.named(row.context.field.title, index: item.index, summary: item.summary)
        let name = MarkdownEscaping.escape(title)
        switch item.content {
        case .form(let form):
            let heading = renderer.heading(level) + "\(item.index + 1)\\. " + name
            level += 1
            defer { level -= 1 }
            return MarkdownPieces(blocks: [heading] + visitForm(form).blocks)
        case .link(let link):
            return MarkdownPieces(lines: ["\(item.index + 1). [\(name)](\(MarkdownLinks.destination(link)))"])
        case .cell(let context):
            return MarkdownPieces(lines: ["\(item.index + 1). " + renderer.value(context)])
        }
    }
}
