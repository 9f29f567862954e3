import ModelForm

/// Draws a form tree in Markdown, one visit per node: a section's fields as one table (or
/// list), each inline subform or collection following as a sub-section one heading deeper,
/// so no row ever reads as part of a subform. It appends to buffers as it goes.
struct MarkdownTreeDrawer: FormTreeWalker {
    let renderer: MarkdownRenderer
    /// The heading level of the form being drawn.
    var level: Int
    /// The blocks drawn so far.
    var blocks: [String] = []
    /// The table rows (or list items) of the section being drawn.
    private var lines: [String] = []
    /// The sub-sections that follow the section being drawn.
    private var subsections: [String] = []
    /// The numbered lines of the collection being drawn (links and single values).
    private var scalars: [String] = []
    /// Whether the section being drawn is a map's entries (its table's first column is "Key").
    private var drawsEntries = false

    init(renderer: MarkdownRenderer, level: Int) {
        self.renderer = renderer
        self.level = level
    }

    mutating func visitSection(_ section: SectionNode) {
        draw(section, rows: section.rows)
    }

    /// A section with `rows` (read once, in order: a streamed form's are made as they are
    /// read).
    mutating func draw<Rows: Sequence<RowNode>>(_ section: SectionNode, rows: Rows) {
        let outer = (level, lines, subsections, drawsEntries)
        let isEntries = drawsEntries
        (lines, subsections, drawsEntries) = ([], [], false)
        if let header = section.header, !header.isEmpty {
            blocks.append(renderer.heading(level) + MarkdownEscaping.escape(header))
            level += 1
        }
        for row in rows { visitRow(row) }
        if !lines.isEmpty {
            if renderer.theme.markdownStyle == .list {
                blocks.append(lines.joined(separator: "\n"))
            } else {
                let titles = [
                    isEntries
                        ? renderer.theme.token("markdownKeyHeader", default: "Key")
                        : renderer.theme.token("markdownFieldHeader", default: "Field"),
                    renderer.theme.token("markdownValueHeader", default: "Value"),
                ]
                blocks.append(renderer.tableHeader(titles) + "\n" + lines.joined(separator: "\n"))
            }
        }
        blocks += subsections
        (level, lines, subsections, drawsEntries) = outer
        if let footer = section.footer, !footer.isEmpty { blocks.append(MarkdownEscaping.escape(footer)) }
    }

    /// The field's line, and its inline subform or collection as a sub-section.
    mutating func visitRow(_ row: RowNode) {
        let context = row.context
        if renderer.isDocument, context.field.type == .action { return }
        let label =
            MarkdownEscaping.escape(context.field.title) + (context.isRequired && !renderer.isDocument ? " \\*" : "")
        let value = renderer.value(context)
        lines.append(
            renderer.theme.markdownStyle == .list
                ? "- **" + label + ":** " + value : "| " + label + " | " + value + " |")
        switch row.content {
        case .field: return
        case .collection(let items) where items.isEmpty: return
        case .entries(let entries) where entries.isEmpty: return
        case .alternative(let chosen):
            // A union's chosen alternative: a row of the same table, after the choice's.
            if let chosen { visitRow(chosen) }
            return
        case .subform, .collection, .entries: break
        }
        subsections.append(renderer.heading(level) + MarkdownEscaping.escape(context.field.title))
        if case .entries(let entries) = row.content {
            // Key → value rows: a section of their own one level deeper.
            let outer = (level, blocks, drawsEntries)
            (level, blocks, drawsEntries) = (level + 1, [], true)
            visitSection(SectionNode(header: nil, footer: nil, rows: entries))
            subsections += blocks
            (level, blocks, drawsEntries) = outer
            return
        }
        if case .collection(let items) = row.content, let table = renderer.flatTable(items) {
            subsections.append(table)
            return
        }
        let outer = (level, blocks, scalars)
        (level, blocks, scalars) = (level + 1, [], [])
        descend(into: row)
        subsections += blocks
        // Links and single values: one numbered list after the items' sub-sections.
        if !scalars.isEmpty { subsections.append(scalars.joined(separator: "\n")) }
        (level, blocks, scalars) = outer
    }

    /// A numbered sub-section for a model item; a numbered line for a link or a value.
    mutating func visitItem(_ item: ItemNode, in row: RowNode) {
        let title = ItemTitles.named(row.context.field.title, index: item.index, summary: item.summary)
        let name = MarkdownEscaping.escape(title)
        switch item.content {
        case .form(let form):
            blocks.append(renderer.heading(level) + "\(item.index + 1)\\. " + name)
            level += 1
            visitForm(form)
            level -= 1
        case .link(let link):
            scalars.append("\(item.index + 1). [\(name)](\(MarkdownLinks.destination(link)))")
        case .cell(let context):
            scalars.append("\(item.index + 1). " + renderer.value(context))
        }
    }
}
