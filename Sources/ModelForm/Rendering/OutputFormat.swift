/// An output format, used as a phantom type so that a cell for one format cannot be
/// registered for another (`CellRegistry<HTMLFormat>` takes only `Cell<HTMLFormat>`).
/// Each format owns the escaping of text it outputs.
public protocol OutputFormat: Sendable {
    /// The format's name in cell layouts and themes: `text`, `markdown`, `html`.
    static var name: String { get }
    /// Makes user text safe to place in this format's output.
    static func escape(_ text: String) -> String
}

/// Plain text for a terminal or a file: control characters and escape sequences in
/// values are shown, not executed.
public enum PlainTextFormat: OutputFormat {
    public static let name = "text"
    public static func escape(_ text: String) -> String { Escaping.terminal(text) }
}

/// GitHub-flavoured Markdown: user text cannot start markup, links, tables or raw HTML.
public enum MarkdownFormat: OutputFormat {
    public static let name = "markdown"
    public static func escape(_ text: String) -> String { Escaping.markdown(text) }
}

/// HTML: user text is escaped for both text and attribute contexts.
public enum HTMLFormat: OutputFormat {
    public static let name = "html"
    public static func escape(_ text: String) -> String { Escaping.html(text) }
}
