import Foundation

/// `format` checks for strings (RFC 3339 dates and times, RFC 5321 email addresses,
/// RFC 3986 URIs and references, hostnames, IP addresses, UUIDs, JSON pointers, regexes);
/// other formats are annotations only.
enum Formats {
    static func check(_ format: String) -> (@Sendable (String) -> Bool)? {
        switch format {
        case "date": return isDate
        case "time": return isTime
        case "date-time": return isDateTime
        case "email": return isEmail
        case "uri": return { isURI($0, requireScheme: true) }
        case "uri-reference": return { isURI($0, requireScheme: false) }
        case "hostname": return isHostname
        case "ipv4": return isIPv4
        case "ipv6": return isIPv6
        case "uuid": return isUUID
        case "json-pointer": return isJSONPointer
        case "regex": return { (try? NSRegularExpression(pattern: ECMARegex.translate($0))) != nil }
        default: return nil
        }
    }

    private static func digits(_ text: Substring, _ count: Int) -> Int? {
        guard text.count == count, text.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        return Int(text)
    }

    /// `YYYY-MM-DD`, a real day (29 February only in leap years).
    static func isDate(_ text: String) -> Bool {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, let year = digits(parts[0], 4), let month = digits(parts[1], 2),
            let day = digits(parts[2], 2), (1...12).contains(month)
        else { return false }
        let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
        let days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1]
        return (1...days).contains(day)
    }

    /// `HH:MM:SS[.frac](Z|±HH:MM)`; a leap second only at 23:59:60 UTC.
    static func isTime(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        guard bytes.count >= 9 else { return false }
        var offsetStart = bytes.count
        if bytes.last == UInt8(ascii: "Z") || bytes.last == UInt8(ascii: "z") {
            offsetStart = bytes.count - 1
        } else if bytes.count >= 14 {
            offsetStart = bytes.count - 6
            guard bytes[offsetStart] == UInt8(ascii: "+") || bytes[offsetStart] == UInt8(ascii: "-") else {
                return false
            }
        } else {
            return false
        }
        let clock = Substring(String(decoding: bytes[..<offsetStart], as: UTF8.self))
        let offset = String(decoding: bytes[offsetStart...], as: UTF8.self)
        var fields = clock.split(separator: ":", omittingEmptySubsequences: false)
        guard fields.count == 3, let hour = digits(fields[0], 2), let minute = digits(fields[1], 2) else {
            return false
        }
        if let dot = fields[2].firstIndex(of: ".") {
            let fraction = fields[2][fields[2].index(after: dot)...]
            guard !fraction.isEmpty, fraction.allSatisfy({ $0.isASCII && $0.isNumber }) else { return false }
            fields[2] = fields[2][..<dot]
        }
        guard let second = digits(fields[2], 2), hour <= 23, minute <= 59, second <= 60 else { return false }
        var offsetMinutes = 0
        if offset.count == 6 {
            let sign = offset.hasPrefix("-") ? -1 : 1
            let parts = offset.dropFirst().split(separator: ":", omittingEmptySubsequences: false)
            guard parts.count == 2, let h = digits(parts[0], 2), let m = digits(parts[1], 2), h <= 23, m <= 59 else {
                return false
            }
            offsetMinutes = sign * (h * 60 + m)
        }
        if second == 60 {
            let utc = ((hour * 60 + minute - offsetMinutes) % 1440 + 1440) % 1440
            return utc == 23 * 60 + 59
        }
        return true
    }

    static func isDateTime(_ text: String) -> Bool {
        guard let t = text.firstIndex(where: { $0 == "T" || $0 == "t" }) else { return false }
        return isDate(String(text[..<t])) && isTime(String(text[text.index(after: t)...]))
    }

    /// `local@domain`: a dot-atom or quoted local part; a hostname or an IP literal.
    static func isEmail(_ text: String) -> Bool {
        if let dotAtom = text.utf8.withContiguousStorageIfAvailable(dotAtomEmail), let dotAtom { return dotAtom }
        let quote = UInt8(ascii: "\"")
        guard let at = text.utf8.lastIndex(of: UInt8(ascii: "@")) else { return false }
        let local = text[..<at]
        let domain = text[text.utf8.index(after: at)...]
        guard !local.isEmpty, !domain.isEmpty else { return false }
        if local.utf8.first == quote, local.utf8.last == quote, local.utf8.count >= 2 {
            let inner = local.dropFirst().dropLast()
            var escaped = false
            for character in inner {
                if escaped {
                    escaped = false
                    continue
                }
                if character == "\\" {
                    escaped = true
                    continue
                }
                if character == "\"" || (character.asciiValue ?? 0) < 0x20 { return false }
            }
        } else if !isDotAtom(local.utf8) {
            return false
        }
        if domain.utf8.first == UInt8(ascii: "["), domain.utf8.last == UInt8(ascii: "]") {
            let literal = domain.dropFirst().dropLast()
            if literal.lowercased().hasPrefix("ipv6:") { return isIPv6(String(literal.dropFirst(5))) }
            return isIPv4(String(literal))
        }
        return isHostname(domain.utf8)
    }

    /// The common address, a dot-atom `@` a hostname, read from its bytes; `nil` when its
    /// local part is quoted or its domain an address literal (for ``isEmail(_:)`` to read).
    private static func dotAtomEmail(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool? {
        guard let at = bytes.lastIndex(of: UInt8(ascii: "@")) else { return false }
        let local = bytes[..<at]
        let domain = bytes[(at + 1)...]
        guard !local.isEmpty, !domain.isEmpty else { return false }
        guard local.first != UInt8(ascii: "\""), domain.first != UInt8(ascii: "[") else { return nil }
        return isDotAtom(local) && isHostname(domain)
    }

    /// Atoms of `atext` between single dots, read by bytes (a set of characters built on
    /// every call was most of a validation of an email).
    private static func isDotAtom(_ bytes: some Collection<UInt8>) -> Bool {
        var previous = UInt8(ascii: ".")
        for byte in bytes {
            if byte == UInt8(ascii: ".") {
                if previous == byte { return false }
            } else if byte >= 0x80 || !atext[Int(byte)] {
                return false
            }
            previous = byte
        }
        return previous != UInt8(ascii: ".")
    }

    /// The ASCII bytes a dot-atom's atoms may hold (RFC 5322 `atext`), by byte.
    private static let atext: [Bool] = (0..<128).map { byte in
        isAlphanumeric(UInt8(byte)) || "!#$%&'*+-/=?^_`{|}~".utf8.contains(UInt8(byte))
    }

    private static func isAlphanumeric(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
            || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }

    static func isHostname(_ text: String) -> Bool { isHostname(text[...].utf8) }

    /// Labels of 1 to 63 letters, digits and inner hyphens, between single dots; 253 bytes
    /// at most, with one more dot allowed at the end. Read in one pass over the bytes.
    static func isHostname<Bytes: BidirectionalCollection<UInt8>>(_ bytes: Bytes) -> Bool
    where Bytes.SubSequence == Bytes {
        let dot = UInt8(ascii: ".")
        let hyphen = UInt8(ascii: "-")
        var name = bytes
        if name.last == dot { name = name.dropLast() }
        guard !name.isEmpty, name.count <= 253 else { return false }
        var labelLength = 0
        var previous = dot
        for byte in name {
            if byte == dot {
                guard labelLength > 0, previous != hyphen else { return false }
                labelLength = 0
            } else {
                guard isAlphanumeric(byte) || byte == hyphen, labelLength > 0 || byte != hyphen, labelLength < 63
                else { return false }
                labelLength += 1
            }
            previous = byte
        }
        return labelLength > 0 && previous != hyphen
    }

    static func isIPv4(_ text: String) -> Bool {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count == 4
            && parts.allSatisfy { part in
                !part.isEmpty && part.count <= 3 && part.allSatisfy { $0.isASCII && $0.isNumber }
                    && (part.count == 1 || !part.hasPrefix("0")) && (Int(part) ?? 256) <= 255
            }
    }

    static func isIPv6(_ text: String) -> Bool {
        guard !text.isEmpty, text.allSatisfy({ $0.isASCII && ($0.isHexDigit || $0 == ":" || $0 == ".") }) else {
            return false
        }
        var body = Substring(text)
        var groupsNeeded = 8
        if let last = body.lastIndex(of: ":"), body[body.index(after: last)...].contains(".") {
            guard isIPv4(String(body[body.index(after: last)...])) else { return false }
            body = body[...last]
            if body.hasSuffix(":"), !body.hasSuffix("::") { body = body.dropLast() }
            groupsNeeded = 6
        }
        let halves = body.components(separatedBy: "::")
        guard halves.count <= 2 else { return false }
        func groups(_ part: String) -> [Substring]? {
            if part.isEmpty { return [] }
            let items = part.split(separator: ":", omittingEmptySubsequences: false)
            return items.allSatisfy { !$0.isEmpty && $0.count <= 4 } ? items : nil
        }
        guard let first = groups(halves[0]) else { return false }
        if halves.count == 2 {
            guard let second = groups(halves[1]) else { return false }
            return first.count + second.count < groupsNeeded
        }
        return first.count == groupsNeeded
    }

    static func isUUID(_ text: String) -> Bool {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        return parts.map(\.count) == [8, 4, 4, 4, 12]
            && parts.allSatisfy { $0.allSatisfy { $0.isASCII && $0.isHexDigit } }
    }

    static func isJSONPointer(_ text: String) -> Bool {
        guard text.isEmpty || text.hasPrefix("/") else { return false }
        var tilde = false
        for character in text {
            if tilde {
                guard character == "0" || character == "1" else { return false }
                tilde = false
            } else if character == "~" {
                tilde = true
            }
        }
        return !tilde
    }

    /// RFC 3986: `scheme:[//authority]path[?query][#fragment]` with only allowed characters
    /// and well-formed percent escapes; a reference may leave out the scheme.
    static func isURI(_ text: String, requireScheme: Bool) -> Bool {
        let unreserved = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~")
        let subDelims = Set("!$&'()*+,;=")
        func valid(_ part: Substring, extra: Set<Character>) -> Bool {
            var index = part.startIndex
            while index < part.endIndex {
                let character = part[index]
                if character == "%" {
                    let first = part.index(after: index)
                    guard first < part.endIndex, part[first].isHexDigit, part.index(after: first) < part.endIndex,
                        part[part.index(after: first)].isHexDigit
                    else { return false }
                    index = part.index(first, offsetBy: 2)
                    continue
                }
                guard unreserved.contains(character) || subDelims.contains(character) || extra.contains(character)
                else { return false }
                index = part.index(after: index)
            }
            return true
        }
        var rest = Substring(text)
        if let colon = rest.firstIndex(of: ":"), let first = rest.first, first.isASCII, first.isLetter,
            rest[..<colon].allSatisfy({
                $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "+" || $0 == "-" || $0 == ".")
            })
        {
            rest = rest[rest.index(after: colon)...]
        } else if requireScheme {
            return false
        }
        if let hash = rest.firstIndex(of: "#") {
            guard valid(rest[rest.index(after: hash)...], extra: [":", "@", "/", "?"]) else { return false }
            rest = rest[..<hash]
        }
        if let question = rest.firstIndex(of: "?") {
            guard valid(rest[rest.index(after: question)...], extra: [":", "@", "/", "?"]) else { return false }
            rest = rest[..<question]
        }
        if rest.hasPrefix("//") {
            let afterSlashes = rest.dropFirst(2)
            let end = afterSlashes.firstIndex(of: "/") ?? afterSlashes.endIndex
            var authority = afterSlashes[..<end]
            rest = afterSlashes[end...]
            if let at = authority.lastIndex(of: "@") {
                guard valid(authority[..<at], extra: [":"]) else { return false }
                authority = authority[authority.index(after: at)...]
            }
            if authority.hasPrefix("[") {
                guard let close = authority.firstIndex(of: "]") else { return false }
                let literal = authority[authority.index(after: authority.startIndex)..<close]
                guard isIPv6(String(literal)) || literal.lowercased().hasPrefix("v") else { return false }
                authority = authority[authority.index(after: close)...]
                if !authority.isEmpty {
                    guard authority.hasPrefix(":"), authority.dropFirst().allSatisfy({ $0.isASCII && $0.isNumber })
                    else { return false }
                }
            } else {
                if let colon = authority.lastIndex(of: ":") {
                    guard authority[authority.index(after: colon)...].allSatisfy({ $0.isASCII && $0.isNumber }) else {
                        return false
                    }
                    authority = authority[..<colon]
                }
                guard valid(authority, extra: []) else { return false }
            }
        }
        return valid(rest, extra: [":", "@", "/"])
    }
}
