import ModelForm

/// GitHub-flavoured Markdown: user text cannot start markup, links, tables or raw HTML;
/// cells write into a ``MarkdownWriter``.
public enum MarkdownFormat: OutputFormat {
    public typealias Writer = MarkdownWriter
    public static let name = "markdown"
    public static func escape(_ text: String) -> String { MarkdownEscaping.escape(text) }
}

/// Markdown text: one line of inline Markdown per cell (it may sit in a table cell).
public struct MarkdownWriter: FormatWriter {
    /// The text so far.
    private var text: StringWriter

    public init(capacity: Int = 128) { text = StringWriter(capacity: capacity) }

    public var output: String { text.output }

    public mutating func raw(_ text: String) { self.text.raw(text) }

    /// An empty writer. It reserves nothing: a cell usually appends one string, which an
    /// empty string takes over without copying.
    public func fresh() -> MarkdownWriter { MarkdownWriter(capacity: 0) }
}
