import Foundation
import ModelForm

/// Draws a form tree as text blocks at a width, one visit per node: a form's sections, a
/// section's header, rows and footer, a row's cell around its inline subform or its
/// collection's items (drawn 4 columns narrower), an item's number hanging before it.
struct TextTreeDrawer: FormTreeWalker {
    let renderer: TextRenderer
    /// The width of what is being drawn (narrower inside a row).
    var width: Int
    /// The rows to draw of the outermost form (`nil`: everything); nested forms are whole.
    var only: Set<FormPath>?
    /// The blocks drawn so far.
    var blocks: [TextBlock] = []
    /// The label column of the form being drawn.
    var labelWidth = 0

    init(renderer: TextRenderer, width: Int, only: Set<FormPath>?) {
        self.renderer = renderer
        self.width = width
        self.only = only
    }

    mutating func visitForm(_ form: FormNode) {
        let outer = labelWidth
        labelWidth = TextRenderer.labelWidth(form, width: width)
        descend(into: form)
        labelWidth = outer
    }

    mutating func visitSection(_ section: SectionNode) {
        draw(section, rows: section.rows) { _ in }
    }

    /// A section with `rows` (read once, in order: a streamed form's are made as they are
    /// read); `afterEachRow` is handed the blocks drawn so far after each row's.
    mutating func draw<Rows: Sequence<RowNode>>(
        _ section: SectionNode, rows: Rows, afterEachRow: (inout [TextBlock]) throws -> Void
    ) rethrows {
        if only == nil, let header = section.header, !header.isEmpty {
            blocks.append(
                TextBlock(
                    renderer.paint(PlainTextFormat.escape(header).uppercased(), "ansiHeader", "1;4"), role: .header))
        }
        for row in rows where only?.contains(row.context.path) ?? true {
            visitRow(row)
            try afterEachRow(&blocks)
        }
        guard only == nil else { return }
        if let footer = section.footer, !footer.isEmpty {
            for line in TextWrapping.wrap(PlainTextFormat.escape(footer), width: width) {
                blocks.append(TextBlock(renderer.paint(line, "ansiFooter", "2"), role: .footer))
            }
        }
        blocks.append(TextBlock("", role: .blank))
    }

    /// One block: the row's cell, its nested content drawn first as the cell's.
    mutating func visitRow(_ row: RowNode) {
        var context = row.context
        context.nested = nested(row)
        var writer = TextWriter(capacity: 0)
        writer.labelWidth = labelWidth
        writer.availableWidth = width
        writer.color = renderer.color
        writer.theme = renderer.theme
        renderer.cells.draw(context, layout: renderer.layout, into: &writer)
        blocks.append(TextBlock(writer.output, row: context.path))
    }

    /// An item's lines, its number hanging before its summary or its cell.
    mutating func visitItem(_ item: ItemNode, in row: RowNode) {
        let number = "\(item.index + 1). "
        var lines: [String]
        switch item.content {
        case .form(let form):
            lines = renderer.hanging(
                number, PlainTextFormat.escape(item.summary.isEmpty ? form.title : item.summary), width: width)
            let body = drawn(narrower: 3) { $0.visitForm(form) }
            lines += body.flatMap { $0.text.split(separator: "\n", omittingEmptySubsequences: false) }
                .map { $0.trimmingCharacters(in: .whitespaces).isEmpty ? "" : "   " + $0 }
        case .cell(let context):
            lines = renderer.hanging(number, renderer.cells.resolve(context.field).cell.render(context), width: width)
        case .link:
            lines = renderer.hanging(number, PlainTextFormat.escape(item.summary) + " >", width: width)
        }
        for line in lines { blocks.append(TextBlock(line)) }
    }

    /// What a row holds, drawn 4 columns narrower: an inline subform's body, the items, or
    /// a map's entries as rows.
    private mutating func nested(_ row: RowNode) -> String? {
        switch row.content {
        case .field: return nil
        case .collection(let items) where items.isEmpty: return nil
        case .entries(let entries) where entries.isEmpty: return nil
        case .alternative(nil): return nil
        // Key → value rows, and a union's chosen alternative as one.
        case .entries(let entries): return rowsDrawn(entries)
        case .alternative(let chosen?):
            // A record alternative's fields straight below the choice (its title is the choice's).
            guard case .subform = chosen.content else { return rowsDrawn([chosen]) }
            let drawn = drawn(narrower: 4) { $0.descend(into: chosen) }
            return drawn.map(\.text).joined(separator: "\n").trimmingTrailingNewlines()
        case .subform, .collection: break
        }
        let drawn = drawn(narrower: 4) { $0.descend(into: row) }
        let text = drawn.map(\.text).joined(separator: "\n").trimmingTrailingNewlines()
        if case .subform = row.content { return text }
        return text.replacingOccurrences(of: "\n\n\n", with: "\n\n")
    }

    /// Rows drawn 4 columns narrower with a label column of their own (as an inline
    /// subform's): a map's entries, a union's chosen alternative.
    private mutating func rowsDrawn(_ rows: [RowNode]) -> String {
        let drawn = drawn(narrower: 4) { drawer in
            drawer.labelWidth = TextRenderer.labelWidth(rows: rows, width: drawer.width)
            for row in rows { drawer.visitRow(row) }
        }
        return drawn.map(\.text).joined(separator: "\n").trimmingTrailingNewlines()
    }

    /// The blocks `draw` adds, drawn apart at a narrower width and with every row.
    private mutating func drawn(narrower columns: Int, _ draw: (inout TextTreeDrawer) -> Void) -> [TextBlock] {
        let outer = (blocks, width, only, labelWidth)
        (blocks, width, only) = ([], width - columns, nil)
        draw(&self)
        let drawn = blocks
        (blocks, width, only, labelWidth) = outer
        return drawn
    }
}
