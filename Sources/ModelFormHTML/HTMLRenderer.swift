import ModelForm

/// Draws a form as HTML: a standalone document (doctype, `lang`, charset, viewport, title,
/// the theme's CSS) or a fragment, holding a real `<form method="post">` whose control
/// names use the bracket convention `Form.apply(submission:)` reads, so a
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
public struct HTMLRenderer: FormRenderer {
    /// The cells.
    public var cells: CellRegistry<HTMLFormat>
    /// The field chrome.
    public var layout: FieldLayout<HTMLFormat>
    /// The theme: its CSS goes into the document.
    public var theme: Theme { didSet { styleSheet = Self.styleSheet(of: theme) } }
    /// The document's style sheet (the base's and the theme's, escaped for a `<style>`),
    /// made when the theme is set rather than for every page.
    private var styleSheet: String
    /// The document language.
    public var language: String
    /// The form's `action` URL (`""` posts back to the page).
    public var action: String
    /// A whole document (`true`) or the form alone.
    public var standalone: Bool
    /// Hidden inputs written first in the form (a server's CSRF token, the version shown).
    public var hiddenFields: [(name: String, value: String)] = []
    /// Links from the form's root to this page, outermost first, shown above the title (a
    /// server's pages of related entities); the page itself ends the trail, unlinked.
    public var breadcrumbs: [(title: String, href: String)] = []
    /// A message above the form (`Saved: Email, Age.`), announced to screen readers.
    public var notice: String?
    /// Markup written at the start of the form, after its hidden fields (a server's
    /// questions about the submission): written as it is, so build it with ``HTMLWriter``.
    public var prelude: String?

    /// A renderer.
    ///
    /// - Parameters:
    ///   - cells: The cells fields resolve to.
    ///   - layout: The chrome around each cell (label, help, errors).
    ///   - theme: Tokens and style sheets; a form's own is used when this is `.default`.
    ///   - language: The page's `lang`.
    ///   - action: The `<form>`'s `action` (`""`: the page's own address).
    ///   - standalone: A whole page with its style sheet, rather than a fragment.
    public init(
        cells: CellRegistry<HTMLFormat> = HTMLCells.standard, layout: FieldLayout<HTMLFormat> = HTMLLayouts.standard,
        theme: Theme = .default, language: String = "en", action: String = "", standalone: Bool = true
    ) {
        self.cells = cells
        self.layout = layout
        self.theme = theme
        styleSheet = Self.styleSheet(of: theme)
        self.language = language
        self.action = action
        self.standalone = standalone
    }

    /// A page of the theme's look around markup built elsewhere (a server's question pages):
    /// `body` is written as it is, so build it with ``HTMLWriter``, which escapes.
    public func document(title: String, body: String) -> String {
        var w = HTMLWriter(capacity: 4096 + body.utf8.count)
        documentStart(title: title, into: &w)
        if !breadcrumbs.isEmpty { breadcrumbTrail(title, into: &w) }
        w.element("h1", text: title)
        w.raw("\n")
        w.raw(body)
        w.raw("\n</main>\n</body>\n</html>\n")
        return w.html
    }

    private static func styleSheet(of theme: Theme) -> String {
        let css = ([HTMLStyles.base] + theme.css).joined(separator: "\n")
        return css.containsByte(UInt8(ascii: "<")) ? css.replacingOccurrences(of: "</", with: "<\\/") : css
    }

    func documentStart(title: String, pageClass: String? = nil, into w: inout HTMLWriter) {
        w.raw("<!DOCTYPE html>\n<html lang=\"")
        w.text(language)
        w.raw(
            "\">\n<head>\n<meta charset=\"utf-8\">\n<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
        )
        if let scheme = theme.tokens["colorScheme"], !scheme.isEmpty {
            // The theme's colour schemes (`light dark`, `dark`): native controls and the page follow them.
            w.open("meta")
            w.attribute("name", "color-scheme")
            w.attribute("content", scheme)
            w.end()
            w.raw("\n")
        }
        w.raw("<title>")
        w.text(title)
        w.raw("</title>\n<style>\n")
        w.raw(styleSheet)
        w.raw("\n</style>\n</head>\n<body>\n<main class=\"mf-page ")
        if let pageClass {
            w.text(pageClass)
            w.raw(" ")
        }
        w.raw("mf-theme-")
        w.text(theme.name)
        w.raw("\">\n")
    }

    /// The HTML of a form tree.
    public func render(_ node: FormNode) -> String { write(node).html }

    /// The HTML of a form tree as UTF-8 bytes, with no `String` made of them (which checks
    /// every byte again): what a server sends.
    package func renderUTF8(_ node: FormNode) -> [UInt8] { write(node).utf8 }

    /// Writes the HTML of a form tree in pieces of about `piece` bytes, each handed to `write`
    /// while the page is drawn, so that the page is never held whole (the command line
    /// writes a large page so: at 100,000 fields, 21 MB it does not keep). A piece ends after
    /// a whole row of the form's top level, never inside a character; what `write` throws
    /// stops the writing and is rethrown once the tree is walked.
    ///
    /// ```swift
    /// var page: [UInt8] = []
    /// try HTMLRenderer().render(tree, piecesOf: 4096) { page += $0 }
    /// ```
    package func render(
        _ node: FormNode, piecesOf piece: Int = 1 << 16, into write: (UnsafeBufferPointer<UInt8>) throws -> Void
    ) throws {
        try render(node, streamed: nil, piecesOf: piece, into: write)
    }

    /// Writes the HTML of a streamed form in pieces, as ``render(_:piecesOf:into:)`` does,
    /// each root row made while it is drawn and dropped once written: neither the page nor
    /// the tree's rows are held whole. The page is the one ``render(_:)`` draws of the
    /// form's whole tree.
    package func render(
        _ form: StreamedForm, piecesOf piece: Int = 1 << 16, into write: (UnsafeBufferPointer<UInt8>) throws -> Void
    ) throws {
        try render(form.node, streamed: form, piecesOf: piece, into: write)
    }

    private func render(
        _ node: FormNode, streamed: StreamedForm?, piecesOf piece: Int,
        into write: (UnsafeBufferPointer<UInt8>) throws -> Void
    ) throws {
        try withoutActuallyEscaping(write) { write in
            let sink = HTMLPageSink(piece: piece, write: write, streamed: streamed)
            var w = self.write(node, sink: sink)
            sink.flush(&w)
            if let failure = sink.failure { throw failure }
        }
    }

    private func write(_ node: FormNode, sink: HTMLPageSink? = nil) -> HTMLWriter {
        let estimate = 4096 + Self.rowCount(node) * 320
        var w = HTMLWriter(capacity: sink == nil ? estimate : Swift.min(estimate, 1 << 17))
        if standalone { documentStart(title: node.title, into: &w) }
        if !breadcrumbs.isEmpty { breadcrumbTrail(node.title, into: &w) }
        w.element("h1", text: node.title)
        w.raw("\n")
        if let notice {
            w.open("p")
            w.attribute("class", "mf-notice")
            w.attribute("role", "status")
            w.end()
            w.text(notice)
            w.close("p")
            w.raw("\n")
        }
        errorSummary(node, into: &w)
        form(node, into: &w, sink: sink)
        if standalone { w.raw("\n</main>\n</body>\n</html>\n") }
        return w
    }

    /// The HTML of a managed form: its values (a refused submission's raw input), errors,
    /// transformers and cells from its environment (the plugins' cells on top of this
    /// renderer's), and this renderer's theme when it has one, else the form's.
    ///
    /// ```swift
    /// let page = HTMLRenderer(cells: cells).render(form)
    /// ```
    public func render<Model>(_ form: Form<Model>) -> String {
        let renderer = adopting(form)
        return renderer.render(form.tree(theme: renderer.theme))
    }

    /// The `<form>` element.
    public func form(_ node: FormNode) -> String {
        var w = HTMLWriter(capacity: 1024 + Self.rowCount(node) * 320)
        form(node, into: &w)
        return w.html
    }

    func form(_ node: FormNode, into w: inout HTMLWriter, sink: HTMLPageSink? = nil) {
        w.open("form")
        w.attribute("method", "post")
        if !action.isEmpty { w.attribute("action", HTMLLinks.safe(action)) }
        w.attribute("class", "mf-form")
        if node.hasEditableImage { w.attribute("enctype", "multipart/form-data") }
        w.end()
        w.raw("\n")
        for hidden in hiddenFields {
            w.open("input")
            w.attribute("type", "hidden")
            w.attribute("name", hidden.name)
            w.attribute("value", hidden.value)
            w.end()
            w.raw("\n")
        }
        if let prelude { w.raw(prelude) }
        if node.hasEditableCollection || node.hasFindBox { defaultButton(node, into: &w) }
        sections(node, into: &w, sink: sink)
        if !node.actions.isEmpty {
            w.raw("<div class=\"mf-actions\">")
            let primary = Self.primaryAction(node)
            // The primary action is drawn first: it is what Enter submits and what the eye finds first.
            let ordered = primary.map { primary in [primary] + node.actions.filter { $0 != primary } } ?? node.actions
            for (index, action) in ordered.enumerated() {
                if index > 0 { w.raw("\n") }
                let context = CellContext(
                    field: action, path: FormPath(), value: .bool(action == primary), display: action.title,
                    inputValue: "",
                    inputName: FormSession.actionFieldName, inputID: HTMLIDs.id(for: FormPath(), field: action),
                    theme: theme)
                cells.resolve(action).cell.write(context, &w)
            }
            if node.hasConditionalFields {
                // Without scripts, this redraws the form with the rules applied to what was typed.
                w.raw(
                    "\n<button type=\"submit\" name=\"_action\" value=\"update\" id=\"f-update\" formnovalidate class=\"mf-button mf-secondary mf-update\">Update</button>"
                )
            }
            w.raw("</div>\n")
        }
        w.raw("</form>\n")
    }

    /// `<nav>` with the trail of links to this page, the page last and unlinked.
    func breadcrumbTrail(_ current: String, into w: inout HTMLWriter) {
        w.raw("<nav aria-label=\"Breadcrumb\" class=\"mf-breadcrumbs\"><ol>")
        for crumb in breadcrumbs {
            w.raw("<li>")
            w.open("a")
            w.attribute("href", HTMLLinks.safe(crumb.href))
            w.end()
            w.text(crumb.title)
            w.close("a")
            w.raw("</li>")
        }
        w.raw("<li aria-current=\"page\">")
        w.text(current)
        w.raw("</li></ol></nav>\n")
    }

    /// Pressing Enter in a field submits the form's first submit button in tree order; on a
    /// form with collection buttons (Remove, Move) or a Find box before the actions, a hidden
    /// copy of the primary action goes first, so Enter saves instead of removing an item
    /// (Enter in a Find box finds: its server reads a save with Find text as a Find).
    private func defaultButton(_ node: FormNode, into w: inout HTMLWriter) {
        guard let primary = Self.primaryAction(node) else { return }
        w.open("button")
        w.attribute("type", "submit")
        w.attribute("name", FormSession.actionFieldName)
        w.attribute("value", primary.action ?? "save")
        w.attribute("class", "mf-default-action")
        w.attribute("tabindex", "-1")
        w.flag("hidden", true)
        w.end()
        w.text(primary.title)
        w.close("button")
        w.raw("\n")
    }

    /// The form's primary action: its first action that neither cancels nor resets.
    static func primaryAction(_ node: FormNode) -> Field? {
        node.actions.first { $0.action != "cancel" && $0.action != "reset" }
    }

    func sections(_ node: FormNode, into w: inout HTMLWriter, sink: HTMLPageSink? = nil) {
        var drawer = HTMLFormDrawer(renderer: self, writer: w, sink: sink)
        w = HTMLWriter(capacity: 0)  // the drawer holds the only reference: written in place
        if let streamed = sink?.streamed {
            for (index, section) in node.sections.enumerated() {
                drawer.draw(section, rows: streamed.hasRows(inSection: index) ? streamed.rows(ofSection: index) : nil)
            }
        } else {
            drawer.visitForm(node)
        }
        w = drawer.writer
    }

    static func rowCount(_ node: FormNode) -> Int {
        node.sections.reduce(0) { $0 + $1.rows.count }
    }

    func button(_ action: String, _ title: String, into w: inout HTMLWriter) {
        w.element("button", text: title) {
            $0.attribute("type", "submit")
            $0.attribute("name", FormSession.actionFieldName)
            $0.attribute("value", action)
            $0.attribute("class", "mf-button mf-secondary mf-add")
            $0.flag("formnovalidate", true)
        }
    }

    /// A compact button showing a glyph, named for assistive technology by `name`; without
    /// an action (the first item cannot move up) it is drawn disabled, so the buttons of
    /// every item line up.
    func iconButton(
        _ action: String?, _ glyph: HTMLGlyphs.Reference, _ name: String, danger: Bool = false,
        into w: inout HTMLWriter
    ) {
        w.open("button")
        w.attribute("type", "submit")
        w.attribute("name", FormSession.actionFieldName)
        w.attribute("value", action ?? "")
        w.attribute("class", danger ? "mf-button mf-icon mf-danger" : "mf-button mf-icon")
        w.attribute("aria-label", name)
        w.attribute("title", name)
        w.flag("formnovalidate", true)
        w.flag("disabled", action == nil)
        w.end()
        w.raw("<span aria-hidden=\"true\">")
        w.raw(glyph)
        w.raw("</span>")
        w.close("button")
    }

    /// An alert listing every error, each linking to its field.
    func errorSummary(_ node: FormNode, into w: inout HTMLWriter) {
        guard node.errorCount > 0 || !node.formErrors.isEmpty else { return }
        var entries: [(target: String, text: String)] = []
        node.walk { element, _ in
            switch element {
            case .row(let row) where !row.context.errors.isEmpty:
                if case .index? = row.context.path.last { return }  // an item's cell: reported with its number below
                var context = row.context.identified()
                context.drawsGroup = cells.resolve(context.field).cell.drawsGroup
                let target = context.isGroup ? context.inputID + "-group" : context.inputID
                for error in context.errors { entries.append((target, "\(context.field.title): \(error)")) }
            case .item(let item, let row):
                guard case .cell(let context) = item.content else { return }
                for error in context.errors {
                    entries.append(
                        (
                            context.identified().inputID,
                            "\(ItemTitles.numbered(row.context.field.title, index: item.index)): \(error)"
                        ))
                }
            default: break
            }
        }
        let unique = entries
        let count = unique.count + node.formErrors.count
        guard count > 0 else { return }
        w.raw("<div class=\"mf-error-summary\" role=\"alert\" aria-labelledby=\"mf-error-summary-title\">")
        w.element("h2", text: count == 1 ? "There is 1 problem" : "There are \(count) problems") {
            $0.attribute("id", "mf-error-summary-title")
        }
        w.raw("<ul>")
        for entry in unique {
            w.raw("<li>")
            w.element("a", text: entry.text) { $0.attribute("href", "#" + entry.target) }
            w.raw("</li>")
        }
        for message in node.formErrors { w.element("li", text: message) }
        w.raw("</ul></div>\n")
    }
}
