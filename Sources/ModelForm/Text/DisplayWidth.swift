/// Terminal display width of text: East Asian wide and emoji characters take two
/// columns, combining marks and zero-width characters none, everything else one.
///
/// ```swift
/// let wide = DisplayWidth.of("日本")  // 4
/// let accented = DisplayWidth.of("e\u{301}")  // 1 (e + combining acute)
/// ```
package enum DisplayWidth {
    /// The columns `text` occupies.
    package static func of(_ text: String) -> Int {
        let ascii = text.utf8.withContiguousStorageIfAvailable { asciiWidth($0) } ?? asciiWidth(text.utf8)
        return ascii ?? text.unicodeScalars.reduce(0) { $0 + of($1) }
    }

    /// The columns `text` occupies (the same count for a slice, without generic dispatch).
    package static func of(_ text: Substring) -> Int {
        let ascii = text.utf8.withContiguousStorageIfAvailable { asciiWidth($0) } ?? asciiWidth(text.utf8)
        return ascii ?? text.unicodeScalars.reduce(0) { $0 + of($1) }
    }

    /// The width of printable ASCII bytes (one column each), `nil` at anything else; eight
    /// bytes at a time (a byte at a time was 4.5% of a 1,000-field text render).
    @inline(__always)
    private static func asciiWidth(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        ASCIIWords.isPrintable(bytes, tabsAndLineFeeds: false) ? bytes.count : nil
    }

    /// The width of printable ASCII bytes (one column each), `nil` at anything else.
    @inline(__always)
    private static func asciiWidth<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> Int? {
        var count = 0
        for byte in bytes {
            guard byte >= 0x20 && byte < 0x7F else { return nil }
            count += 1
        }
        return count
    }

    /// The columns one scalar occupies.
    package static func of(_ scalar: Unicode.Scalar) -> Int {
        let value = scalar.value
        if value >= 0x20 && value < 0x7F { return 1 }
        if value == 0 { return 0 }
        if value < 0x20 || (0x7F..<0xA0).contains(value) { return 0 }
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format: return 0
        default: break
        }
        if value == 0x200B || (0xFE00...0xFE0F).contains(value) { return 0 }
        return isWide(value) ? 2 : 1
    }

    private static func isWide(_ value: UInt32) -> Bool {
        switch value {
        case 0x1100...0x115F, 0x2329...0x232A, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
            0xA000...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60, 0xFFE0...0xFFE6,
            0x1F300...0x1F64F, 0x1F900...0x1F9FF, 0x1FA70...0x1FAFF, 0x20000...0x2FFFD, 0x30000...0x3FFFD:
            return true
        default:
            return false
        }
    }
}
