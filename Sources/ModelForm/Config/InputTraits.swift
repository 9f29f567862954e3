/// How a text input should behave: data for renderers to map (HTML `inputmode`,
/// `autocomplete`, `autocapitalize`, `spellcheck`; a terminal prompt's masking).
///
/// A one-time code typed on a number pad, masked:
///
/// ```swift
/// var pin = Field(key: "pin", type: .password)
/// pin.traits = InputTraits(keyboard: .numberPad, secureEntry: true, contentHint: "one-time-code")
/// pin.traits.autocapitalization = InputTraits.Autocapitalization.none
/// pin.traits.autocorrection = false
/// let keyboard: InputTraits.Keyboard = pin.traits.keyboard  // HTML: inputmode="numeric"
/// let untyped = InputTraits.none  // switches, pickers, subforms
/// ```
public struct InputTraits: Hashable, Sendable {
    /// The kind of keyboard a touch device should show.
    public enum Keyboard: String, Hashable, Sendable, CaseIterable {
        /// Ordinary text.
        case `default`
        /// Email address.
        case email
        /// URL.
        case url
        /// Phone pad.
        case phone
        /// Digits only (unsigned integers).
        case numberPad
        /// Digits and a decimal separator.
        case decimalPad
        /// Digits and punctuation (signed integers).
        case numbersAndPunctuation
    }

    /// Automatic capitalisation of typed text.
    public enum Autocapitalization: String, Hashable, Sendable, CaseIterable {
        /// None.
        case none
        /// The first letter of each word.
        case words
        /// The first letter of each sentence.
        case sentences
        /// Every letter.
        case allCharacters
    }

    /// The keyboard kind.
    public var keyboard: Keyboard
    /// Whether typed characters are masked.
    public var secureEntry: Bool
    /// Automatic capitalisation.
    public var autocapitalization: Autocapitalization
    /// Whether autocorrection / spell checking is on.
    public var autocorrection: Bool
    /// What the content is, as an HTML `autocomplete` token (`email`, `new-password`,
    /// `current-password`, `tel`, `url`, `name`, `username`), when known.
    public var contentHint: String?

    /// Input traits; the defaults are those of plain text.
    ///
    /// - Parameters:
    ///   - keyboard: The kind of keyboard.
    ///   - secureEntry: Whether the text is hidden as it is typed.
    ///   - autocapitalization: What is capitalised as it is typed.
    ///   - autocorrection: Whether autocorrection and spell checking are on.
    ///   - contentHint: An HTML `autocomplete` token (`email`, `new-password`...).
    public init(
        keyboard: Keyboard = .default, secureEntry: Bool = false, autocapitalization: Autocapitalization = .sentences,
        autocorrection: Bool = true, contentHint: String? = nil
    ) {
        self.keyboard = keyboard
        self.secureEntry = secureEntry
        self.autocapitalization = autocapitalization
        self.autocorrection = autocorrection
        self.contentHint = contentHint
    }

    /// No traits: for fields that are not typed into (switches, pickers, subforms).
    public static let none = InputTraits(autocapitalization: .none, autocorrection: false)
}
