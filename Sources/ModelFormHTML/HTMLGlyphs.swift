/// The renderer's own characters past ASCII, written as character references (`&#8212;`), so
/// that a page is ASCII whenever its text is: a page of ASCII becomes a `String` with the
/// standard library's word-at-a-time check, where one other byte makes it check byte by byte
/// around it. Browsers and assistive technology read the references as the characters.
enum HTMLGlyphs {
    /// A glyph's markup: a character reference, written as it is.
    typealias Reference = String

    /// `—`: no value, or an empty choice.
    static let dash: Reference = "&#8212;"
    /// `✕`: remove an item.
    static let remove: Reference = "&#10005;"
    /// `↑`: move an item up.
    static let up: Reference = "&#8593;"
    /// `↓`: move an item down.
    static let down: Reference = "&#8595;"

    /// A select's empty first option, showing a dash.
    static let emptyOption = "<option value=\"\">\(dash)</option>"
    /// A document's empty value: a dash.
    static let none = "<span class=\"mf-none\">\(dash)</span>"
}
