/// Titles from keys: `dateOfBirth` -> "Date Of Birth".
///
/// | key | title | rule |
/// |---|---|---|
/// | `rememberMe` | Remember Me | a capital after a lower-case letter starts a word |
/// | `dateOfBirth` | Date Of Birth | every word is capitalised, short ones too (as FXForms) |
/// | `homeURL` | Home URL | a run of capitals is an acronym and stays one word |
/// | `profilePhotoURL` | Profile Photo URL | |
/// | `URLString` | URL String | an acronym ends before its last capital when a lower-case letter follows: that capital starts the next word |
/// | `iPhoneModel` | iPhone Model | a single lower-case letter before a capital is a prefix (iPhone, eBay, iOS), kept joined and as written; FXForms gives "I Phone Model" |
/// | `first_name` | First Name | `_`, `-` and spaces separate words |
/// | `address2` | Address 2 | digits are a word of their own |
/// | `url`, `userId`, `api_key` | URL, User ID, API Key | a word in lower case (after its first letter) that is a common acronym (``acronyms``) is written in capitals |
package enum TitleInference {
    /// Words written in capitals in a title when a key spells them in lower case (`url`,
    /// `userId`): the acronyms of data people type into forms.
    package static let acronyms: Set<String> = [
        "api", "css", "dns", "html", "http", "https", "iban", "id", "ip", "isbn", "json", "pdf", "sku", "sql", "ssh",
        "tls", "uri", "url", "uuid", "vat", "xml", "yaml",
    ]

    /// The title for a property key.
    package static func title(forKey key: String) -> String {
        words(key).map(capitalised).joined(separator: " ")
    }

    /// The title for an enum case (`notSpecified` -> "Not Specified"); text with spaces,
    /// such as a custom `description`, is kept as written, and so is a value with a `.`,
    /// `/`, `:` or `@` in it: a version, host, path, URL or MIME type
    /// (`backstage.io/v1alpha1`, `1.2`, `text/html`), which words would garble.
    package static func title(forCase name: String) -> String {
        name.contains { $0 == " " || $0 == "." || $0 == "/" || $0 == ":" || $0 == "@" } ? name : title(forKey: name)
    }

    /// The words of a key: an ASCII key's by its bytes (most keys; a hundred thousand keys'
    /// Unicode lookups per character were most of a large type's load), any other's by its
    /// characters, by the same rules.
    package static func words(_ key: String) -> [String] {
        key.utf8.allSatisfy { $0 < 0x80 } ? joinPrefixes(asciiWords(Array(key.utf8))) : characterWords(key)
    }

    /// The words of an ASCII key, cut where ``characterWords(_:)`` cuts them.
    private static func asciiWords(_ bytes: [UInt8]) -> [String] {
        var words: [String] = []
        var start = 0
        for (index, byte) in bytes.enumerated() {
            if byte == UInt8(ascii: "_") || byte == UInt8(ascii: "-") || byte == UInt8(ascii: " ")
                || byte == UInt8(ascii: ".")
            {
                if index > start { words.append(String(decoding: bytes[start..<index], as: UTF8.self)) }
                start = index + 1
                continue
            }
            guard index > start else { continue }
            let previous = bytes[index - 1]
            let next = index + 1 < bytes.count ? bytes[index + 1] : 0
            let previousIsLetter = isLower(previous) || isUpper(previous)
            let isLetter = isLower(byte) || isUpper(byte)
            if (isLower(previous) && isUpper(byte)) || (previousIsLetter && isDigit(byte))
                || (isDigit(previous) && isLetter) || (isUpper(previous) && isUpper(byte) && isLower(next))
            {
                words.append(String(decoding: bytes[start..<index], as: UTF8.self))
                start = index
            }
        }
        if start < bytes.count { words.append(String(decoding: bytes[start...], as: UTF8.self)) }
        return words
    }

    /// The words of a key, character by character.
    package static func characterWords(_ key: String) -> [String] {
        var words: [String] = []
        var current = ""
        let characters = Array(key)
        for (index, character) in characters.enumerated() {
            if character == "_" || character == "-" || character == " " || character == "." {
                if !current.isEmpty { words.append(current) }
                current = ""
                continue
            }
            if let previous = current.last,
                startsWord(character, after: previous, next: index + 1 < characters.count ? characters[index + 1] : nil)
            {
                words.append(current)
                current = ""
            }
            current.append(character)
        }
        if !current.isEmpty { words.append(current) }
        return joinPrefixes(words)
    }

    private static func startsWord(_ character: Character, after previous: Character, next: Character?) -> Bool {
        if previous.isLowercase && character.isUppercase { return true }
        if previous.isLetter && character.isNumber { return true }
        if previous.isNumber && character.isLetter { return true }
        if previous.isUppercase && character.isUppercase, let next, next.isLowercase { return true }
        return false
    }

    /// `i` + `Phone` -> `iPhone`.
    private static func joinPrefixes(_ words: [String]) -> [String] {
        guard words.count >= 2, words[0].count == 1, words[0].first?.isLowercase == true,
            words[1].first?.isUppercase == true
        else {
            return words
        }
        return [words[0] + words[1]] + words.dropFirst(2)
    }

    /// A word of a title as written: an ASCII word (most) by its bytes, any other by its
    /// characters, by the same rules.
    package static func capitalised(_ word: String) -> String {
        word.utf8.allSatisfy { $0 < 0x80 } ? asciiCapitalised(word) : characterCapitalised(word)
    }

    /// A word of a title as written, character by character.
    package static func characterCapitalised(_ word: String) -> String {
        // `url`, and `Id` of `userId`: an acronym written as a word.
        if word.dropFirst().allSatisfy(\.isLowercase), acronyms.contains(word.lowercased()) { return word.uppercased() }
        guard let first = word.first, first.isLowercase else { return word }
        if word.count > 1, word.dropFirst().first?.isUppercase == true { return word }  // iPhone, eBay
        return first.uppercased() + word.dropFirst()
    }

    /// ``capitalised(_:)`` of an ASCII word, by its bytes: the same rules, where a lower-case
    /// letter is `a` to `z` and a capital `A` to `Z`.
    private static func asciiCapitalised(_ word: String) -> String {
        enum Change { case none, acronym, first }
        var word = word
        let change = word.withUTF8 { bytes -> Change in
            guard let first = bytes.first else { return .none }
            // `url`, and `Id` of `userId`: an acronym written as a word. A capital lowered is
            // `byte | 0x20`; no other byte lowers so into `a` to `z`.
            if bytes.dropFirst().allSatisfy(isLower),
                asciiAcronyms.contains(where: {
                    $0.count == bytes.count && zip($0, bytes).allSatisfy { $0 == $1 | 0x20 }
                })
            {
                return .acronym
            }
            guard isLower(first) else { return .none }
            if bytes.count > 1, isUpper(bytes[1]) { return .none }  // iPhone, eBay
            return .first
        }
        switch change {
        case .none: return word
        case .acronym: return word.uppercased()
        case .first:
            return word.withUTF8 { bytes in
                String(unsafeUninitializedCapacity: bytes.count) { out in
                    _ = out.initialize(from: bytes)
                    out[0] = bytes[0] - 32
                    return bytes.count
                }
            }
        }
    }

    /// ``acronyms`` as bytes, for ``asciiCapitalised(_:)``.
    private static let asciiAcronyms: [[UInt8]] = acronyms.map { Array($0.utf8) }

    /// `a` to `z`: a lower-case letter of an ASCII key.
    private static func isLower(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z") }
    /// `A` to `Z`: a capital of an ASCII key.
    private static func isUpper(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") }
    /// `0` to `9`.
    private static func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }
}
