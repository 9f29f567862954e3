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
        var drawer = HTMLDocumentDrawer(writer: w)
        w = HTMLWriter(capacity: 0)  // the drawer holds the only reference: written in place
        drawer.visitForm(node)
        w = drawer.writer
    }

    /// One value as text: yes or no, the chosen options' titles, a link for a web address
    /// or an email address, "—" when empty.
    static func value(_ c: CellContext, into w: inout HTMLWriter) {
        let field = c.field
        switch field.type {
        case .boolean, .option:
            w.text(c.value == .bool(true) ? "Yes" : "No")
        case .multiSelect, .bitfield:
            // A to-many lookup's records link to their pages or documents, when they have one.
            let chosen = c.choices.filter(\.selected)
            guard !chosen.isEmpty else { return none(into: &w) }
            for (index, choice) in chosen.enumerated() {
                if index > 0 { w.raw(", ") }
                if let link = choice.link {
                    w.element("a", text: choice.title) { $0.attribute("href", HTMLLinks.safe(link)) }
                } else {
                    w.text(choice.title)
                }
            }
        case _ where field.lookup != nil && !c.isEmpty && c.link != nil:
            // A lookup's record links to its page or document.
            w.element("a", text: c.display) { $0.attribute("href", HTMLLinks.safe(c.link ?? "")) }
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

    static func none(into w: inout HTMLWriter) {
        w.raw(HTMLGlyphs.none)
    }
}
