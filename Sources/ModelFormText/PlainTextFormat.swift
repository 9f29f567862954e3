import ModelForm

/// Plain text for a terminal or a file: control characters and escape sequences in
/// values are shown, not executed; cells write into a ``TextWriter``.
public enum PlainTextFormat: OutputFormat {
    public typealias Writer = TextWriter
    public static let name = "text"
    public static func escape(_ text: String) -> String { TerminalEscaping.escape(text) }
}

/// Text with the column widths of the row being drawn and the colours to use: the text
/// module owns its layout numbers.
public struct TextWriter: FormatWriter {
    /// The width of the label column, in display columns.
    public var labelWidth = 0
    /// The display columns the row may use.
    public var availableWidth = 80
    /// Whether to colour with ANSI sequences from the theme's `ansi*` tokens.
    public var color = false
    /// The theme whose tokens colour the text.
    public var theme = Theme.default
    /// The text so far.
    private var text: StringWriter

    public init(capacity: Int = 128) { text = StringWriter(capacity: capacity) }

    public var output: String { text.output }

    public mutating func raw(_ text: String) { self.text.raw(text) }

    /// An empty writer with these settings. It reserves nothing: a row is usually one
    /// string appended once, which an empty string takes over without copying.
    public func fresh() -> TextWriter {
        var writer = TextWriter(capacity: 0)
        writer.labelWidth = labelWidth
        writer.availableWidth = availableWidth
        writer.color = color
        writer.theme = theme
        return writer
    }

    /// `text` in the colour of a theme token (`fallback` is the SGR code when the theme has
    /// none), or as it is when colour is off.
    public func paint(_ text: String, _ token: String, _ fallback: String) -> String {
        guard color else { return text }
        let code = theme.token(token, default: fallback).filter { $0.isNumber || $0 == ";" }
        return code.isEmpty ? text : "\u{1B}[\(code)m\(text)\u{1B}[0m"
    }
}
