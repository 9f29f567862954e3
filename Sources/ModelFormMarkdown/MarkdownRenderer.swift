import Foundation
import ModelForm

/// Draws a form as a GitHub-flavoured Markdown document: a heading for the form and for
/// each section, fields in a table or a list (the theme's `markdownStyle`), booleans as
/// task-list items, footers as paragraphs, inline subforms and collection items as
/// sub-sections, navigable subforms as links. Every user string is escaped.
///
/// ```swift
/// let markdown = MarkdownRenderer().render(tree)
/// ```
public struct MarkdownRenderer: Sendable {
    /// The cells.
    public var cells: CellRegistry<MarkdownFormat>
    /// The chrome of one field (label, marks, help, errors) around its cell.
    public var layout: FieldLayout<MarkdownFormat>
    /// The theme (its `markdownStyle` chooses tables or lists).
    public var theme: Theme

    /// A renderer.
    public init(cells: CellRegistry<MarkdownFormat> = MarkdownCells.standard, layout: FieldLayout<MarkdownFormat> = MarkdownRenderer.standardLayout, theme: Theme = .default) {
        self.cells = cells
        self.layout = layout
        self.theme = theme
    }

    /// The standard chrome: in a table the value cell gets help and errors appended; the
    /// label column is drawn by the renderer.
    public static let standardLayout = FieldLayout<MarkdownFormat>(name: "markdown.field") { c, control in
        var text = control
        if c.field.readOnly { text += " _(read-only)_" }
        if let help = c.field.help, !help.isEmpty { text += " — _\(MarkdownFormat.escape(help))_" }
        for error in c.errors { text += " — **⚠ \(MarkdownFormat.escape(error))**" }
        return text
    }

    /// The Markdown document of a form.
    public func render(_ node: FormNode) -> String {
        var blocks: [String] = ["# " + MarkdownFormat.escape(node.title)]
        if !node.formErrors.isEmpty {
            blocks.append(node.formErrors.map { "> **⚠ \(MarkdownFormat.escape($0))**" }.joined(separator: "\n>\n"))
        }
        blocks += body(node, level: 2)
        let buttons = node.actions.map { action in cells.resolve(action).cell.render(context(for: action)) }
        if !buttons.isEmpty { blocks.append("Actions: " + buttons.joined(separator: " · ")) }
        return Self.separatingAdjacentLists(blocks).joined(separator: "\n\n") + "\n"
    }

    /// Two lists of the same kind separated only by a blank line would merge into one;
    /// the second gets the other marker (`-`/`*`, `.`/`)`) so each stays its own list.
    static func separatingAdjacentLists(_ blocks: [String]) -> [String] {
        var result: [String] = []
        var previousMarker: String?
        for block in blocks {
            var block = block
            var marker = listMarker(block)
            if let current = marker, current == previousMarker {
                let swapped: (String, String) = switch current {
                case "-": ("- ", "* ")
                case "*": ("* ", "- ")
                case ".": (". ", ") ")
                default: (") ", ". ")
                }
                block = block.split(separator: "\n", omittingEmptySubsequences: false).map { line in
                    guard let range = line.range(of: swapped.0), current == "-" || current == "*" ? range.lowerBound == line.startIndex : line[..<range.lowerBound].allSatisfy(\.isNumber) else { return String(line) }
                    return line.replacingCharacters(in: range, with: swapped.1)
                }.joined(separator: "\n")
                marker = listMarker(block)
            }
            previousMarker = marker
            result.append(block)
        }
        return result
    }

    private static func listMarker(_ block: String) -> String? {
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
        var blocks: [String] = []
        for section in node.sections {
            var nestedLevel = level
            if let header = section.header, !header.isEmpty {
                blocks.append(heading(level) + MarkdownFormat.escape(header))
                nestedLevel = level + 1
            }
            blocks += rows(section.rows, level: nestedLevel)
            if let footer = section.footer, !footer.isEmpty { blocks.append(MarkdownFormat.escape(footer)) }
        }
        return blocks
    }

    /// Runs of plain fields become a table (or list); runs of booleans a task list; each
    /// inline subform or collection follows its row as a sub-section.
    private func rows(_ rows: [RowNode], level: Int) -> [String] {
        var blocks: [String] = []
        var run: [String] = []
        var runIsTasks = false
        func flush() {
            guard !run.isEmpty else { return }
            if runIsTasks || theme.markdownStyle == .list {
                blocks.append(run.joined(separator: "\n"))
            } else {
                let header = "| \(MarkdownFormat.escape(theme.token("markdownFieldHeader", default: "Field"))) | \(MarkdownFormat.escape(theme.token("markdownValueHeader", default: "Value"))) |\n| --- | --- |"
                blocks.append(header + "\n" + run.joined(separator: "\n"))
            }
            run = []
        }
        for row in rows {
            let context = row.context
            let isTask = context.field.type == .boolean || context.field.type == .option
            if isTask != runIsTasks { flush(); runIsTasks = isTask }
            let label = MarkdownFormat.escape(context.field.title) + (context.isRequired ? " \\*" : "")
            let value = cells.draw(context, layout: layout).trimmingCharacters(in: .whitespaces)
            if isTask {
                let mark = context.value == .bool(true) ? "[x]" : "[ ]"
                let extra = value.hasPrefix("☑") || value.hasPrefix("☐") ? String(value.dropFirst()) : " — " + value
                run.append("- \(mark) \(label)\(extra)")
            } else if theme.markdownStyle == .list {
                run.append("- **\(label):** \(value)")
            } else {
                run.append("| \(label) | \(value) |")
            }
            if let subform = row.subform {
                flush()
                blocks.append(heading(level) + MarkdownFormat.escape(context.field.title))
                blocks += body(subform, level: level + 1)
            } else if let items = row.items, !items.isEmpty {
                flush()
                blocks.append(heading(level) + MarkdownFormat.escape(context.field.title))
                blocks += self.items(items, level: level + 1)
            }
        }
        flush()
        return blocks
    }

    private func items(_ items: [ItemNode], level: Int) -> [String] {
        var blocks: [String] = []
        var scalars: [String] = []
        for item in items {
            if let form = item.form {
                blocks.append(heading(level) + "\(item.index + 1)\\. " + MarkdownFormat.escape(item.summary.isEmpty ? form.title : item.summary))
                blocks += body(form, level: level + 1)
            } else if let link = item.link {
                scalars.append("\(item.index + 1). [\(MarkdownFormat.escape(item.summary.isEmpty ? "item" : item.summary))](\(MarkdownLinks.destination(link)))")
            } else if let context = item.context {
                scalars.append("\(item.index + 1). " + cells.draw(context, layout: layout))
            }
        }
        if !scalars.isEmpty { blocks.append(scalars.joined(separator: "\n")) }
        return blocks
    }

    private func heading(_ level: Int) -> String { String(repeating: "#", count: min(6, level)) + " " }

    private func context(for action: Field) -> CellContext {
        CellContext(field: action, path: FormPath(), value: .null, display: action.title, inputValue: "", inputName: "_action",
                    inputID: FormTreeBuilder.id(for: FormPath(), field: action), theme: theme)
    }
}
