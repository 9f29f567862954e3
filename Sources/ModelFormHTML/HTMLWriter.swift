import ModelForm

/// Writes HTML into one growing string: tags, escaped attributes and text, with no
/// intermediate strings (the renderer's hot path).
///
/// ```swift
/// var writer = HTMLWriter()
/// writer.open("input")
/// writer.attribute("type", "email")
/// writer.flag("required", true)
/// writer.end()
/// ```
public struct HTMLWriter: FormatWriter {
    /// The UTF-8 bytes so far (appending bytes is cheaper than appending to a `String`).
    private var storage: ByteStorage

    /// The storage, copied first when another writer shares it (writers are values).
    private var bytes: ByteStorage {
        mutating get {
            if !isKnownUniquelyReferenced(&storage) { storage = storage.copy() }
            return storage
        }
    }

    /// A writer, with room reserved for `capacity` bytes.
    public init(capacity: Int = 256) {
        storage = ByteStorage(capacity: capacity)
    }

    /// The HTML so far.
    public var html: String { storage.string }

    /// The HTML so far.
    public var output: String { html }

    /// The HTML so far, as UTF-8 bytes (no `String` made of them).
    package var utf8: [UInt8] { storage.withBytes { Array($0) } }

    /// Calls `body` with the HTML so far as UTF-8 bytes, without copying them.
    package func withUTF8<Result>(_ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows -> Result {
        try storage.withBytes(body)
    }

    /// How many bytes of UTF-8 the writer holds.
    package var byteCount: Int { storage.count }

    /// Forgets the bytes written so far, keeping the room reserved (a page written in
    /// pieces: ``HTMLPageSink``).
    package mutating func removeAll() { bytes.truncate(to: 0) }

    // Each method that takes a name or markup has a twin for a literal (`StaticString`),
    // which this module's own calls choose (the `String` one is disfavoured): a literal's
    // bytes are copied from where they are, without reading a `String`'s representation
    // first (about 40 instructions a call, 19 calls a field). The twins, `end()` and `text(_:)`
    // are inlined where they are called, so a literal's length is known there: 11.1 M to 10.0 M
    // instructions for the 1,000-field render, for 0.8 MB more code in a 18 MB binary (the
    // escaping loop itself is not: 0.06 M fewer for 1.5 MB more).

    /// `<name` (attributes follow; finish with ``end()``).
    @_disfavoredOverload
    public mutating func open(_ name: String) {
        let out = bytes
        out.append(UInt8(ascii: "<"))
        Self.append(name, to: out)
    }

    /// `<name`, for a literal name.
    @inline(__always)
    mutating func open(_ name: StaticString) {
        let out = bytes
        out.append(UInt8(ascii: "<"))
        out.append(name)
    }

    /// ` name="value"` with the value escaped; nothing for `nil`.
    @_disfavoredOverload
    public mutating func attribute(_ name: String, _ value: String?) {
        guard let value else { return }
        let out = bytes
        out.append(UInt8(ascii: " "))
        Self.append(name, to: out)
        out.append(UInt8(ascii: "="))
        out.append(UInt8(ascii: "\""))
        Self.appendEscaped(value, to: out)
        out.append(UInt8(ascii: "\""))
    }

    /// ` name="value"` with the value escaped, for a literal name; nothing for `nil`.
    @inline(__always)
    mutating func attribute(_ name: StaticString, _ value: String?) {
        guard let value else { return }
        let out = bytes
        out.appendAttributeStart(name)
        Self.appendEscaped(value, to: out)
        out.append(UInt8(ascii: "\""))
    }

    /// ` name="value"` for a value known at compile time that needs no escaping (`type`,
    /// `step`, `spellcheck`): copied as it is.
    @inline(__always)
    mutating func attribute(_ name: StaticString, constant value: StaticString) {
        let out = bytes
        out.appendAttributeStart(name)
        out.append(value)
        out.append(UInt8(ascii: "\""))
    }

    /// ` name="value"` for bytes that need no escaping (digits): copied as they are.
    mutating func attribute(_ name: StaticString, plainBytes value: UnsafeBufferPointer<UInt8>) {
        let out = bytes
        out.appendAttributeStart(name)
        out.append(value)
        out.append(UInt8(ascii: "\""))
    }

    /// ` name` when `on`.
    @_disfavoredOverload
    public mutating func flag(_ name: String, _ on: Bool) {
        guard on else { return }
        let out = bytes
        out.append(UInt8(ascii: " "))
        Self.append(name, to: out)
    }

    /// ` name` when `on`, for a literal name.
    mutating func flag(_ name: StaticString, _ on: Bool) {
        guard on else { return }
        let out = bytes
        out.append(UInt8(ascii: " "))
        out.append(name)
    }

    /// `>`.
    @inline(__always)
    public mutating func end() { bytes.append(UInt8(ascii: ">")) }

    /// `</name>`.
    @_disfavoredOverload
    public mutating func close(_ name: String) {
        let out = bytes
        out.append(UInt8(ascii: "<"))
        out.append(UInt8(ascii: "/"))
        Self.append(name, to: out)
        out.append(UInt8(ascii: ">"))
    }

    /// `</name>`, for a literal name.
    @inline(__always)
    mutating func close(_ name: StaticString) {
        let out = bytes
        out.append(UInt8(ascii: "<"))
        out.append(UInt8(ascii: "/"))
        out.append(name)
        out.append(UInt8(ascii: ">"))
    }

    /// Escaped text, as ``HTMLEscaping/html(_:)`` escapes it. ASCII text is escaped in one
    /// pass over its bytes, straight into the output (the renderer's hot path); text with
    /// other scalars goes through ``HTMLEscaping/html(_:)``.
    @inline(__always)
    public mutating func text(_ text: String) {
        Self.appendEscaped(text, to: bytes)
    }

    /// HTML made elsewhere, as it is.
    @_disfavoredOverload
    public mutating func raw(_ markup: String) {
        Self.append(markup, to: bytes)
    }

    /// Literal markup, as it is.
    @inline(__always)
    mutating func raw(_ markup: StaticString) {
        bytes.append(markup)
    }

    private static func append(_ text: String, to out: ByteStorage) {
        if text.utf8.withContiguousStorageIfAvailable({ out.append($0) }) == nil {
            var text = text
            text.withUTF8 { out.append($0) }
        }
    }

    @inline(__always)
    private static func appendEscaped(_ text: String, to out: ByteStorage) {
        let start = out.count
        let isASCII = text.utf8.withContiguousStorageIfAvailable { appendEscapedASCII($0, to: out) }
        if isASCII != true {
            out.truncate(to: start)
            append(HTMLEscaping.html(text), to: out)
        }
    }

    /// Appends `source` escaped; stops and returns `false` at the first non-ASCII byte.
    private static func appendEscapedASCII(_ source: UnsafeBufferPointer<UInt8>, to out: ByteStorage) -> Bool {
        // Bit n set: byte n (below 64) is escaped or replaced: controls other than tab and
        // newline, `"`, `&`, `'`, `<` and `>`. From 64 up only DEL (0x7F) is, and non-ASCII stops.
        let special: UInt64 = 0x5000_00C4_FFFF_F9FF
        var runStart = 0
        var index = 0
        let count = source.count
        while index < count {
            // Eight bytes at a time while none of them needs a look (most text has no byte
            // to escape: 1.2 M of a 1,000-field render's 9.3 M instructions went a byte at a time).
            if let base = source.baseAddress {
                while index + 8 <= count,
                    !needsLook(UnsafeRawPointer(base).loadUnaligned(fromByteOffset: index, as: UInt64.self))
                {
                    index += 8
                }
            }
            // Then a byte at a time up to the next word.
            let end = Swift.min(count, index + 8)
            while index < end {
                let byte = source[index]
                index += 1
                if byte < 64 {
                    if special >> byte & 1 == 0 { continue }
                } else if byte < 0x7F {
                    continue
                } else if byte >= 0x80 {
                    return false
                }
                out.append(UnsafeBufferPointer(rebasing: source[runStart..<(index - 1)]))
                runStart = index
                switch byte {
                case UInt8(ascii: "&"): out.append("&amp;")
                case UInt8(ascii: "<"): out.append("&lt;")
                case UInt8(ascii: ">"): out.append("&gt;")
                case UInt8(ascii: "\""): out.append("&quot;")
                case UInt8(ascii: "'"): out.append("&#39;")
                case 0x0D: break
                default: out.append("\u{FFFD}")
                }
            }
        }
        out.append(UnsafeBufferPointer(rebasing: source[runStart...]))
        return true
    }

    /// Whether any of a word's eight bytes is one ``appendEscapedASCII(_:to:)`` looks at: past
    /// ASCII, a control (tab and newline too: the byte loop lets them pass), `"`, `&`, `'`,
    /// `<`, `>` or DEL. (`v - 0x01…01 & ~v & 0x80…80` is nonzero exactly when a byte of `v`
    /// is zero; with `0x20…20` subtracted, when one is below 0x20.)
    @inline(__always)
    private static func needsLook(_ word: UInt64) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let high: UInt64 = 0x8080_8080_8080_8080
        @inline(__always) func hasZero(_ value: UInt64) -> UInt64 { (value &- ones) & ~value & high }
        let controls = (word &- ones &* 0x20) & ~word & high
        let marks =
            hasZero(word ^ (ones &* 0x22)) | hasZero(word ^ (ones &* 0x26)) | hasZero(word ^ (ones &* 0x27))
            | hasZero(word ^ (ones &* 0x3C)) | hasZero(word ^ (ones &* 0x3E)) | hasZero(word ^ (ones &* 0x7F))
        return (word & high) | controls | marks != 0
    }

    /// `<name attributes>escaped text</name>`.
    @_disfavoredOverload
    public mutating func element(_ name: String, text: String, _ attributes: (inout HTMLWriter) -> Void = { _ in }) {
        open(name)
        attributes(&self)
        end()
        self.text(text)
        close(name)
    }

    /// `<name attributes>escaped text</name>`, for a literal name.
    mutating func element(_ name: StaticString, text: String, _ attributes: (inout HTMLWriter) -> Void = { _ in }) {
        open(name)
        attributes(&self)
        end()
        self.text(text)
        close(name)
    }
}
