import ModelForm

/// A TOML values file edited, not regenerated: each changed value's bytes are replaced in
/// the way it was written (a literal string stays literal where the text allows it, a
/// multi-line string multi-line, a hexadecimal integer hexadecimal, a date a date), an
/// inline array or table on one line that gains or loses members is written again in its
/// place, a `[table]` gains and loses keys (``TOMLEdits``) and an array of tables
/// elements, and every other byte stays. Anything else gives `nil`: the caller writes the
/// file whole.
enum TOMLSplice {
    static func edit(_ original: String, values: FormValue) -> String? {
        guard let root = try? TOMLReader.parse(original, file: "original"), case .record = values else { return nil }
        var splice = TOMLEdits(bytes: Array(original.utf8))
        guard splice.collect(.table(root, range: nil), values, names: []) else { return nil }
        return ValuesSplice.apply(splice.allEdits, to: original)
    }

    /// Whether the file's scalar already says `value`.
    static func unchanged(_ text: String, kind: TOMLScalarKind, _ value: FormValue) -> Bool {
        switch value {
        case .null: return false
        case .date(let date):
            return (ISODate.parseDateTime(text) ?? ISODate.parseDate(text) ?? ISODate.parseTime(text)) == date
        case .string(let string) where kind == .localTime:
            return ISODate.parseTime(string) == ISODate.parseTime(text)
        case .string(let string): return kind.isString && string == text
        default:
            guard !kind.isString else { return false }
            if value.plainText == text { return true }
            guard value.isNumeric, let number = value.doubleValue else { return false }
            return Double(text) == number
        }
    }

    /// The new value written as the old one was, where it can be; `nil` for a value TOML
    /// cannot hold here.
    static func scalar(_ value: FormValue, replacing kind: TOMLScalarKind, old: ArraySlice<UInt8>, path: String)
        -> String?
    {
        switch (value, kind) {
        case (.string(let text), .literalString) where fitsLiteral(text, multiline: false):
            return "'" + text + "'"
        case (.string(let text), .multilineLiteralString) where fitsLiteral(text, multiline: true):
            return "'''" + lineBreak(after: old) + text + "'''"
        case (.string(let text), .multilineBasicString) where !text.contains("\r"):
            let written = TOMLWriter.string(text.contains("\n") ? text : text + "\n")
            guard written.hasPrefix("\"\"\"\n") else { return TOMLWriter.quoted(text) }
            let body = written.dropFirst(4).dropLast(3)
            return "\"\"\"" + lineBreak(after: old) + (text.contains("\n") ? body : body.dropLast()) + "\"\"\""
        case (.string(let text), .localTime):
            guard let date = ISODate.parseTime(text) else { return TOMLWriter.quoted(text) }
            let time = ISODate.formatDateTime(date)
            return String(time.dropFirst(11).prefix { $0 != "Z" })
        case (.int, .integer), (.uint, .integer):
            guard let number = value.intValue, number >= 0, old.count > 2, old.first == UInt8(ascii: "0") else {
                return try? TOMLWriter.inline(value, at: path)
            }
            let prefix = String(decoding: old.prefix(2), as: UTF8.self)
            let radix = ["0x": 16, "0o": 8, "0b": 2][prefix]
            return radix.map { prefix + String(number, radix: $0, uppercase: old.contains { (65...70).contains($0) }) }
                ?? String(number)
        case (.date(let date), .offsetDateTime):
            return ISODate.formatDateTime(date)
        case (.date(let date), .localDateTime):
            // Still local (read as UTC): without the offset.
            let text = ISODate.formatDateTime(date)
            return text.hasSuffix("Z") ? String(text.dropLast()) : text
        default:
            return try? TOMLWriter.inline(value, at: path)
        }
    }

    /// Whether text can be a literal string: no quote that would end it, no control
    /// character but a tab (and line ends in a multi-line one).
    private static func fitsLiteral(_ text: String, multiline: Bool) -> Bool {
        if multiline ? text.contains("'''") || text.hasSuffix("'") : text.contains("'") { return false }
        return !text.unicodeScalars.contains {
            ($0.value < 0x20 && $0 != "\t" && !(multiline && $0 == "\n")) || $0.value == 0x7F
        }
    }

    /// The line end right after a multi-line string's opening quotes, if it has one.
    private static func lineBreak(after old: ArraySlice<UInt8>) -> String {
        let rest = old.dropFirst(3)
        if rest.first == 0x0A { return "\n" }
        if rest.first == 0x0D { return "\r\n" }
        return ""
    }
}
