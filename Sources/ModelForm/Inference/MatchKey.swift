/// A key as name rules match it: lower case, without `_` and `-` (so `email_address` matches
/// the suffix `emailaddress`).
///
/// An ASCII key (most keys) is lowered and compared byte by byte; any other by its
/// characters, as `String` compares them. A hundred thousand keys' Unicode lookups per
/// character were a third of a large type's inference.
struct MatchKey {
    /// The lowered ASCII key's bytes; `nil` for a key that is not ASCII.
    private let bytes: [UInt8]?
    /// The lowered key that is not ASCII (empty for an ASCII one).
    private let text: String

    init(_ key: String) {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(key.utf8.count)
        for byte in key.utf8 {
            guard byte < 0x80 else {
                self.bytes = nil
                text = String(key.lowercased().unicodeScalars.filter { $0 != "_" && $0 != "-" })
                return
            }
            if byte == UInt8(ascii: "_") || byte == UInt8(ascii: "-") { continue }
            bytes.append(byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte + 32 : byte)
        }
        self.bytes = bytes
        text = ""
    }

    /// The key, lower case, without `_` and `-`.
    var lowered: String { bytes.map { String(decoding: $0, as: UTF8.self) } ?? text }

    /// Whether the key ends with `suffix` (given in lower case), as `String.hasSuffix` decides.
    func hasSuffix(_ suffix: String) -> Bool {
        guard let bytes else { return text.hasSuffix(suffix) }
        var suffix = suffix
        return suffix.withUTF8 { tail in
            // An ASCII key cannot end with a suffix that is not ASCII (lowered, no such
            // suffix is canonically equivalent to ASCII), but `String` is the reference.
            guard tail.allSatisfy({ $0 < 0x80 }) else {
                return String(decoding: bytes, as: UTF8.self).hasSuffix(String(decoding: tail, as: UTF8.self))
            }
            guard bytes.count >= tail.count else { return false }
            let start = bytes.count - tail.count
            for index in tail.indices where bytes[start + index] != tail[index] { return false }
            return true
        }
    }

    /// Whether the key is `word` (given in lower case).
    func `is`(_ word: String) -> Bool {
        guard let bytes, word.utf8.allSatisfy({ $0 < 0x80 }) else { return lowered == word }
        return bytes.elementsEqual(word.utf8)
    }
}
