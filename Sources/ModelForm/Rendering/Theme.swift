/// A theme's settings, as renderers and cells use them: design tokens (colours, spacing,
/// text-box style), the Markdown field style, per-format assets such as CSS, and cell
/// layout overrides by name (applied by the template module).
///
/// ```swift
/// var theme = Theme.default
/// theme.tokens["accent"] = "#0a84ff"
/// theme.markdownStyle = .list
/// ```
public struct Theme: Hashable, Sendable {
    /// How Markdown lays out fields.
    public enum MarkdownStyle: String, Hashable, Sendable, CaseIterable {
        /// A two-column table per section.
        case table
        /// A bullet list per section.
        case list
    }

    /// The theme's name (its folder in `Themes/`).
    public var name: String
    /// Design tokens by name (`accent`, `background`, `text`, `spacing`, `textBox`,
    /// `ansiTitle`...). Cells and layouts read them; renderers map known ones.
    public var tokens: [String: String]
    /// Fields as a table or a list in Markdown.
    public var markdownStyle: MarkdownStyle
    /// Style sheets for HTML, in order.
    public var css: [String]

    /// A theme.
    public init(name: String, tokens: [String: String] = [:], markdownStyle: MarkdownStyle = .table, css: [String] = []) {
        self.name = name
        self.tokens = tokens
        self.markdownStyle = markdownStyle
        self.css = css
    }

    /// The built-in theme used when none is loaded: no colours, tables in Markdown.
    public static let `default` = Theme(name: "default")

    /// A token's value, or a fallback.
    public func token(_ name: String, default fallback: String) -> String { tokens[name] ?? fallback }
}
