import Foundation
import ModelForm

extension HTMLRenderer {
    /// Writes one linked HTML document per entity instance the form reaches, and
    /// `index.html`, into `folder`; returns the file names. The documents are read-only
    /// (``renderDocument(_:)``) unless `editable`, when each is a form; either way every page
    /// has breadcrumbs to the index and the documents above it, and a title of its own.
    ///
    /// ```swift
    /// let pages = try HTMLRenderer().export(form, to: site)  // ["index.html", "User.html"]
    /// ```
    @discardableResult
    public func export<Model>(_ form: Form<Model>, to folder: URL, editable: Bool = false) throws -> [String] {
        let renderer = adopting(form)
        let export = form.export(fileExtension: "html")
        return try export.write(
            to: folder, pages: { renderer.page($0, editable: editable) }, index: renderer.index(export),
            transformers: form.environment.transformers,
            theme: renderer.theme)
    }

    /// One exported page: the document (or, when `editable`, the form) under its breadcrumbs.
    package func page(_ page: FormExport.Page, editable: Bool = false) -> String {
        var renderer = self
        renderer.breadcrumbs = page.breadcrumbs
        return editable ? renderer.render(page.tree) : renderer.renderDocument(page.tree)
    }

    /// The index page of an export, in the theme: every document by its title, nested under
    /// the document that links to it.
    package func index(_ export: FormExport) -> String { index(title: export.title, entries: export.indexEntries) }

    /// A document that says why there is no other in its place (a record that cannot be
    /// read): `title`, then `text` as it is written (escaped, its lines kept), then a link
    /// to the index.
    package func notice(title: String, text: String, index: String) -> String {
        var w = HTMLWriter(capacity: 2048 + text.utf8.count)
        documentStart(title: title, pageClass: "mf-document", into: &w)
        w.element("h1", text: title)
        w.raw("\n")
        w.element("pre", text: text)
        w.raw("\n<p>")
        w.element("a", text: "All records") { $0.attribute("href", index) }
        w.raw("</p>\n</main>\n</body>\n</html>\n")
        return w.html
    }

    /// An index titled `title` of `entries` (a title, a file name and a depth each), nested
    /// by depth.
    package func index(title: String, entries: [(title: String, file: String, depth: Int)]) -> String {
        var w = HTMLWriter(capacity: 2048 + entries.count * 96)
        documentStart(title: title, pageClass: "mf-document mf-index", into: &w)
        w.element("h1", text: title)
        w.raw("\n<nav aria-label=\"Documents\">")
        var depth = 0
        for (number, entry) in entries.enumerated() {
            let target = entry.depth + 1
            if target > depth {
                for _ in depth..<target { w.raw("\n<ul><li>") }
            } else {
                for _ in target..<depth { w.raw("</li></ul>") }
                if number > 0 { w.raw("</li>\n<li>") }
            }
            depth = target
            w.element("a", text: entry.title) { $0.attribute("href", entry.file) }
        }
        for _ in 0..<depth { w.raw("</li></ul>") }
        w.raw("</nav>\n</main>\n</body>\n</html>\n")
        return w.html
    }
}
