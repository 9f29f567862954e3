/// Reads an `application/x-www-form-urlencoded` body into names and values, and bracket
/// names (`address[street]`, `friends[0][name]`, `interests[]`) into paths.
package enum URLEncodedForm {
    /// The name/value pairs in order; `+` is a space and `%XX` is a byte of UTF-8.
    /// Malformed escapes are kept as written.
    package static func pairs(_ body: String) -> [(name: String, value: String)] {
        var body = body
        return body.withUTF8 { bytes in
            var result: [(name: String, value: String)] = []
            var start = 0
            while start <= bytes.count {
                var end = start
                while end < bytes.count, bytes[end] != UInt8(ascii: "&") { end += 1 }
                if end > start {
                    var equals = start
                    while equals < end, bytes[equals] != UInt8(ascii: "=") { equals += 1 }
                    let name = decode(UnsafeBufferPointer(rebasing: bytes[start..<equals]))
                    let value = equals < end ? decode(UnsafeBufferPointer(rebasing: bytes[(equals + 1)..<end])) : ""
                    result.append((name, value))
                }
                start = end + 1
            }
            return result
        }
    }

    /// Percent-decodes one component.
    package static func decode(_ text: Substring) -> String {
        var text = String(text)
        return text.withUTF8 { decode($0) }
    }

    private static func decode(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        guard bytes.contains(where: { $0 == UInt8(ascii: "%") || $0 == UInt8(ascii: "+") }) else {
            return String(decoding: bytes, as: UTF8.self)
        }
        var decoded: [UInt8] = []
        decoded.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "+") {
                decoded.append(UInt8(ascii: " "))
            } else if byte == UInt8(ascii: "%"), let high = hexValue(bytes, index + 1),
                let low = hexValue(bytes, index + 2)
            {
                decoded.append(high << 4 | low)
                index += 2
            } else {
                decoded.append(byte)
            }
            index += 1
        }
        return String(decoding: decoded, as: UTF8.self)
    }

    private static func hexValue(_ bytes: UnsafeBufferPointer<UInt8>, _ index: Int) -> UInt8? {
        guard index < bytes.count else { return nil }
        switch bytes[index] {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return bytes[index] - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return bytes[index] - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return bytes[index] - UInt8(ascii: "A") + 10
        default: return nil
        }
    }

    /// Percent-encodes one component (everything but unreserved characters; a space is `+`).
    /// Text with nothing to encode (most names and paths) is returned as it is.
    package static func encode(_ text: String) -> String {
        percentEncoded(text, keeping: isUnreserved, spaceAsPlus: true)
    }

    /// `text` with every byte `keeping` refuses written `%XX` (uppercase), a space as `+`
    /// when `spaceAsPlus`. Text with nothing to encode is returned as it is.
    package static func percentEncoded(_ text: String, keeping: (UInt8) -> Bool, spaceAsPlus: Bool) -> String {
        if text.utf8.allSatisfy(keeping) { return text }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count * 3)
        for byte in text.utf8 {
            if keeping(byte) {
                bytes.append(byte)
            } else if spaceAsPlus, byte == UInt8(ascii: " ") {
                bytes.append(UInt8(ascii: "+"))
            } else {
                bytes += [UInt8(ascii: "%"), upperHexDigits[Int(byte >> 4)], upperHexDigits[Int(byte & 0xF)]]
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Letters, digits, `-`, `.`, `_` and `~`: written as they are.
    private static func isUnreserved(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
            UInt8(ascii: "~"):
            true
        default: false
        }
    }

    private static let upperHexDigits = Array("0123456789ABCDEF".utf8)

    /// The path a bracket name stands for; `nil` for a malformed name. A trailing `[]` (a
    /// list marker) is dropped. A bracket holds a position (`[0]`), a key (`[name]`) or a
    /// quoted key (`["build:prod"]`, see ``FormPath/init(parsing:)``); dotted names
    /// (`address.street`) are read too.
    package static func path(forName name: String) -> FormPath? {
        if !name.isEmpty,
            !name.utf8.contains(where: {
                $0 == UInt8(ascii: "[") || $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "]")
                    || $0 == UInt8(ascii: "\"")
            })
        {
            return FormPath([.key(name)])
        }
        var text = name
        if text.hasSuffix("[]") { text.removeLast(2) }
        var reader = PathTextReader(text, bracketKeys: true)
        guard let components = try? reader.components(), !components.isEmpty else { return nil }
        return FormPath(components)
    }

    /// Whether a name has more components than ``InputLimits/nameDepth`` (which
    /// ``path(forName:)`` refuses): more `[` and `.` than the limit allows.
    package static func isTooDeep(_ name: String) -> Bool {
        var separators = 0
        for byte in name.utf8 where byte == UInt8(ascii: "[") || byte == UInt8(ascii: ".") { separators += 1 }
        return separators >= InputLimits.nameDepth
    }

    /// The bracket name of a path: `friends[0][name]`; a key that is not a plain name
    /// quoted (`scripts["build:prod"]`), so that every key reads back as itself.
    package static func name(for path: FormPath) -> String {
        let components = path.components
        // A top-level field's name is its key (most controls of a form): 0.07 M of a 1,000-field
        // render's 12.7 M instructions, against the loop below.
        if components.count == 1, case .key(let key) = components[0], FormPath.isPlainName(key) { return key }
        var name = ""
        for component in components {
            switch component {
            case .key(let key) where FormPath.isPlainName(key):
                if name.isEmpty {
                    name = key
                } else {
                    name.append("[")
                    name.append(key)
                    name.append("]")
                }
            case .key(let key): name += "[" + FormPath.quoted(key) + "]"
            case .index(let index):
                name.append("[")
                name.append(String(index))
                name.append("]")
            }
        }
        return name
    }
}
