import Foundation
import ModelForm

extension MarkdownRenderer {
    /// Writes one linked Markdown document per entity instance the form reaches, and
    /// `index.md`, into `folder`; returns the file names.
    ///
    /// ```swift
    /// try MarkdownRenderer().export(form, to: URL(fileURLWithPath: "docs"))
    /// ```
    @discardableResult
    public func export<Model>(_ form: Form<Model>, to folder: URL) throws -> [String] {
        let renderer = adopting(form)
        let export = form.export(fileExtension: "md")
        return try export.write(to: folder, page: { renderer.render($0) }, index: Self.index(export), transformers: form.environment.transformers, theme: renderer.theme)
    }

    /// The index document of an export.
    public static func index(_ export: FormExport) -> String {
        "# " + MarkdownEscaping.escape(export.title) + "\n\n"
            + export.indexEntries.map { "- [\(MarkdownEscaping.escape($0.label))](\(MarkdownLinks.destination($0.file)))" }.joined(separator: "\n") + "\n"
    }
}
