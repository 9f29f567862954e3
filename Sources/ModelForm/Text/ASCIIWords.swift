/// Scans of UTF-8 bytes eight at a time (one 64-bit word), for the checks a renderer makes
/// of every text it writes: most text is printable ASCII with no line break, and a word
/// that may hold anything else is looked at byte by byte.
package enum ASCIIWords {
    private static let ones: UInt64 = 0x0101_0101_0101_0101
    private static let highs: UInt64 = 0x8080_8080_8080_8080

    /// Whether every byte is printable ASCII (a space to `~`), or, when `tabsAndLineFeeds`,
    /// also a tab or a line feed (`Ada Lovelace`: `true`).
    package static func isPrintable(_ bytes: UnsafeBufferPointer<UInt8>, tabsAndLineFeeds: Bool) -> Bool {
        func isPrintable(_ byte: UInt8) -> Bool {
            (byte >= 0x20 && byte < 0x7F) || (tabsAndLineFeeds && (byte == 0x09 || byte == 0x0A))
        }
        let count = bytes.count
        var index = 0
        if let base = bytes.baseAddress {
            let raw = UnsafeRawPointer(base)
            while index + 8 <= count {
                if mayHoldUnprintable(raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)) {
                    for offset in index..<index + 8 where !isPrintable(bytes[offset]) { return false }
                }
                index += 8
            }
        }
        while index < count {
            if !isPrintable(bytes[index]) { return false }
            index += 1
        }
        return true
    }

    /// Whether a line feed follows a space anywhere, or the last byte is a space: whether a
    /// line of the text ends in a space.
    package static func hasSpaceAtLineEnd(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let count = bytes.count
        guard count > 0 else { return false }
        if bytes[count - 1] == 0x20 { return true }
        var index = 0
        if let base = bytes.baseAddress {
            let raw = UnsafeRawPointer(base)
            while index + 8 <= count {
                if mayHold(0x0A, raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)) {
                    for offset in index..<index + 8
                    where bytes[offset] == 0x0A && offset > 0 && bytes[offset - 1] == 0x20 {
                        return true
                    }
                }
                index += 8
            }
        }
        while index < count {
            if bytes[index] == 0x0A && index > 0 && bytes[index - 1] == 0x20 { return true }
            index += 1
        }
        return false
    }

    /// Whether `byte` is among `bytes`: eight at a time, each word that may hold it looked at
    /// byte by byte.
    package static func contains(_ byte: UInt8, in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let count = bytes.count
        var index = 0
        if let base = bytes.baseAddress {
            let raw = UnsafeRawPointer(base)
            while index + 8 <= count {
                if mayHold(byte, raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)) {
                    for offset in index..<index + 8 where bytes[offset] == byte { return true }
                }
                index += 8
            }
        }
        while index < count {
            if bytes[index] == byte { return true }
            index += 1
        }
        return false
    }

    /// `true` when a byte of `word` is below 0x20 or from 0x7F up (and sometimes when none
    /// is, after such a byte: the caller then looks at the eight bytes; never `false` when
    /// one is).
    @inline(__always)
    static func mayHoldUnprintable(_ word: UInt64) -> Bool {
        // Below 0x20: a byte borrows when 0x20 is taken from it. From 0x7F up: a byte's top
        // bit is set, or becomes set when one is added.
        let below = (word &- ones &* 0x20) & ~word & highs
        let above = ((word &+ ones) | word) & highs
        return below | above != 0
    }

    /// `true` when a byte of `word` is `byte` (and sometimes when none is; never `false`
    /// when one is).
    @inline(__always)
    static func mayHold(_ byte: UInt8, _ word: UInt64) -> Bool {
        let zeroWhereEqual = word ^ (ones &* UInt64(byte))
        return (zeroWhereEqual &- ones) & ~zeroWhereEqual & highs != 0
    }
}
