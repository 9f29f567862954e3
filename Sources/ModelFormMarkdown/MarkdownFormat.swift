import ModelForm

/// GitHub-flavoured Markdown: user text cannot start markup, links, tables or raw HTML;
/// cells write into a ``MarkdownWriter``.
public enum MarkdownFormat: OutputFormat {
    public typealias Writer = MarkdownWriter
    public static let name = "markdown"
    public static func escape(_ text: String) -> String { MarkdownEscaping.escape(text) }
}

/// Markdown text, with where the cell being drawn sits, so a cell can fit its place
/// without the renderer reading its output.
public struct MarkdownWriter: FormatWriter {
    /// Where a field's value goes.
    public enum Placement: Sendable {
        /// A table's value cell (or a list item's value, in the list style).
        case value
        /// A task-list item, whose `[x]` / `[ ]` mark and label the renderer writes: a
        /// boolean's cell adds nothing, the layout only help and errors.
        case taskItem
    }

    /// Where the field being drawn sits.
    public var placement: Placement = .value
    /// The text so far.
    private var text: StringWriter

    public init(capacity: Int = 128) { text = StringWriter(capacity: capacity) }

    public var output: String { text.output }

    public mutating func raw(_ text: String) { self.text.raw(text) }

    /// An empty writer with this placement. It reserves nothing: a cell usually appends one
    /// string, which an empty string takes over without copying.
    public func fresh() -> MarkdownWriter {
        var writer = MarkdownWriter(capacity: 0)
        writer.placement = placement
        return writer
    }
}
