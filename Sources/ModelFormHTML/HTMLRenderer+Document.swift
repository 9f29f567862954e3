import Foundation
import ModelForm

extension HTMLRenderer {
    /// A read-only document of a form tree, for publishing: the values shown as values (no
    /// form controls, no actions), each section a heading over a list of label and value
    /// pairs, relationships and collection items as links or nested lists, an empty value
    /// as "—" (never the placeholder), with the renderer's breadcrumbs above the title.
    ///
    /// ```swift
    /// let page = HTMLRenderer(theme: theme).renderDocument(form.tree())
    /// ```
    public func renderDocument(_ node: FormNode) -> String {
        var w = HTMLWriter(capacity: 2048 + Self.rowCount(node) * 160)
        documentStart(title: node.title, pageClass: "mf-document", into: &w)
        if !breadcrumbs.isEmpty { breadcrumbTrail(node.title, into: &w) }
        w.element("h1", text: node.title)
        w.raw("\n")
        for message in node.formErrors { w.element("p", text: message) { $0.attribute("class", "mf-error") } }
        documentSections(node, into: &w)
        w.raw("</main>\n</body>\n</html>\n")
        return w.html
    }

    private func documentSections(_ node: FormNode, into w: inout HTMLWriter) {
        for section in node.sections {
            let header = section.header.flatMap { $0.isEmpty ? nil : $0 }
            w.raw("<section class=\"mf-section\">\n")
            if let header { w.element("h2", text: header) { $0.attribute("class", "mf-section-title") } }
            let rows = section.rows.filter { $0.context.field.type != .action }
            if !rows.isEmpty {
                w.raw("<dl class=\"mf-values\">\n")
                for row in rows {
                    w.raw("<div>")
                    w.element("dt", text: row.context.field.title)
                    w.raw("<dd>")
                    documentValue(row, into: &w)
                    w.raw("</dd></div>\n")
                }
                w.raw("</dl>\n")
            }
            if let footer = section.footer, !footer.isEmpty {
                w.element("p", text: footer) { $0.attribute("class", "mf-footer") }
            }
            w.raw("</section>\n")
        }
    }

    private func documentValue(_ row: RowNode, into w: inout HTMLWriter) {
        let context = row.context
        switch row.content {
        case .subform(let subform):
            w.raw("<div class=\"mf-subform\">")
            documentSections(subform, into: &w)
            w.raw("</div>")
        case .collection(let items):
            guard !items.isEmpty else { return Self.none(into: &w) }
            w.raw("<ol class=\"mf-list\">")
            for item in items {
                w.raw("<li>")
                switch item.content {
                case .link(let link):
                    w.element(
                        "a", text: ItemTitles.named(context.field.title, index: item.index, summary: item.summary)
                    ) { $0.attribute("href", HTMLLinks.safe(link)) }
                case .cell(let cell): Self.value(cell, into: &w)
                case .form(let form):
                    w.element(
                        "strong", text: ItemTitles.named(context.field.title, index: item.index, summary: item.summary))
                    documentSections(form, into: &w)
                }
                w.raw("</li>")
            }
            w.raw("</ol>")
        case .field:
            if context.field.type == .subform, let link = context.link, !context.isEmpty {
                w.element("a", text: context.display) { $0.attribute("href", HTMLLinks.safe(link)) }
            } else {
                Self.value(context, into: &w)
            }
        }
    }

    /// One value as text: yes or no, the chosen options' titles, a link for a web address
    /// or an email address, "—" when empty.
    static func value(_ c: CellContext, into w: inout HTMLWriter) {
        let field = c.field
        switch field.type {
        case .boolean, .option:
            w.text(c.value == .bool(true) ? "Yes" : "No")
        case .multiSelect, .bitfield:
            let chosen = c.choices.filter(\.selected).map(\.title)
            chosen.isEmpty ? none(into: &w) : w.text(chosen.joined(separator: ", "))
        case .url
        where !c.isEmpty && HTMLLinks.safe(c.display) == c.display.trimmingCharacters(in: .whitespacesAndNewlines)
            && c.display.contains("://"):
            w.element("a", text: c.display) { $0.attribute("href", c.display) }
        case .email where !c.isEmpty && !c.display.contains(where: { $0 == "?" || $0 == "#" || $0.isWhitespace }):
            w.element("a", text: c.display) { $0.attribute("href", "mailto:" + c.display) }
        default:
            c.isEmpty ? none(into: &w) : w.text(c.display.trimmingCharacters(in: .newlines))
        }
    }

    private static func none(into w: inout HTMLWriter) {
        w.raw("<span class=\"mf-none\">—</span>")
    }
}
