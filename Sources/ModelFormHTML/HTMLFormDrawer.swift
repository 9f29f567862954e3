import ModelForm

/// Draws a form tree as the inside of an HTML `<form>`, one visit per node: a section as a
/// fieldset (or a div without a header), a row's cell with its inline subform or its
/// collection drawn first as the cell's nested content, a collection item with its buttons.
struct HTMLFormDrawer: FormTreeWalker {
    let renderer: HTMLRenderer
    var writer: HTMLWriter
    /// Where the top level's rows go as they are drawn (`nil`: kept in `writer`); a row's
    /// nested content, drawn in a writer of its own, never goes there.
    var sink: HTMLPageSink? = nil

    mutating func visitSection(_ section: SectionNode) {
        draw(section, rows: section.rows.isEmpty ? nil : section.rows)
    }

    /// A section with `rows` (read once, in order: a streamed form's are made as they are
    /// read); `nil` for a section without rows.
    mutating func draw<Rows: Sequence<RowNode>>(_ section: SectionNode, rows sectionRows: Rows?) {
        let header = section.header.flatMap { $0.isEmpty ? nil : $0 }
        if let header {
            writer.raw("<fieldset class=\"mf-section\"><legend>")
            writer.text(header)
            writer.raw("</legend>\n")
        } else {
            writer.raw("<div class=\"mf-section\">\n")
        }
        if let sectionRows { rows(sectionRows, removableFrom: nil) }
        if let footer = section.footer, !footer.isEmpty {
            writer.raw("\n")
            writer.element("p", text: footer) { $0.attribute("class", "mf-footer") }
        }
        writer.raw(header == nil ? "\n</div>\n" : "\n</fieldset>\n")
    }

    /// The row's cell inside the layout; what the row holds is drawn first, as its nested content.
    mutating func visitRow(_ row: RowNode) {
        var context = row.context.identified()
        switch row.content {
        case .field: break
        case .subform(let form) where row.context.field.shape == .positions:
            context.nested = drawn(capacity: HTMLRenderer.rowCount(form) * 320) { $0.positions(form, of: row) }
        case .subform(let form):
            context.nested = drawn(capacity: HTMLRenderer.rowCount(form) * 320) { $0.visitForm(form) }
        case .collection(let items):
            context.nested = drawn(capacity: 256 + items.count * 256) { $0.collection(items, of: row) }
        case .entries(let entries):
            context.nested = drawn(capacity: 256 + entries.count * 384) { $0.entries(entries, of: row) }
        case .alternative(let chosen):
            // The chosen alternative's row, below the choice.
            guard let chosen else { break }
            context.nested = drawn(capacity: 512) { drawer in
                drawer.writer.raw("<div class=\"mf-alternative\">\n")
                drawer.visitRow(chosen)
                drawer.writer.raw("\n</div>")
            }
        }
        renderer.cells.draw(context, layout: renderer.layout, into: &writer)
    }

    /// A map's entries as a list, or "No entries."; each entry its value's row, then its key
    /// (renamed by editing it) and its remove button; then a new key and the add button.
    /// Without scripts: the key inputs are `_key:` names the submission reads.
    private mutating func entries(_ entries: [RowNode], of row: RowNode) {
        let field = row.context.field
        if entries.isEmpty {
            writer.element("p", text: "No entries.") { $0.attribute("class", "mf-empty") }
        } else {
            writer.raw("<ul class=\"mf-entries\">\n")
            for entry in entries {
                writer.raw("<li class=\"mf-entry\">")
                visitRow(entry)
                if !field.readOnly {
                    let key = entry.context.field.key ?? ""
                    writer.raw("<div class=\"mf-item-actions\">")
                    keyInput(
                        FormSession.keyFieldPrefix + entry.context.path.description, value: key,
                        id: HTMLIDs.id(for: entry.context.path) + "-key", label: "Key of " + key.excerpt(60))
                    renderer.iconButton(
                        "remove:\(entry.context.path)", HTMLGlyphs.remove, "Remove " + key.excerpt(60), danger: true,
                        into: &writer)
                    writer.raw("</div>")
                }
                writer.raw("</li>\n")
            }
            writer.raw("</ul>")
        }
        guard !field.readOnly else { return }
        writer.raw("<div class=\"mf-entry-new\">")
        keyInput(
            FormSession.newKeyFieldPrefix + row.context.path.description, value: "",
            id: HTMLIDs.id(for: row.context.path) + "-new-key", label: "New key")
        renderer.button("add:\(row.context.path)", "Add entry", into: &writer)
        writer.raw("</div>")
    }

    /// A labelled text input for a map's key.
    private mutating func keyInput(_ name: String, value: String, id: String, label: String) {
        writer.element("label", text: label) {
            $0.attribute("for", id)
            $0.attribute("class", "mf-key-label")
        }
        writer.open("input")
        writer.attribute("type", "text")
        writer.attribute("id", id)
        writer.attribute("name", name)
        writer.attribute("value", value)
        writer.attribute("class", "mf-key")
        writer.end()
    }

    /// An item: its form in a fieldset named by its summary, its link, or its cell; then its
    /// move and remove buttons unless the collection is read-only.
    mutating func visitItem(_ item: ItemNode, in row: RowNode) {
        let field = row.context.field
        let numbered = ItemTitles.numbered(field.title, index: item.index)
        if case .form = item.content { writer.raw("<li class=\"mf-form-item\">") } else { writer.raw("<li>") }
        switch item.content {
        case .form(let form):
            writer.raw("<fieldset class=\"mf-item\">")
            writer.element("legend", text: ItemTitles.named(field.title, index: item.index, summary: item.summary))
            visitForm(form)
            writer.raw("</fieldset>")
        case .link(let link):
            writer.element("a", text: ItemTitles.named(field.title, index: item.index, summary: item.summary)) {
                $0.attribute("href", HTMLLinks.safe(link))
                $0.attribute("class", "mf-link")
            }
        case .cell(var context):
            context.field.title = numbered
            renderer.cells.draw(context.identified(), layout: renderer.layout, into: &writer)
        }
        if !field.readOnly { itemButtons(item, of: row, numbered: numbered) }
        writer.raw("</li>\n")
    }

    private mutating func itemButtons(_ item: ItemNode, of row: RowNode, numbered: String) {
        guard case .collection(let items) = row.content else { return }
        let itemPath = row.context.path.appending(.index(item.index))
        writer.raw("<div class=\"mf-item-actions\">")
        if row.context.field.sortable {
            renderer.iconButton(
                item.index > 0 ? "up:\(itemPath)" : nil, HTMLGlyphs.up, "Move \(numbered) up", into: &writer)
            renderer.iconButton(
                item.index < items.count - 1 ? "down:\(itemPath)" : nil, HTMLGlyphs.down, "Move \(numbered) down",
                into: &writer)
        }
        renderer.iconButton("remove:\(itemPath)", HTMLGlyphs.remove, "Remove \(numbered)", danger: true, into: &writer)
        writer.raw("</div>")
    }

    /// Rows, one a line; from the row at `removableFrom` on, each with its remove button.
    private mutating func rows<Rows: Sequence<RowNode>>(_ rows: Rows, removableFrom: Int?) {
        writer.raw("<div class=\"mf-rows\">\n")
        if let rows = rows as? [RowNode] {
            // A tree's rows are read where they lie: `for row in rows` copied each (a retain and
            // a release of every part of it), 2.4% of a render's time, and so did `rows[index]`
            // of the array (4% of it); an element of the buffer is lent, not copied.
            rows.withUnsafeBufferPointer { rows in
                for index in rows.indices { row(rows[index], at: index, removableFrom: removableFrom) }
            }
        } else {
            for (index, row) in rows.enumerated() { self.row(row, at: index, removableFrom: removableFrom) }
        }
        writer.raw("\n</div>")
    }

    /// One of ``rows(_:removableFrom:)``: the row, and its remove button from `removableFrom` on.
    private mutating func row(_ row: RowNode, at index: Int, removableFrom: Int?) {
        if index > 0 { writer.raw("\n") }
        visitRow(row)
        sink?.drain(&writer)
        guard let removableFrom, index >= removableFrom else { return }
        writer.raw("<div class=\"mf-item-actions\">")
        renderer.iconButton(
            "remove:\(row.context.path)", HTMLGlyphs.remove, "Remove " + row.context.field.title, danger: true,
            into: &writer)
        writer.raw("</div>")
    }

    /// A tuple's row of positions, then the items after them, each with its remove button,
    /// and the add button when items may follow the positions.
    private mutating func positions(_ form: FormNode, of row: RowNode) {
        let field = row.context.field
        let takesMore = !field.readOnly && field.template != nil
        writer.raw("<div class=\"mf-section\">\n")
        rows(form.sections.first?.rows ?? [], removableFrom: takesMore ? field.positions.count : nil)
        writer.raw("\n</div>\n")
        if takesMore {
            renderer.button("add:\(row.context.path)", "Add " + ItemTitles.singular(field.title), into: &writer)
        }
    }

    /// A collection's items as a numbered list, or "No items."; then its add button.
    private mutating func collection(_ items: [ItemNode], of row: RowNode) {
        let field = row.context.field
        let addTitle = "Add " + ItemTitles.singular(field.title)
        if items.isEmpty {
            writer.element("p", text: "No items.") { $0.attribute("class", "mf-empty") }
        } else {
            writer.raw("<ol class=\"mf-items\">\n")
            descend(into: row)
            writer.raw("</ol>")
        }
        if !field.readOnly { renderer.button("add:\(row.context.path)", addTitle, into: &writer) }
    }

    /// What `draw` writes, drawn in a writer of its own (a row's nested content).
    private mutating func drawn(capacity: Int, _ draw: (inout HTMLFormDrawer) -> Void) -> String {
        let outer = writer
        let outerSink = sink
        writer = HTMLWriter(capacity: capacity)
        sink = nil
        draw(&self)
        let html = writer.html
        writer = outer
        sink = outerSink
        return html
    }
}
