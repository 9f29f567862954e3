import Foundation
import ModelForm

/// Draws a form as plain text, like a settings screen: a title, sections with headers and
/// footers, labels and values in aligned columns wrapped to a width in display columns,
/// numbered collection items, buttons. Colour (ANSI, from the theme) only when asked for.
///
/// ```swift
/// let page = TextRenderer(width: 72).render(form.tree())
/// ```
public struct TextRenderer: FormRenderer {
    /// The cells.
    public var cells: CellRegistry<PlainTextFormat>
    /// The row chrome.
    public var layout: FieldLayout<PlainTextFormat>
    /// The width in display columns.
    public var width: Int
    /// Whether to colour with ANSI sequences (see ``shouldUseColor(environment:isTerminal:)``).
    public var color: Bool
    /// The theme (its `ansi*` tokens colour the output).
    public var theme: Theme

    /// A renderer.
    ///
    /// - Parameters:
    ///   - cells: The cells fields resolve to.
    ///   - layout: The chrome around each cell.
    ///   - width: The width in display columns (at least 20).
    ///   - color: Whether to colour with ANSI sequences.
    ///   - theme: The theme whose `ansi*` tokens colour the output.
    public init(
        cells: CellRegistry<PlainTextFormat> = TextCells.standard,
        layout: FieldLayout<PlainTextFormat> = TextLayouts.standard,
        width: Int = 80, color: Bool = false, theme: Theme = .default
    ) {
        self.cells = cells
        self.layout = layout
        self.width = max(20, width)
        self.color = color
        self.theme = theme
    }

    /// `COLUMNS` when set to a number, else 80.
    public static func width(environment: [String: String]) -> Int {
        environment["COLUMNS"].flatMap(Int.init).flatMap { $0 > 0 ? $0 : nil } ?? 80
    }

    /// Colour only on a terminal and never when `NO_COLOR` is set (to anything).
    public static func shouldUseColor(environment: [String: String], isTerminal: Bool) -> Bool {
        isTerminal && environment["NO_COLOR"] == nil && environment["TERM"] != "dumb"
    }

    /// The text of a managed form: its values, errors and transformers, and cells from its
    /// environment (the plugins' cells on top of this renderer's); this renderer's theme
    /// when it has one, else the form's.
    ///
    /// ```swift
    /// let text = TextRenderer(width: 80).render(form)
    /// ```
    public func render<Model>(_ form: Form<Model>) -> String {
        let renderer = adopting(form)
        return renderer.render(form.tree(theme: renderer.theme))
    }

    /// The text of a form tree: no line wider than ``width``.
    public func render(_ node: FormNode) -> String {
        (head(node) + body(node, width: width) + tail(node)).joined(separator: "\n") + "\n"
    }

    /// Writes the text of a streamed form in pieces of about `piece` bytes, each ending with a
    /// whole line: the text ``render(_:)`` draws of the form's whole tree, its root rows made
    /// while they are drawn (a first pass over them finds the label column), so that neither
    /// the tree's rows nor the text are held whole.
    ///
    /// ```swift
    /// var text = ""
    /// try TextRenderer(width: 60).render(streamed, piecesOf: 4096) { text += $0 }
    /// ```
    package func render(
        _ form: StreamedForm, piecesOf piece: Int = 1 << 16, into write: (String) throws -> Void
    ) throws {
        let node = form.node
        var pending = ""
        func add(_ lines: some Sequence<String>, flushing: Bool = false) throws {
            for line in lines {
                pending += line
                pending += "\n"
            }
            guard flushing || pending.utf8.count >= piece else { return }
            try write(pending)
            pending = ""
        }
        try add(head(node))
        var drawer = TextTreeDrawer(renderer: self, width: width, only: nil)
        let allRows = node.sections.indices.lazy.map { form.rows(ofSection: $0) }.joined()
        drawer.labelWidth = Self.labelWidth(rows: allRows, width: width)
        for (index, section) in node.sections.enumerated() {
            try drawer.draw(section, rows: form.rows(ofSection: index)) { blocks in
                try add(blocks.lazy.map(\.text))
                blocks.removeAll(keepingCapacity: true)
            }
        }
        try add(drawer.blocks.lazy.map(\.text))
        try add(tail(node), flushing: true)
    }

    /// The lines before a form's sections: its title and what its errors add up to.
    private func head(_ node: FormNode) -> [String] {
        var lines: [String] = []
        let title = PlainTextFormat.escape(node.title)
        let titleLines = TextWrapping.wrap(title, width: width)
        lines += titleLines.map { paint($0, "ansiTitle", "1") }
        lines.append(String(repeating: "=", count: min(width, max(3, titleLines.map(DisplayWidth.of).max() ?? 0))))
        // `errorCount` counts every error; `formErrors` are those no field shows.
        let problems = max(node.errorCount, node.formErrors.count)
        let atFields = problems - node.formErrors.count
        if problems > 0 {
            var count = problems == 1 ? "! 1 problem" : "! \(problems) problems"
            if atFields > 0 { count += atFields == 1 ? ": see the field marked !" : ": see the fields marked !" }
            lines += TextWrapping.wrap(count, width: width).map { paint($0, "ansiError", "31") }
        }
        for error in node.formErrors {
            lines += TextWrapping.wrap("! " + PlainTextFormat.escape(error), width: width).map {
                paint($0, "ansiError", "31")
            }
        }
        lines.append("")
        return lines
    }

    /// The lines after a form's sections: its buttons.
    private func tail(_ node: FormNode) -> [String] {
        let buttons = node.actions.map { cells.resolve($0).cell.render(.action($0, theme: theme)) }
        return Self.bar(buttons, width: width)
    }

    /// Buttons side by side, two spaces apart, starting a new line where the next would pass
    /// the width.
    static func bar(_ buttons: [String], width: Int) -> [String] {
        var lines: [String] = []
        var line = ""
        for button in buttons {
            let candidate = line.isEmpty ? button : line + "  " + button
            if DisplayWidth.of(candidate) <= width || line.isEmpty {
                line = candidate
            } else {
                lines.append(line)
                line = button
            }
        }
        if !line.isEmpty { lines += TextWrapping.wrap(line, width: width) }
        return lines
    }

    /// The sections of a form at a width (used for nested forms too).
    func body(_ node: FormNode, width: Int) -> [String] {
        blocks(node, width: width).map(\.text)
    }

    /// A form's body as blocks: each row's text with the row's path, and the headers,
    /// footers and blank lines between them without one. A terminal editor highlights and
    /// scrolls by block.
    public func blocks(_ node: FormNode) -> [TextBlock] { blocks(node, width: width) }

    /// The label column of each section: one column for the whole form (the widest label,
    /// at most a third of the width), so every value starts at the same place; a row's
    /// blocks look the same as long as the form's labels do.
    public func labelWidths(_ node: FormNode) -> [Int] {
        let column = Self.labelWidth(node, width: width)
        return node.sections.map { _ in column }
    }

    static func labelWidth(_ node: FormNode, width: Int) -> Int {
        labelWidth(rows: node.sections.lazy.flatMap(\.rows), width: width)
    }

    /// The label column of some rows: their widest title, at most a third of `width`.
    static func labelWidth<Rows: Sequence<RowNode>>(rows: Rows, width: Int) -> Int {
        let widest =
            rows.lazy.map { DisplayWidth.of($0.context.field.title) + ($0.context.isRequired ? 2 : 0) }.max() ?? 0
        return min(width / 3, widest)
    }

    /// The blocks of some rows only, laid out as in the whole form (the same label column):
    /// what a terminal editor redraws after one value changed.
    public func blocks(_ node: FormNode, rows: Set<FormPath>) -> [TextBlock] { blocks(node, width: width, only: rows) }

    func blocks(_ node: FormNode, width: Int, only: Set<FormPath>? = nil) -> [TextBlock] {
        var drawer = TextTreeDrawer(renderer: self, width: width, only: only)
        drawer.visitForm(node)
        return drawer.blocks
    }

    /// `text` after a number (`1. `), wrapped to `width` with later lines under the text.
    func hanging(_ number: String, _ text: String, width: Int) -> [String] {
        let indent = DisplayWidth.of(number)
        return TextWrapping.wrap(text, width: max(1, width - indent)).enumerated().map { index, line in
            (index == 0 ? number : TextWrapping.spaces(indent)) + line
        }
    }

    func paint(_ text: String, _ token: String, _ fallback: String) -> String {
        var writer = TextWriter(capacity: 0)
        writer.color = color
        writer.theme = theme
        return writer.paint(text, token, fallback)
    }
}

extension String {
    func trimmingTrailingNewlines() -> String {
        var text = Substring(self)
        while text.last == "\n" || text.last == " " { text = text.dropLast() }
        return String(text)
    }
}

/// Text of a rendered form, by block: a row (with its path) or the lines between rows.
public struct TextBlock: Hashable, Sendable {
    /// What a block is.
    public enum Role: Hashable, Sendable {
        case row, header, footer, blank
    }

    /// The text (possibly several lines).
    public var text: String
    /// The row's path, for a row's block.
    public var row: FormPath?
    /// What the block is.
    public var role: Role

    /// A block.
    public init(_ text: String, row: FormPath? = nil, role: Role = .row) {
        self.text = text
        self.row = row
        self.role = role
    }
}
