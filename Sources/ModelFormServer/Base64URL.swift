/// Base64 with the URL- and cookie-safe alphabet (`-` and `_`), unpadded: RFC 4648,
/// section 5. Read and written by bytes (Foundation's decoder, reached through three string
/// replacements, took 3% of a writing save's time in the server). `[0xFB, 0xFF]` is
/// `-_8`; `Base64URLTests` holds the standard's vectors.
enum Base64URL {
    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)

    /// Each byte's 6-bit value in the alphabet, 0xFF for a byte outside it.
    private static let values: [UInt8] = {
        var values = [UInt8](repeating: 0xFF, count: 256)
        for (index, byte) in alphabet.enumerated() { values[Int(byte)] = UInt8(index) }
        return values
    }()

    static func encode(_ bytes: some Sequence<UInt8>) -> String {
        var text: [UInt8] = []
        text.reserveCapacity((bytes.underestimatedCount * 4 + 2) / 3)
        var accumulator: UInt32 = 0
        var bits = 0
        for byte in bytes {
            accumulator = accumulator << 8 | UInt32(byte)
            bits += 8
            while bits >= 6 {
                bits -= 6
                text.append(alphabet[Int(accumulator >> UInt32(bits) & 0x3F)])
            }
        }
        if bits > 0 { text.append(alphabet[Int(accumulator << UInt32(6 - bits) & 0x3F)]) }
        return String(decoding: text, as: UTF8.self)
    }

    /// The bytes, or `nil` for text that is not canonical unpadded base64url: a byte outside
    /// the alphabet (padding included), a length that leaves one character over, or unused
    /// bits that are not zero.
    static func decode(_ text: Substring) -> [UInt8]? {
        let utf8 = text.utf8
        guard utf8.count % 4 != 1 else { return nil }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(utf8.count * 3 / 4)
        var accumulator: UInt32 = 0
        var bits = 0
        for character in utf8 {
            let value = values[Int(character)]
            guard value != 0xFF else { return nil }
            accumulator = accumulator << 6 | UInt32(value)
            bits += 6
            if bits >= 8 {
                bits -= 8
                bytes.append(UInt8(truncatingIfNeeded: accumulator >> UInt32(bits)))
            }
        }
        guard accumulator & ((1 << UInt32(bits)) - 1) == 0 else { return nil }
        return bytes
    }
}
