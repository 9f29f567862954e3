import ModelForm

/// Draws a form tree as a read-only HTML document, one visit per node: a section as a
/// heading over a list of label and value pairs (buttons left out), a subform nested in
/// place, a collection as a numbered list of links, values or nested forms.
struct HTMLDocumentDrawer: FormTreeWalker {
    var writer: HTMLWriter

    mutating func visitSection(_ section: SectionNode) {
        let header = section.header.flatMap { $0.isEmpty ? nil : $0 }
        writer.raw("<section class=\"mf-section\">\n")
        if let header { writer.element("h2", text: header) { $0.attribute("class", "mf-section-title") } }
        let rows = section.rows.filter { $0.context.field.type != .action }
        if !rows.isEmpty {
            writer.raw("<dl class=\"mf-values\">\n")
            for row in rows { visitRow(row) }
            writer.raw("</dl>\n")
        }
        if let footer = section.footer, !footer.isEmpty {
            writer.element("p", text: footer) { $0.attribute("class", "mf-footer") }
        }
        writer.raw("</section>\n")
    }

    /// The label, then the value: the subform's sections, the collection's list, a link to a
    /// related entity's document, or the value as text.
    mutating func visitRow(_ row: RowNode) {
        let context = row.context
        writer.raw("<div>")
        writer.element("dt", text: context.field.title)
        writer.raw("<dd>")
        switch row.content {
        case .subform:
            writer.raw("<div class=\"mf-subform\">")
            descend(into: row)
            writer.raw("</div>")
        case .collection(let items) where items.isEmpty:
            HTMLRenderer.none(into: &writer)
        case .collection:
            writer.raw("<ol class=\"mf-list\">")
            descend(into: row)
            writer.raw("</ol>")
        case .entries(let entries) where entries.isEmpty:
            HTMLRenderer.none(into: &writer)
        case .entries:
            writer.raw("<dl class=\"mf-values mf-entries\">\n")
            descend(into: row)
            writer.raw("</dl>")
        case .alternative(let chosen):
            // The chosen alternative's title, then its own row.
            HTMLRenderer.value(context, into: &writer)
            guard chosen != nil else { break }
            writer.raw("<dl class=\"mf-values mf-alternative\">\n")
            descend(into: row)
            writer.raw("</dl>")
        case .field:
            // A related record's summary links to its document.
            switch (context.field.shape, context.link) {
            case (.record, let link?) where !context.isEmpty:
                writer.element("a", text: context.display) { $0.attribute("href", HTMLLinks.safe(link)) }
            case (.record, _), (.records, _), (.items, _), (.positions, _), (.entries, _), (.single, _),
                (.alternatives, _):
                HTMLRenderer.value(context, into: &writer)
            }
        }
        writer.raw("</dd></div>\n")
    }

    mutating func visitItem(_ item: ItemNode, in row: RowNode) {
        let title = ItemTitles.named(row.context.field.title, index: item.index, summary: item.summary)
        writer.raw("<li>")
        switch item.content {
        case .link(let link): writer.element("a", text: title) { $0.attribute("href", HTMLLinks.safe(link)) }
        case .cell(let cell): HTMLRenderer.value(cell, into: &writer)
        case .form(let form):
            writer.element("strong", text: title)
            visitForm(form)
        }
        writer.raw("</li>")
    }
}
