/// File names for exported documents: readable, bounded and distinct.
///
/// A document is named `Type-key-0-key` when that spelling is unambiguous: the type and
/// every key are letters, digits and `_` only (not all digits), the name is at most
/// ``readableLimit`` bytes and it is not `index`. Any other document gets a shortened,
/// cleaned stem, `--` (which readable names never contain) and a 64-bit hash of its exact
/// type and path: `Sch-ma--3f2a9c0b1d4e5f60.html`. So two documents never share a file, no
/// name starts with a dot, and every name fits in 255 bytes.
enum ExportFileNames {
    /// The longest readable stem, in bytes.
    static let readableLimit = 100

    static func stem(_ typeName: String, _ path: FormPath) -> String {
        var parts = [typeName]
        var lossless = isPlainName(typeName)
        for component in path.components {
            switch component {
            case .key(let key):
                parts.append(key)
                lossless = lossless && isPlainName(key) && !key.utf8.allSatisfy(isDigit)
            case .index(let index): parts.append(String(index))
            }
        }
        let readable = parts.joined(separator: "-")
        if lossless, readable.utf8.count <= readableLimit, readable.lowercased() != "index" { return readable }
        var cleaned = String(
            String.UnicodeScalarView(
                readable.unicodeScalars.filter { $0.isASCII && (isPlain($0) || $0 == "-") }.prefix(readableLimit)))
        while cleaned.hasSuffix("-") { cleaned.removeLast() }
        while cleaned.hasPrefix("-") { cleaned.removeFirst() }
        return (cleaned.isEmpty ? "document" : cleaned) + "--" + hash(typeName, path)
    }

    private static func isPlainName(_ text: String) -> Bool {
        !text.isEmpty && text.unicodeScalars.allSatisfy { $0.isASCII && isPlain($0) }
    }

    private static func isPlain(_ scalar: Unicode.Scalar) -> Bool {
        (scalar >= "a" && scalar <= "z") || (scalar >= "A" && scalar <= "Z") || (scalar >= "0" && scalar <= "9")
            || scalar == "_"
    }

    private static func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }

    /// FNV-1a (64-bit) of an unambiguous spelling of the type and path, in hex.
    static func hash(_ typeName: String, _ path: FormPath) -> String {
        var spelling = "t\(typeName.utf8.count):\(typeName)"
        for component in path.components {
            switch component {
            case .key(let key): spelling += "k\(key.utf8.count):\(key)"
            case .index(let index): spelling += "i\(index);"
            }
        }
        var value: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in spelling.utf8 {
            value ^= UInt64(byte)
            value = value &* 0x0000_0100_0000_01B3
        }
        let hex = String(value, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }
}
