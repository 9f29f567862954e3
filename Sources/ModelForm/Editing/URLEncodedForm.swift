/// Reads an `application/x-www-form-urlencoded` body into names and values, and bracket
/// names (`address[street]`, `friends[0][name]`, `interests[]`) into paths.
public enum URLEncodedForm {
    /// The name/value pairs in order; `+` is a space and `%XX` is a byte of UTF-8.
    /// Malformed escapes are kept as written.
    public static func pairs(_ body: String) -> [(name: String, value: String)] {
        body.split(separator: "&", omittingEmptySubsequences: true).map { pair in
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            return (decode(parts[0]), parts.count > 1 ? decode(parts[1]) : "")
        }
    }

    /// Percent-decodes one component.
    public static func decode(_ text: Substring) -> String {
        var bytes: [UInt8] = []
        var iterator = Array(text.utf8)[...]
        while let byte = iterator.popFirst() {
            if byte == UInt8(ascii: "+") {
                bytes.append(UInt8(ascii: " "))
            } else if byte == UInt8(ascii: "%"), iterator.count >= 2,
                let value = UInt8(String(decoding: iterator.prefix(2), as: UTF8.self), radix: 16) {
                bytes.append(value)
                iterator = iterator.dropFirst(2)
            } else {
                bytes.append(byte)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Percent-encodes one component (everything but unreserved characters).
    public static func encode(_ text: String) -> String {
        var result = ""
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"):
                result.append(Character(UnicodeScalar(byte)))
            case UInt8(ascii: " "): result.append("+")
            default: result += "%" + (byte < 16 ? "0" : "") + String(byte, radix: 16, uppercase: true)
            }
        }
        return result
    }

    /// The path a bracket name stands for; `nil` for a malformed name. A trailing `[]` (a
    /// list marker) is dropped. Dotted names (`address.street`) are read too.
    public static func path(forName name: String) -> FormPath? {
        var text = name
        if text.hasSuffix("[]") { text.removeLast(2) }
        guard let open = text.firstIndex(of: "[") else { return try? FormPath(parsing: text) }
        var components: [FormPath.Component] = []
        guard let head = try? FormPath(parsing: String(text[..<open])) else { return nil }
        components = head.components
        var rest = text[open...]
        while !rest.isEmpty {
            guard rest.first == "[", let close = rest.firstIndex(of: "]") else { return nil }
            let segment = rest[rest.index(after: rest.startIndex)..<close]
            guard !segment.isEmpty else { return nil }
            if let index = Int(segment), index >= 0, segment.allSatisfy(\.isNumber) {
                components.append(.index(index))
            } else {
                components.append(.key(String(segment)))
            }
            rest = rest[rest.index(after: close)...]
        }
        return FormPath(components)
    }

    /// The bracket name of a path: `friends[0][name]`.
    public static func name(for path: FormPath) -> String {
        var name = ""
        for component in path.components {
            switch component {
            case .key(let key): name += name.isEmpty ? key : "[\(key)]"
            case .index(let index): name += "[\(index)]"
            }
        }
        return name
    }
}
