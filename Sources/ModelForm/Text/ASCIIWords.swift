/// Scans of UTF-8 bytes eight at a time (one 64-bit word), for the checks a renderer makes
/// of every text it writes: most text is printable ASCII with no line break, and a word
/// that may hold anything else is looked at byte by byte.
package enum ASCIIWords {
    private static let ones: UInt64 = 0x0101_0101_0101_0101
    private static let highs: UInt64 = 0x8080_8080_8080_8080

    /// Whether every byte is printable ASCII (a space to `~`), or, when `tabsAndLineFeeds`,
    /// also a tab or a line feed (`Ada Lovelace`: `true`).
    package static func isPrintable(_ bytes: UnsafeBufferPointer<UInt8>, tabsAndLineFeeds: Bool) -> Bool {
        !anyByte(
            of: bytes, wordMayHoldOne: mayHoldUnprintable,
            isOne: { index in
                let byte = bytes[index]
                return !((byte >= 0x20 && byte < 0x7F) || (tabsAndLineFeeds && (byte == 0x09 || byte == 0x0A)))
            })
    }

    /// Whether a line feed follows a space anywhere, or the last byte is a space: whether a
    /// line of the text ends in a space.
    package static func hasSpaceAtLineEnd(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        if bytes.last == 0x20 { return true }
        return anyByte(
            of: bytes, wordMayHoldOne: { mayHold(0x0A, $0) },
            isOne: { index in bytes[index] == 0x0A && index > 0 && bytes[index - 1] == 0x20 })
    }

    /// Whether `byte` is among `bytes`.
    package static func contains(_ byte: UInt8, in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        anyByte(of: bytes, wordMayHoldOne: { mayHold(byte, $0) }, isOne: { bytes[$0] == byte })
    }

    /// Whether `isOne` holds at some index of `bytes`: asked only of the bytes of a word
    /// `wordMayHoldOne` says may hold one (it never says no when one does), and of the last
    /// bytes after the whole words.
    @inline(__always)
    private static func anyByte(
        of bytes: UnsafeBufferPointer<UInt8>, wordMayHoldOne: (UInt64) -> Bool, isOne: (Int) -> Bool
    ) -> Bool {
        let count = bytes.count
        var index = 0
        if let base = bytes.baseAddress {
            let raw = UnsafeRawPointer(base)
            while index + 8 <= count {
                if wordMayHoldOne(raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)) {
                    for offset in index..<index + 8 where isOne(offset) { return true }
                }
                index += 8
            }
        }
        while index < count {
            if isOne(index) { return true }
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
