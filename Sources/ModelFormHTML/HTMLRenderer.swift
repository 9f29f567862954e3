import ModelForm

/// Draws a form as HTML: a standalone document (doctype, `lang`, charset, viewport, title,
/// the theme's CSS) or a fragment, holding a real `<form method="post">` whose control
/// names use the bracket convention ``FormSession/apply(submission:)`` reads, so a
/// submitted form decodes straight back into the model.
///
/// Sections are `<fieldset>`s with a `<legend>`; every control has a `<label for>` (groups
/// a legend); help and errors are wired with `aria-describedby` and `aria-invalid`, and an
/// error summary links to the fields. Inline subforms are nested fieldsets, others links;
/// collections have add, remove and move buttons that submit `_action`; actions are buttons.
///
/// ```swift
/// let page = HTMLRenderer(theme: theme).render(tree)
/// ```
public struct HTMLRenderer: Sendable {
    /// The cells.
    public var cells: CellRegistry<HTMLFormat>
    /// The field chrome.
    public var layout: FieldLayout<HTMLFormat>
    /// The theme: its CSS goes into the document.
    public var theme: Theme
    /// The document language.
    public var language: String
    /// The form's `action` URL (`""` posts back to the page).
    public var action: String
    /// A whole document (`true`) or the form alone.
    public var standalone: Bool

    /// A renderer.
    public init(
        cells: CellRegistry<HTMLFormat> = HTMLCells.standard, layout: FieldLayout<HTMLFormat> = HTMLLayouts.standard,
        theme: Theme = .default, language: String = "en", action: String = "", standalone: Bool = true
    ) {
        self.cells = cells
        self.layout = layout
        self.theme = theme
        self.language = language
        self.action = action
        self.standalone = standalone
    }

    /// The HTML of a form.
    public func render(_ node: FormNode) -> String {
        var w = HTMLWriter(capacity: 4096 + Self.rowCount(node) * 320)
        if standalone {
            let css = ([HTMLStyles.base] + theme.css).joined(separator: "\n")
            w.raw("<!DOCTYPE html>\n<html lang=\"")
            w.text(language)
            w.raw("\">\n<head>\n<meta charset=\"utf-8\">\n<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n<title>")
            w.text(node.title)
            w.raw("</title>\n<style>\n")
            w.raw(css.replacingOccurrences(of: "</", with: "<\\/"))
            w.raw("\n</style>\n</head>\n<body>\n<main class=\"mf-page mf-theme-")
            w.text(theme.name)
            w.raw("\">\n")
        }
        w.element("h1", text: node.title)
        w.raw("\n")
        w.raw(errorSummary(node))
        form(node, into: &w)
        if standalone { w.raw("\n</main>\n</body>\n</html>\n") }
        return w.html
    }

    /// The `<form>` element.
    public func form(_ node: FormNode) -> String {
        var w = HTMLWriter(capacity: 1024 + Self.rowCount(node) * 320)
        form(node, into: &w)
        return w.html
    }

    func form(_ node: FormNode, into w: inout HTMLWriter) {
        w.open("form")
        w.attribute("method", "post")
        if !action.isEmpty { w.attribute("action", HTMLLinks.safe(action)) }
        w.attribute("class", "mf-form")
        if Self.hasImage(node) { w.attribute("enctype", "multipart/form-data") }
        w.end()
        w.raw("\n")
        sections(node, into: &w)
        if !node.actions.isEmpty {
            w.raw("<div class=\"mf-actions\">")
            for (index, action) in node.actions.enumerated() {
                if index > 0 { w.raw("\n") }
                w.raw(cells.resolve(action).cell.render(CellContext(
                    field: action, path: FormPath(), value: .null, display: action.title, inputValue: "", inputName: FormSession.actionFieldName,
                    inputID: FormTreeBuilder.id(for: FormPath(), field: action), theme: theme)))
            }
            w.raw("</div>\n")
        }
        w.raw("</form>\n")
    }

    func sections(_ node: FormNode) -> String {
        var w = HTMLWriter(capacity: Self.rowCount(node) * 320)
        sections(node, into: &w)
        return w.html
    }

    func sections(_ node: FormNode, into w: inout HTMLWriter) {
        for section in node.sections {
            let header = section.header.flatMap { $0.isEmpty ? nil : $0 }
            if let header {
                w.raw("<fieldset class=\"mf-section\"><legend>")
                w.text(header)
                w.raw("</legend>\n")
            } else {
                w.raw("<div class=\"mf-section\">\n")
            }
            for index in section.rows.indices {
                if index > section.rows.startIndex { w.raw("\n") }
                row(section.rows[index], into: &w)
            }
            if let footer = section.footer, !footer.isEmpty {
                w.raw("\n")
                w.element("p", text: footer) { $0.attribute("class", "mf-footer") }
            }
            w.raw(header == nil ? "\n</div>\n" : "\n</fieldset>\n")
        }
    }

    static func rowCount(_ node: FormNode) -> Int {
        node.sections.reduce(0) { $0 + $1.rows.count }
    }

    /// Writes a row; the built-in cells inside the standard layout write straight into
    /// the document's buffer (the same output as ``row(_:)``, without intermediate strings).
    func row(_ row: RowNode, into w: inout HTMLWriter) {
        if row.subform == nil && row.items == nil && row.context.field.type != .collection && layout.name == HTMLLayouts.standard.name {
            let cell = cells.resolve(row.context.field).cell
            if let writer = HTMLCells.writers[cell.name] {
                if cell.drawsGroup == row.context.drawsGroup {
                    HTMLLayouts.write(row.context, into: &w) { writer(row.context, &$0) }
                } else {
                    var context = row.context
                    context.drawsGroup = cell.drawsGroup
                    HTMLLayouts.write(context, into: &w) { writer(context, &$0) }
                }
                return
            }
        }
        w.raw(self.row(row))
    }

    func row(_ row: RowNode) -> String {
        if row.subform == nil && row.items == nil && row.context.field.type != .collection {
            return cells.draw(row.context, layout: layout)
        }
        var context = row.context
        if let subform = row.subform { context.nested = sections(subform) }
        if let items = row.items { context.nested = collection(items, field: context.field, path: context.path) }
        if context.field.type == .collection, context.nested == nil { context.nested = collection([], field: context.field, path: context.path) }
        return cells.draw(context, layout: layout)
    }

    func collection(_ items: [ItemNode], field: Field, path: FormPath) -> String {
        let count = items.count
        let list = items.map { item -> String in
            var content: String
            let number = item.index + 1
            if let form = item.form {
                content = HTMLTag.element("fieldset", [("class", "mf-item")], content: HTMLTag.text("legend", [], "\(field.title) \(number)") + sections(form))
            } else if let link = item.link {
                content = HTMLTag.text("a", [("href", HTMLLinks.safe(link))], "\(field.title) \(number): " + (item.summary.isEmpty ? "item" : item.summary))
            } else if var context = item.context {
                context.field.title = "\(field.title) \(number)"
                content = cells.draw(context, layout: layout)
            } else {
                content = ""
            }
            if !field.readOnly {
                let itemPath = path.appending(.index(item.index))
                var buttons = [button("remove:\(itemPath)", "Remove \(field.title) \(number)")]
                if field.sortable, item.index > 0 { buttons.append(button("up:\(itemPath)", "Move \(field.title) \(number) up")) }
                if field.sortable, item.index < count - 1 { buttons.append(button("down:\(itemPath)", "Move \(field.title) \(number) down")) }
                content += HTMLTag.element("div", [("class", "mf-item-actions")], content: buttons.joined(separator: " "))
            }
            return HTMLTag.element("li", [], content: content)
        }.joined(separator: "\n")
        var html = list.isEmpty ? HTMLTag.text("p", [("class", "mf-empty")], "No items.") : HTMLTag.element("ol", [("class", "mf-items")], content: "\n" + list + "\n")
        if !field.readOnly { html += button("add:\(path)", "Add to \(field.title)") }
        return html
    }

    private func button(_ action: String, _ title: String) -> String {
        HTMLTag.text("button", [("type", "submit"), ("name", FormSession.actionFieldName), ("value", action), ("formnovalidate", "")], title)
    }

    /// An alert listing every error, each linking to its field.
    func errorSummary(_ node: FormNode) -> String {
        guard node.errorCount > 0 || !node.formErrors.isEmpty else { return "" }
        var entries: [String] = []
        func collect(_ node: FormNode) {
            for section in node.sections {
                for row in section.rows {
                    if !row.context.errors.isEmpty {
                        var context = row.context
                        context.drawsGroup = cells.resolve(context.field).cell.drawsGroup
                        let target = context.isGroup ? context.inputID + "-group" : context.inputID
                        for error in context.errors {
                            entries.append(HTMLTag.element("li", content: HTMLTag.text("a", [("href", "#" + target)], "\(context.field.title): \(error)")))
                        }
                    }
                    if let subform = row.subform { collect(subform) }
                    for item in row.items ?? [] {
                        if let form = item.form { collect(form) }
                        if let context = item.context {
                            for error in context.errors {
                                entries.append(HTMLTag.element("li", content: HTMLTag.text("a", [("href", "#" + context.inputID)], "\(row.context.field.title) \(item.index + 1): \(error)")))
                            }
                        }
                    }
                }
            }
        }
        collect(node)
        entries += node.formErrors.map { HTMLTag.text("li", [], $0) }
        guard !entries.isEmpty else { return "" }
        let title = entries.count == 1 ? "There is 1 problem" : "There are \(entries.count) problems"
        return HTMLTag.element("div", [("class", "mf-error-summary"), ("role", "alert"), ("aria-labelledby", "mf-error-summary-title")],
                               content: HTMLTag.text("h2", [("id", "mf-error-summary-title")], title) + HTMLTag.element("ul", content: entries.joined())) + "\n"
    }

    static func hasImage(_ node: FormNode) -> Bool {
        node.sections.contains { section in
            section.rows.contains { row in
                (row.context.field.type == .image && !row.context.field.readOnly) || row.subform.map(hasImage) == true
                    || (row.items ?? []).contains { $0.form.map(hasImage) == true || $0.context?.field.type == .image }
            }
        }
    }
}
