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

    /// The words of a key.
    package static func words(_ key: String) -> [String] {
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

    private static func capitalised(_ word: String) -> String {
        // `url`, and `Id` of `userId`: an acronym written as a word.
        if word.dropFirst().allSatisfy(\.isLowercase), acronyms.contains(word.lowercased()) { return word.uppercased() }
        guard let first = word.first, first.isLowercase else { return word }
        if word.count > 1, word.dropFirst().first?.isUppercase == true { return word }  // iPhone, eBay
        return first.uppercased() + word.dropFirst()
    }
}
