/// A theme's settings, as renderers and cells use them: its name, design tokens (colours,
/// spacing, text-box style, and each format's own settings) and per-format assets such as
/// style sheets. What a token or asset means is up to the format module that reads it:
/// ModelFormHTML adds `css`, ModelFormMarkdown adds `markdownStyle`.
///
/// ```swift
/// var theme = Theme.default
/// theme.tokens["accent"] = "#0a84ff"
/// ```
public struct Theme: Hashable, Sendable {
    /// The theme's name (its folder in `Themes/`).
    public var name: String
    /// Design tokens by name (`accent`, `background`, `text`, `spacing`, `textBox`,
    /// `ansiTitle`, `markdownStyle`...). Cells, layouts and renderers read the ones they know.
    public var tokens: [String: String]
    /// Assets by kind (`css`: HTML style sheets, in order), for the format that uses them.
    public var assets: [String: [String]]

    /// A theme.
    public init(name: String, tokens: [String: String] = [:], assets: [String: [String]] = [:]) {
        self.name = name
        self.tokens = tokens
        self.assets = assets
    }

    /// The built-in theme used when none is loaded: no colours, tables in Markdown.
    public static let `default` = Theme(name: "default")

    /// A token's value, or a fallback.
    public func token(_ name: String, default fallback: String) -> String { tokens[name] ?? fallback }
}
