import ArgumentParser
import ModelForm
import ModelFormHTML
import ModelFormMarkdown
import ModelFormTemplates
import ModelFormText

/// The output formats the commands offer, and how each draws a tree with a project's cells
/// and theme.
enum OutputKind: String, CaseIterable, Sendable {
    case text, markdown, html

    var fileExtension: String {
        switch self {
        case .text: return "txt"
        case .markdown: return "md"
        case .html: return "html"
        }
    }
}

enum Renderers {
    static var builtInCellNames: Set<String> {
        TextCells.standard.cellNames.union(MarkdownCells.standard.cellNames).union(HTMLCells.standard.cellNames)
    }

    /// The form drawn in `kind` with the project's cells and layouts, in the form's theme.
    static func render(
        _ form: Form<FormValue>, as kind: OutputKind, templates: TemplateSet, width: Int? = nil, color: Bool = false
    ) -> String {
        let theme = form.environment.theme
        return render(form.tree(theme: theme), as: kind, templates: templates, theme: theme, width: width, color: color)
    }

    /// A tree drawn in `kind` with the project's cells and layouts.
    static func render(
        _ tree: FormNode, as kind: OutputKind, templates: TemplateSet, theme: Theme, width: Int? = nil,
        color: Bool = false
    ) -> String {
        switch kind {
        case .text:
            return text(templates: templates, theme: theme, width: width, color: color).render(tree)
        case .markdown:
            return markdown(templates: templates, theme: theme).render(tree)
        case .html:
            return html(templates: templates, theme: theme).render(tree)
        }
    }

    /// The form drawn in `kind`, written to `path` (standard output for `-` or `nil`): HTML
    /// in pieces while it is drawn, from the renderer's own bytes, so that the page is never
    /// held whole (at 100,000 fields, 21 MB) and no `String` is made of it; without errors
    /// shown, the tree's root rows are made while they are drawn too, in every format.
    static func write(
        _ form: Form<FormValue>, as kind: OutputKind, templates: TemplateSet, width: Int?, color: Bool,
        to path: String?
    ) throws {
        let theme = form.environment.theme
        if kind != .html, let streamed = form.streamedTree(theme: theme) {
            return try Files.write(to: path) { write in
                let piece = { (piece: String) in
                    var piece = piece
                    try piece.withUTF8(write)
                }
                if kind == .text {
                    try text(templates: templates, theme: theme, width: width, color: color).render(
                        streamed, into: piece)
                } else {
                    try markdown(templates: templates, theme: theme).render(streamed, into: piece)
                }
            }
        }
        guard kind == .html else {
            return try Files.write(render(form, as: kind, templates: templates, width: width, color: color), to: path)
        }
        let renderer = html(templates: templates, theme: theme)
        guard let streamed = form.streamedTree(theme: theme) else {
            let tree = form.tree(theme: theme)
            return try Files.write(to: path) { write in try renderer.render(tree, into: write) }
        }
        try Files.write(to: path) { write in try renderer.render(streamed, into: write) }
    }

    /// The Markdown renderer with the project's cells and layouts.
    static func markdown(templates: TemplateSet, theme: Theme) -> MarkdownRenderer {
        MarkdownRenderer(
            cells: templates.registry(MarkdownCells.standard),
            layout: templates.fieldLayout(MarkdownRenderer.standardLayout), theme: theme)
    }

    /// The text renderer with the project's cells and layouts, `width` columns wide (else
    /// the terminal's).
    static func text(templates: TemplateSet, theme: Theme, width: Int?, color: Bool) -> TextRenderer {
        TextRenderer(
            cells: templates.registry(TextCells.standard), layout: templates.fieldLayout(TextLayouts.standard),
            width: width ?? TextRenderer.width(environment: CLIEnvironment.current.variables), color: color,
            theme: theme)
    }

    /// The HTML renderer with the project's cells and layouts.
    static func html(templates: TemplateSet, theme: Theme) -> HTMLRenderer {
        HTMLRenderer(
            cells: templates.registry(HTMLCells.standard), layout: templates.fieldLayout(HTMLLayouts.standard),
            theme: theme)
    }

    /// An exported page drawn in `kind` (Markdown or HTML) with the project's cells and layouts.
    /// A document that says why there is no other in its place, as ``page(_:as:editable:templates:theme:)``
    /// draws one (HTML, else Markdown).
    static func notice(title: String, text: String, index: String, as kind: OutputKind, theme: Theme) -> String {
        kind == .html
            ? HTMLRenderer(theme: theme).notice(title: title, text: text, index: index)
            : MarkdownRenderer.notice(title: title, text: text, index: index)
    }

    static func page(_ page: FormExport.Page, as kind: OutputKind, editable: Bool, templates: TemplateSet, theme: Theme)
        -> String
    {
        switch kind {
        case .html:
            return html(templates: templates, theme: theme).page(page, editable: editable)
        default:
            return markdown(templates: templates, theme: theme).page(page)
        }
    }

    /// Why each field gets its cell, in the format's registry.
    static func explanation(for field: Field, as kind: OutputKind, templates: TemplateSet) -> String {
        switch kind {
        case .text: return templates.registry(TextCells.standard).resolve(field).explanation
        case .markdown: return templates.registry(MarkdownCells.standard).resolve(field).explanation
        case .html: return templates.registry(HTMLCells.standard).resolve(field).explanation
        }
    }
}

extension OutputKind: ExpressibleByArgument {}
