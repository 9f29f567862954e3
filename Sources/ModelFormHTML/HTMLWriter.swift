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

    /// Escaped text, as ``HTMLEscaping/html(_:)`` escapes it. ASCII text is escaped in one
    /// pass over its bytes, straight into the output (the renderer's hot path); text with
    /// other scalars goes through ``HTMLEscaping/html(_:)``.
    public mutating func text(_ text: String) {
        let start = bytes.count
        var text = text
        let isASCII = text.withUTF8 { source in appendEscapedASCII(source) }
        if !isASCII {
            bytes.removeSubrange(start...)
            raw(HTMLEscaping.html(text))
        }
    }

    /// Appends `source` escaped; stops and returns `false` at the first non-ASCII byte.
    private mutating func appendEscapedASCII(_ source: UnsafeBufferPointer<UInt8>) -> Bool {
        var runStart = 0
        for index in source.indices {
            let byte = source[index]
            switch byte {
            case 0x09, 0x0A, 0x20, 0x21, 0x23...0x25, 0x28...0x3B, 0x3D, 0x3F...0x7E: continue
            case 0x80...: return false
            default: break
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: source[runStart..<index]))
            runStart = index + 1
            switch byte {
            case UInt8(ascii: "&"): append("&amp;")
            case UInt8(ascii: "<"): append("&lt;")
            case UInt8(ascii: ">"): append("&gt;")
            case UInt8(ascii: "\""): append("&quot;")
            case UInt8(ascii: "'"): append("&#39;")
            case 0x0D: break
            default: append("\u{FFFD}")
            }
        }
        bytes.append(contentsOf: UnsafeBufferPointer(rebasing: source[runStart...]))
        return true
    }

    private mutating func append(_ literal: StaticString) {
        literal.withUTF8Buffer { bytes.append(contentsOf: $0) }
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
