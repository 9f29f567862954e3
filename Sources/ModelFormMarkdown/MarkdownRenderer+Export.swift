import Foundation
import ModelForm

extension MarkdownRenderer {
    /// Writes one linked Markdown document per entity instance the form reaches, and
    /// `index.md`, into `folder`; returns the file names. Each document starts with links
    /// back to the index and the documents above it and has no actions line.
    ///
    /// ```swift
    /// let documents = try MarkdownRenderer().export(form, to: docs)  // ["index.md", "User.md"]
    /// ```
    @discardableResult
    public func export<Model>(_ form: Form<Model>, to folder: URL) throws -> [String] {
        let renderer = adopting(form)
        let export = form.export(fileExtension: "md")
        return try export.write(
            to: folder, pages: { renderer.page($0) }, index: Self.index(export),
            transformers: form.environment.transformers, theme: renderer.theme)
    }

    /// One exported document under its back links.
    package func page(_ page: FormExport.Page) -> String {
        var renderer = self
        renderer.isDocument = true
        renderer.breadcrumbs = page.breadcrumbs
        return renderer.render(page.tree)
    }

    /// The index document of an export: every document by its title, nested under the
    /// document that links to it.
    package static func index(_ export: FormExport) -> String {
        index(title: export.title, entries: export.indexEntries)
    }

    /// A document that says why there is no other in its place (a record that cannot be
    /// read): `title`, then `text` as an indented code block (literal: nothing in it is
    /// Markdown), then a link to the index.
    package static func notice(title: String, text: String, index: String) -> String {
        "# " + MarkdownEscaping.escape(title) + "\n\n"
            + text.split(separator: "\n", omittingEmptySubsequences: false).map { "    " + $0 }.joined(separator: "\n")
            + "\n\n[All records](\(MarkdownLinks.destination(index)))\n"
    }

    /// An index titled `title` of `entries` (a title, a file name and a depth each), nested
    /// by depth.
    package static func index(title: String, entries: [(title: String, file: String, depth: Int)]) -> String {
        "# " + MarkdownEscaping.escape(title) + "\n\n"
            + entries.map {
                String(repeating: "  ", count: $0.depth)
                    + "- [\(MarkdownEscaping.escape($0.title))](\(MarkdownLinks.destination($0.file)))"
            }.joined(separator: "\n")
            + "\n"
    }
}
