import Foundation
import ModelForm

/// Draws a form as a GitHub-flavoured Markdown document that reads like a README: a heading
/// for the form and for each section, one table (or list: the theme's `markdownStyle`) per
/// section with booleans as ✓ / ✗ in it, empty values as "—", footers as paragraphs, inline
/// subforms as sub-sections, a collection of flat items as one table with a row per item,
/// navigable subforms as links. Every user string is escaped; line breaks in a value are
/// kept (as `<br>`, the only markup ModelForm adds).
///
/// ```swift
/// let markdown = MarkdownRenderer().render(tree)
/// ```
public struct MarkdownRenderer: FormRenderer {
    /// The cells.
    public var cells: CellRegistry<MarkdownFormat>
    /// The chrome of one field (label, marks, help, errors) around its cell.
    public var layout: FieldLayout<MarkdownFormat>
    /// The theme (its `markdownStyle` chooses tables or lists).
    public var theme: Theme
    /// A read-only document (an export) rather than a form: no actions line, no
    /// placeholders and no read-only marks.
    public var isDocument = false
    /// Links written above the title (`[Index](index.md) / [Team](Team.md) / Member 2`),
    /// outermost first; the page itself ends the trail, unlinked.
    public var breadcrumbs: [(title: String, href: String)] = []

    /// A renderer.
    public init(
        cells: CellRegistry<MarkdownFormat> = MarkdownCells.standard,
        layout: FieldLayout<MarkdownFormat> = MarkdownRenderer.standardLayout, theme: Theme = .default
    ) {
        self.cells = cells
        self.layout = layout
        self.theme = theme
    }

    /// The standard chrome: the value gets its read-only mark, help and errors appended; the
    /// label is drawn by the renderer.
    public static let standardLayout = FieldLayout<MarkdownFormat>(name: "markdown.field") { c, w, control in
        var inner = w.fresh()
        control(&inner)
        let text = trimmingBlanks(inner.output)
        let field = c.field
        var line = text
        if field.readOnly { line = text.isEmpty ? "_(read-only)_" : text + " _(read-only)_" }
        if let help = field.help, !help.isEmpty { line += " — _" + MarkdownEscaping.escape(help) + "_" }
        for error in c.errors { line += " — **⚠ " + MarkdownEscaping.escape(error) + "**" }
        w.raw(line)
    }

    /// `text` without spaces and tabs at either end.
    static func trimmingBlanks(_ text: String) -> String {
        let utf8 = text.utf8
        func isBlank(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 }
        guard let first = utf8.first, let last = utf8.last, isBlank(first) || isBlank(last) else { return text }
        guard let start = utf8.firstIndex(where: { !isBlank($0) }), let end = utf8.lastIndex(where: { !isBlank($0) })
        else { return "" }
        return String(decoding: utf8[start...end], as: UTF8.self)
    }

    /// The Markdown of a managed form: its values, errors and transformers, and cells from
    /// its environment (the plugins' cells on top of this renderer's); this renderer's
    /// theme when it has one, else the form's.
    ///
    /// ```swift
    /// let markdown = MarkdownRenderer().render(form)
    /// ```
    public func render<Model>(_ form: Form<Model>) -> String {
        let renderer = adopting(form)
        return renderer.render(form.tree(theme: renderer.theme))
    }

    /// The Markdown document of a form tree.
    public func render(_ node: FormNode) -> String {
        Self.separatingAdjacentLists(head(node) + body(node, level: 2) + tail(node)).joined(separator: "\n\n") + "\n"
    }

    /// Writes the Markdown of a streamed form in pieces of about `piece` bytes, each ending
    /// with a whole block: the document ``render(_:)`` draws of the form's whole tree, its
    /// root rows made while they are drawn and dropped once drawn (a section's table is
    /// written once its last row is).
    ///
    /// ```swift
    /// var markdown = ""
    /// try MarkdownRenderer().render(streamed, piecesOf: 4096) { markdown += $0 }
    /// ```
    package func render(
        _ form: StreamedForm, piecesOf piece: Int = 1 << 16, into write: (String) throws -> Void
    ) throws {
        let node = form.node
        var lists = ListSeparator()
        var pending = ""
        func add(_ blocks: [String], last: Bool = false) throws {
            for block in blocks {
                if lists.hasWritten { pending += "\n\n" }
                pending += lists.separate(block)
            }
            if last { pending += "\n" }
            guard last || pending.utf8.count >= piece else { return }
            try write(pending)
            pending = ""
        }
        try add(head(node))
        var drawer = MarkdownTreeDrawer(renderer: self, level: 2)
        for (index, section) in node.sections.enumerated() {
            drawer.draw(section, rows: form.rows(ofSection: index))
            try add(drawer.blocks)
            drawer.blocks.removeAll()
        }
        try add(tail(node), last: true)
    }

    /// The blocks before a form's sections: its breadcrumbs, title and errors no field shows.
    private func head(_ node: FormNode) -> [String] {
        var blocks: [String] = []
        if !breadcrumbs.isEmpty {
            blocks.append(
                (breadcrumbs.map { "[\(MarkdownEscaping.escape($0.title))](\(MarkdownLinks.destination($0.href)))" } + [
                    MarkdownEscaping.escape(node.title)
                ]).joined(separator: " / "))
        }
        blocks.append("# " + MarkdownEscaping.escape(node.title))
        if !node.formErrors.isEmpty {
            blocks.append(node.formErrors.map { "> **⚠ \(MarkdownEscaping.escape($0))**" }.joined(separator: "\n>\n"))
        }
        return blocks
    }

    /// The blocks after a form's sections: its buttons.
    private func tail(_ node: FormNode) -> [String] {
        let buttons = node.actions.map { action in cells.resolve(action).cell.render(.action(action, theme: theme)) }
        return !buttons.isEmpty && !isDocument ? ["Actions: " + buttons.joined(separator: " · ")] : []
    }

    /// Two lists of the same kind separated only by a blank line would merge into one;
    /// the second gets the other marker (`-`/`*`, `.`/`)`) so each stays its own list.
    static func separatingAdjacentLists(_ blocks: [String]) -> [String] {
        var lists = ListSeparator()
        return blocks.map { lists.separate($0) }
    }

    /// Blocks in order, each list given the other marker than the list right before it.
    struct ListSeparator {
        private var previousMarker: String?
        /// Whether a block has gone through.
        private(set) var hasWritten = false

        /// `block`, its markers swapped when it is a list of the kind the block before was.
        mutating func separate(_ block: String) -> String {
            hasWritten = true
            var block = block
            var marker = MarkdownRenderer.listMarker(block)
            if let current = marker, current == previousMarker {
                let swapped: (String, String) =
                    switch current {
                    case "-": ("- ", "* ")
                    case "*": ("* ", "- ")
                    case ".": (". ", ") ")
                    default: (") ", ". ")
                    }
                block = block.split(separator: "\n", omittingEmptySubsequences: false).map { line in
                    guard let range = line.range(of: swapped.0),
                        current == "-" || current == "*"
                            ? range.lowerBound == line.startIndex : line[..<range.lowerBound].allSatisfy(\.isNumber)
                    else { return String(line) }
                    return line.replacingCharacters(in: range, with: swapped.1)
                }.joined(separator: "\n")
                marker = MarkdownRenderer.listMarker(block)
            }
            previousMarker = marker
            return block
        }
    }

    fileprivate static func listMarker(_ block: String) -> String? {
        if block.hasPrefix("- ") { return "-" }
        if block.hasPrefix("* ") { return "*" }
        let digits = block.prefix { $0.isNumber }
        guard !digits.isEmpty else { return nil }
        let rest = block.dropFirst(digits.count)
        if rest.hasPrefix(". ") { return "." }
        if rest.hasPrefix(") ") { return ")" }
        return nil
    }

    func body(_ node: FormNode, level: Int) -> [String] {
        var drawer = MarkdownTreeDrawer(renderer: self, level: level)
        drawer.visitForm(node)
        return drawer.blocks
    }

    /// One field's value as inline Markdown, with its help and errors; "—" when empty.
    func value(_ row: CellContext) -> String {
        var context = row
        if isDocument {
            context.field.placeholder = nil
            context.field.readOnly = false
        }
        var writer = MarkdownWriter(capacity: 0)
        cells.draw(context, layout: layout, into: &writer)
        return writer.output.isEmpty ? "—" : writer.output
    }

    func tableHeader(_ titles: [String]) -> String {
        "| " + titles.map(MarkdownEscaping.escape).joined(separator: " | ") + " |\n|"
            + String(repeating: " --- |", count: titles.count)
    }

    /// Items of fields only (no subform, no collection), all forms: drawn as one table with a
    /// row per item, its columns the first item's fields.
    func flatTable(_ items: [ItemNode]) -> String? {
        let forms = items.compactMap { item -> FormNode? in
            if case .form(let form) = item.content { return form } else { return nil }
        }
        guard forms.count == items.count, let first = forms.first, theme.markdownStyle == .table,
            forms.allSatisfy({
                $0.sections.allSatisfy { $0.rows.allSatisfy { if case .field = $0.content { true } else { false } } }
            })
        else { return nil }
        let columns = first.sections.flatMap(\.rows).map(\.context.field)
        let keys = columns.map(\.key)
        var lines = [tableHeader(columns.map(\.title))]
        for form in forms {
            let rows = Dictionary(
                form.sections.flatMap(\.rows).map { ($0.context.field.key, $0.context) },
                uniquingKeysWith: { first, _ in first })
            lines.append("| " + keys.map { key in rows[key].map(value) ?? "—" }.joined(separator: " | ") + " |")
        }
        return lines.joined(separator: "\n")
    }

    func heading(_ level: Int) -> String { String(repeating: "#", count: min(6, level)) + " " }
}
