import ModelForm

extension Theme {
    /// How Markdown lays out fields.
    public enum MarkdownStyle: String, Hashable, Sendable, CaseIterable {
        /// A two-column table per section.
        case table
        /// A bullet list per section.
        case list
    }

    /// Fields as a table (the default) or a list in Markdown: the `markdownStyle` token.
    ///
    /// ```swift
    /// var theme = Theme.default
    /// theme.markdownStyle = .list
    /// ```
    public var markdownStyle: MarkdownStyle {
        get { tokens["markdownStyle"].flatMap(MarkdownStyle.init(rawValue:)) ?? .table }
        set { tokens["markdownStyle"] = newValue.rawValue }
    }
}
