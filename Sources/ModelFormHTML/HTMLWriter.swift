import ModelForm

/// Writes HTML into one growing string: tags, escaped attributes and text, with no
/// intermediate strings (the renderer's hot path).
///
/// ```swift
/// var writer = HTMLWriter()
/// writer.open("input"); writer.attribute("type", "email"); writer.flag("required", true); writer.end()
/// ```
public struct HTMLWriter: FormatWriter {
    /// The UTF-8 bytes so far (appending bytes is cheaper than appending to a `String`).
    private var bytes: [UInt8]

    /// A writer, with room reserved for `capacity` bytes.
    public init(capacity: Int = 256) {
        bytes = []
        bytes.reserveCapacity(capacity)
    }

    /// The HTML so far.
    public var html: String { String(decoding: bytes, as: UTF8.self) }

    /// The HTML so far.
    public var output: String { html }

    /// `<name` (attributes follow; finish with ``end()``).
    public mutating func open(_ name: String) {
        bytes.append(UInt8(ascii: "<"))
        raw(name)
    }

    /// ` name="value"` with the value escaped; nothing for `nil`.
    public mutating func attribute(_ name: String, _ value: String?) {
        guard let value else { return }
        bytes.append(UInt8(ascii: " "))
        raw(name)
        bytes.append(UInt8(ascii: "="))
        bytes.append(UInt8(ascii: "\""))
        text(value)
        bytes.append(UInt8(ascii: "\""))
    }

    /// ` name` when `on`.
    public mutating func flag(_ name: String, _ on: Bool) {
        guard on else { return }
        bytes.append(UInt8(ascii: " "))
        raw(name)
    }

    /// `>`.
    public mutating func end() { bytes.append(UInt8(ascii: ">")) }

    /// `</name>`.
    public mutating func close(_ name: String) {
        bytes.append(UInt8(ascii: "<"))
        bytes.append(UInt8(ascii: "/"))
        raw(name)
        bytes.append(UInt8(ascii: ">"))
    }

    /// Escaped text.
    public mutating func text(_ text: String) {
        if HTMLEscaping.needsHTMLEscaping(text) { raw(HTMLEscaping.html(text)) } else { raw(text) }
    }

    /// HTML made elsewhere, as it is.
    public mutating func raw(_ markup: String) {
        var markup = markup
        markup.withUTF8 { bytes.append(contentsOf: $0) }
    }

    /// `<name attributes>escaped text</name>`.
    public mutating func element(_ name: String, text: String, _ attributes: (inout HTMLWriter) -> Void = { _ in }) {
        open(name)
        attributes(&self)
        end()
        self.text(text)
        close(name)
    }
}
