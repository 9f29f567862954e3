extension FieldInference {
    /// Input traits for a field type.
    ///
    /// | field type | keyboard | secure | capitalisation | autocorrect | content hint |
    /// |---|---|---|---|---|---|
    /// | `text` | default | no | sentences; words for keys ending in "name" | yes; no for names | `name`, `given-name`, `family-name`, `username`, `organization` by key |
    /// | `longtext` | default | no | sentences | yes | |
    /// | `email` | email | no | none | no | `email` |
    /// | `password` | default | yes | none | no | `new-password` when the form also has a repeat/confirm/new password field, else `current-password` |
    /// | `url` | url | no | none | no | `url` |
    /// | `phone` | phone | no | none | no | `tel` |
    /// | `integer` | numbers and punctuation | no | none | no | |
    /// | `unsigned` | number pad | no | none | no | |
    /// | `float`, `number` | decimal pad | no | none | no | |
    /// | anything else | (none: not typed into) | | | | |
    package func traits(for type: FieldType, key: String, passwordIsNew: Bool) -> InputTraits {
        let plain = InputTraits(autocapitalization: .none, autocorrection: false)
        switch type {
        case .text: return textTraits(key: key)
        case .longText: return InputTraits()
        case .email:
            return with(plain) {
                $0.keyboard = .email
                $0.contentHint = "email"
            }
        case .password:
            return with(plain) {
                $0.secureEntry = true
                $0.contentHint = passwordIsNew ? "new-password" : "current-password"
            }
        case .url:
            return with(plain) {
                $0.keyboard = .url
                $0.contentHint = "url"
            }
        case .phone:
            return with(plain) {
                $0.keyboard = .phone
                $0.contentHint = "tel"
            }
        case .integer: return with(plain) { $0.keyboard = .numbersAndPunctuation }
        case .unsigned: return with(plain) { $0.keyboard = .numberPad }
        case .float, .number: return with(plain) { $0.keyboard = .decimalPad }
        default: return .none
        }
    }

    private static let hints: [(suffixes: [String], hint: String)] = [
        (["username", "login"], "username"),
        (["firstname", "givenname"], "given-name"),
        (["lastname", "familyname", "surname"], "family-name"),
        (["fullname"], "name"),
        (["company", "organization", "organisation"], "organization"),
    ]

    private func textTraits(key: String) -> InputTraits {
        let lower = MatchKey(key)
        var traits = InputTraits()
        if let match = Self.hints.first(where: { $0.suffixes.contains(where: lower.hasSuffix) }) {
            traits.contentHint = match.hint
        } else if lower.is("name") {
            traits.contentHint = "name"
        }
        if traits.contentHint == "username" {
            traits.autocapitalization = .none
            traits.autocorrection = false
        } else if lower.hasSuffix("name") {
            traits.autocapitalization = .words
            traits.autocorrection = false
        }
        return traits
    }

    /// `true` when a password in this entity is a new one: some password-typed key says
    /// repeat, confirm, verify or new.
    func hasNewPassword(_ entity: EntityDescription) -> Bool {
        entity.properties.contains { property in
            fieldType(for: property.valueType, key: property.key) == .password
                && ["repeat", "confirm", "verify", "new"].contains(where: property.key.lowercased().contains)
        }
    }

    private func with(_ traits: InputTraits, _ change: (inout InputTraits) -> Void) -> InputTraits {
        var traits = traits
        change(&traits)
        return traits
    }
}
