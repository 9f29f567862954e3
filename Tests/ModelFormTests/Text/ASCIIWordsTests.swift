import Testing

@testable import ModelForm

/// The word-at-a-time scans agree with a byte-at-a-time reading of the same bytes: every
/// byte that matters, at every position of texts of 0 to 24 bytes (shorter than a word,
/// across two words, in the tail after the last whole word).
@Suite struct ASCIIWordsTests {
    /// The bytes on either side of each boundary the scans test.
    static let bytes: [UInt8] = [0x00, 0x09, 0x0A, 0x0D, 0x1F, 0x20, 0x21, 0x7E, 0x7F, 0x80, 0xC3, 0xFF]

    /// Each text: `a`s with one byte of ``bytes`` put at one position, and a space before
    /// it when `spaced` (a line feed after a space, a space after a space).
    static func texts(spaced: Bool = false) -> [[UInt8]] {
        var texts: [[UInt8]] = []
        for length in 0...24 {
            texts.append(Array(repeating: UInt8(ascii: "a"), count: length))
            for position in 0..<length {
                for byte in bytes {
                    var text = Array(repeating: UInt8(ascii: "a"), count: length)
                    text[position] = byte
                    if spaced, position > 0 { text[position - 1] = 0x20 }
                    texts.append(text)
                }
            }
        }
        return texts
    }

    @Test(arguments: [false, true])
    func printableAsEachByteReads(tabsAndLineFeeds: Bool) {
        for text in Self.texts() {
            let expected = text.allSatisfy {
                ($0 >= 0x20 && $0 < 0x7F) || (tabsAndLineFeeds && ($0 == 0x09 || $0 == 0x0A))
            }
            let found = text.withUnsafeBufferPointer { ASCIIWords.isPrintable($0, tabsAndLineFeeds: tabsAndLineFeeds) }
            #expect(found == expected, "\(text)")
        }
    }

    @Test(arguments: bytes)
    func containsAsEachByteReads(byte: UInt8) {
        for text in Self.texts() {
            #expect(
                text.withUnsafeBufferPointer { ASCIIWords.contains(byte, in: $0) } == text.contains(byte), "\(text)")
        }
    }

    @Test(arguments: [false, true])
    func aSpaceAtALineEndAsEachByteReads(spaced: Bool) {
        for text in Self.texts(spaced: spaced) {
            let expected =
                text.last == 0x20 || text.indices.contains { $0 > 0 && text[$0] == 0x0A && text[$0 - 1] == 0x20 }
            let found = text.withUnsafeBufferPointer { ASCIIWords.hasSpaceAtLineEnd($0) }
            #expect(found == expected, "\(text)")
        }
    }
}
