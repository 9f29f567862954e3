import ModelForm

/// Which texts an `<input>` of a type can hold as its `value` and keep the page valid: a
/// refused submission's raw text that does not fit is drawn in a text input instead.
enum HTMLInputValues {
    static func fits(_ text: String, kind: HTMLInputKind) -> Bool {
        if text.isEmpty { return true }
        let bytes = Array(text.utf8)
        func digits(_ range: Range<Int>) -> Bool {
            range.upperBound <= bytes.count && bytes[range].allSatisfy { $0 >= 0x30 && $0 <= 0x39 }
        }
        func date(at start: Int) -> Bool {
            digits(start..<start + 4) && bytes.count > start + 7 && bytes[start + 4] == 0x2D
                && digits(start + 5..<start + 7) && bytes[start + 7] == 0x2D && digits(start + 8..<start + 10)
        }
        func time(at start: Int) -> Bool {
            guard digits(start..<start + 2), bytes.count > start + 2, bytes[start + 2] == 0x3A,
                digits(start + 3..<start + 5)
            else { return false }
            let rest = bytes.count - (start + 5)
            return rest == 0 || (rest == 3 && bytes[start + 5] == 0x3A && digits(start + 6..<start + 8))
        }
        switch kind {
        case .number:
            guard let number = Double(text) else { return false }
            return number.isFinite
                && !text.contains(where: { $0 == "x" || $0 == "X" || $0 == "p" || $0 == "n" || $0 == "i" })
        case .date: return bytes.count == 10 && date(at: 0)
        case .time: return time(at: 0)
        case .dateTimeLocal:
            return bytes.count >= 16 && date(at: 0) && (bytes[10] == 0x54 || bytes[10] == 0x20) && time(at: 11)
        default: return true
        }
    }
}

/// The text controls the built-in cells draw: an `<input>` of a type, or a `<textarea>`.
enum HTMLInputKind: Equatable {
    case text, email, password, url, tel, number, date, time, dateTimeLocal, textarea

    /// The kind of `<input>` that fits a field type.
    init(_ type: FieldType) {
        switch type {
        case .email: self = .email
        case .password: self = .password
        case .url: self = .url
        case .phone: self = .tel
        case .integer, .unsigned, .float, .number: self = .number
        case .date: self = .date
        case .time: self = .time
        case .dateTime: self = .dateTimeLocal
        default: self = .text
        }
    }

    /// `true` for the inputs a `<datalist>` may offer values to.
    var takesSuggestions: Bool { self == .text || self == .email || self == .url || self == .tel }

    /// The `type` attribute (`textarea` for the element).
    var name: StaticString {
        switch self {
        case .text: "text"
        case .email: "email"
        case .password: "password"
        case .url: "url"
        case .tel: "tel"
        case .number: "number"
        case .date: "date"
        case .time: "time"
        case .dateTimeLocal: "datetime-local"
        case .textarea: "textarea"
        }
    }

    /// `<input type="…"` (attributes follow), in one literal: beside ``name`` (the test
    /// `anInputOpensWithItsType` holds them together), as it is worth 0.07 M of the 1,000-field
    /// render's 9.8 M instructions against `open` and a `type` attribute.
    var inputOpening: StaticString {
        switch self {
        case .text: "<input type=\"text\""
        case .email: "<input type=\"email\""
        case .password: "<input type=\"password\""
        case .url: "<input type=\"url\""
        case .tel: "<input type=\"tel\""
        case .number: "<input type=\"number\""
        case .date: "<input type=\"date\""
        case .time: "<input type=\"time\""
        case .dateTimeLocal: "<input type=\"datetime-local\""
        case .textarea: "<textarea"
        }
    }

    /// Controls a person types words into (spell checking applies).
    var isTyped: Bool {
        switch self {
        case .text, .textarea, .email, .url, .password, .tel: true
        default: false
        }
    }
}
