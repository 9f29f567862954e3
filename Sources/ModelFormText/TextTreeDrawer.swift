import Foundation
import ModelForm

/// Draws a form tree as text blocks at a width, one visit per node: a form's sections, a
/// section's header, rows and footer, a row's cell around its inline subform or its
/// collection's items (drawn 4 columns narrower), an item's number hanging before it.
struct TextTreeDrawer: FormTreeVisitor {
    let renderer: TextRenderer
    /// The width of what is being drawn (narrower inside a row).
    var width: Int
    /// The rows to draw of the outermost form (`nil`: everything); nested forms are whole.
    var only: Set<FormPath>?
    /// The label column of the form being drawn.
    private var labelWidth = 0

    init(renderer: TextRenderer, width: Int, only: Set<FormPath>?) {
        self.renderer = renderer
        self.width = width
        self.only = only
    }

    mutating func visitForm(_ form: FormNode) -> [TextBlock] {
        let outer = labelWidth
        labelWidth = TextRenderer.labelWidth(form, width: width)
        defer { labelWidth = outer }
        return visitSections(of: form).flatMap { $0 }
    }

    mutating func visitSection(_ section: SectionNode) -> [TextBlock] {
        var blocks: [TextBlock] = []
        if only == nil, let header = section.header, !header.isEmpty {
            blocks.append(
                TextBlock(
                    renderer.paint(PlainTextFormat.escape(header).uppercased(), "ansiHeader", "1;4"), role: .header))
        }
        for row in section.rows where only?.contains(row.context.path) ?? true {
            blocks += visitRow(row)
        }
        guard only == nil else { return blocks }
        if let footer = section.footer, !footer.isEmpty {
            blocks += TextWrapping.wrap(PlainTextFormat.escape(footer), width: width).map {
                TextBlock(renderer.paint($0, "ansiFooter", "2"), role: .footer)
            }
        }
        blocks.append(TextBlock("", role: .blank))
        return blocks
    }

    /// One block: the row's cell, its nested content drawn first as the cell's.
    mutating func visitRow(_ row: RowNode) -> [TextBlock] {
        var context = row.context
        context.nested = nested(row)
        var writer = TextWriter(capacity: 0)
        writer.labelWidth = labelWidth
        writer.availableWidth = width
        writer.color = renderer.color
        writer.theme = renderer.theme
        renderer.cells.draw(context, layout: renderer.layout, into: &writer)
        return [TextBlock(writer.output, row: context.path)]
    }

    /// An item's lines, its number hanging before its summary or its cell.
    mutating func visitItem(_ item: ItemNode, in row: RowNode) -> [TextBlock] {
        let number = "\(item.index + 1). "
        switch item.content {
        case .form(let form):
            var lines = renderer.hanging(
                number, PlainTextFormat.escape(item.summary.isEmpty ? form.title : item.summary), width: width)
            width -= 3
            let body = visitForm(form)
            width += 3
            lines += body.flatMap { $0.text.split(separator: "\n", omittingEmptySubsequences: false) }
                .map { $0.trimmingCharacters(in: .whitespaces).isEmpty ? "" : "   " + $0 }
            return lines.map { TextBlock($0) }
        case .cell(let context):
            return renderer.hanging(number, renderer.cells.resolve(context.field).cell.render(context), width: width)
                .map { TextBlock($0) }
        case .link:
            return renderer.hanging(number, PlainTextFormat.escape(item.summary) + " >", width: width).map {
                TextBlock($0)
            }
        }
    }

    /// What a row holds, drawn 4 columns narrower: an inline subform's body, or the items.
    private mutating func nested(_ row: RowNode) -> String? {
        switch row.content {
        case .field: return nil
        case .collection(let items) where items.isEmpty: return nil
        case .subform, .collection: break
        }
        let outer = (width, only)
        width -= 4
        only = nil
        let blocks = visitContent(of: row).flatMap { $0 }
        (width, only) = outer
        let text = blocks.map(\.text).joined(separator: "\n").trimmingTrailingNewlines()
        if case .subform = row.content { return text }
        return text.replacingOccurrences(of: "\n\n\n", with: "\n\n")
    }
}
