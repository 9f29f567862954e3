/// Hot-path text checks that avoid Foundation and Character work for ASCII text.
extension String {
    /// The text without leading and trailing white space (and newlines).
    var trimmingWhitespace: String {
        let bytes = utf8
        guard let first = bytes.first, let last = bytes.last else { return self }
        if !Self.isASCIISpace(first) && !Self.isASCIISpace(last) && first < 0x80 && last < 0x80 { return self }
        let scalars = unicodeScalars
        guard let start = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
            let end = scalars.lastIndex(where: { !$0.properties.isWhitespace })
        else { return "" }
        return String(scalars[start...end])
    }

    /// `true` when the text is empty or only white space.
    var isBlank: Bool {
        for byte in utf8 {
            if Self.isASCIISpace(byte) { continue }
            if byte < 0x80 { return false }
            return unicodeScalars.allSatisfy(\.properties.isWhitespace)
        }
        return true
    }

    /// `true` when the text contains white space.
    var containsWhitespace: Bool {
        var ascii = true
        for byte in utf8 {
            if Self.isASCIISpace(byte) { return true }
            if byte >= 0x80 { ascii = false }
        }
        return ascii ? false : unicodeScalars.contains(where: \.properties.isWhitespace)
    }

    /// The number of characters, as `count` gives it, without grapheme work for ASCII text
    /// with no carriage return (where every byte is one character).
    var characterCount: Int {
        for byte in utf8 where byte >= 0x80 || byte == 0x0D { return count }
        return utf8.count
    }

    /// The number of Unicode scalars (`unicodeScalars.count`), counted from the UTF-8: each
    /// scalar has exactly one byte that does not continue another (`10xxxxxx`).
    package var scalarCount: Int {
        // Over the contiguous bytes first: iterating `utf8` across modules cost 3% more of a
        // 1,000-property validation (callgrind).
        if let counted = utf8.withContiguousStorageIfAvailable({ bytes in
            var count = 0
            for byte in bytes where byte & 0xC0 != 0x80 { count += 1 }
            return count
        }) {
            return counted
        }
        var count = 0
        for byte in utf8 where byte & 0xC0 != 0x80 { count += 1 }
        return count
    }

    /// Whether the UTF-8 of the text contains `byte`, eight bytes at a time (`utf8.contains`
    /// goes through generic code across modules, a byte at a time).
    package func containsByte(_ byte: UInt8) -> Bool {
        if let found = utf8.withContiguousStorageIfAvailable({ ASCIIWords.contains(byte, in: $0) }) { return found }
        for candidate in utf8 where candidate == byte { return true }
        return false
    }

    static func isASCIISpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || (byte >= 0x09 && byte <= 0x0D)
    }

    /// The text cut to `limit` scalars with `…` when longer (a hostile name in a message).
    package func excerpt(_ limit: Int = 60) -> String {
        unicodeScalars.count <= limit ? self : String(String.UnicodeScalarView(unicodeScalars.prefix(limit))) + "…"
    }
}

extension [UInt8] {
    /// Where `needle` first starts at or after `start`, compared byte by byte.
    package func firstIndex(of needle: [UInt8], from start: Int = 0) -> Int? {
        guard !needle.isEmpty, count >= needle.count, start <= count - needle.count else { return nil }
        var index = start
        while index <= count - needle.count {
            if self[index] == needle[0], self[index..<(index + needle.count)].elementsEqual(needle) { return index }
            index += 1
        }
        return nil
    }
}
