import Foundation
import ModelForm

extension HTMLRenderer {
    /// Writes one linked HTML document per entity instance the form reaches, and
    /// `index.html`, into `folder`; returns the file names.
    ///
    /// ```swift
    /// try HTMLRenderer().export(form, to: URL(fileURLWithPath: "site"))
    /// ```
    @discardableResult
    public func export<Model>(_ form: Form<Model>, to folder: URL) throws -> [String] {
        let renderer = adopting(form)
        let export = form.export(fileExtension: "html")
        return try export.write(
            to: folder, page: { renderer.render($0) }, index: renderer.index(export), transformers: form.environment.transformers, theme: renderer.theme)
    }

    /// The index page of an export.
    public func index(_ export: FormExport) -> String {
        var w = HTMLWriter(capacity: 1024)
        w.raw("<!DOCTYPE html>\n<html lang=\"")
        w.text(language)
        w.raw("\">\n<head>\n<meta charset=\"utf-8\">\n<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n<title>")
        w.text(export.title)
        w.raw("</title>\n</head>\n<body>\n<main>\n")
        w.element("h1", text: export.title)
        w.raw("\n<ul>\n")
        for entry in export.indexEntries {
            w.raw("<li>")
            w.element("a", text: entry.label) { $0.attribute("href", entry.file) }
            w.raw("</li>\n")
        }
        w.raw("</ul>\n</main>\n</body>\n</html>\n")
        return w.html
    }
}
