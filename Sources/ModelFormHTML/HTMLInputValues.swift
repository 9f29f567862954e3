/// Which texts an `<input>` of a type can hold as its `value` and keep the page valid: a
/// refused submission's raw text that does not fit is drawn in a text input instead.
enum HTMLInputValues {
    static func fits(_ text: String, inputType: String) -> Bool {
        if text.isEmpty { return true }
        let bytes = Array(text.utf8)
        func digits(_ range: Range<Int>) -> Bool { range.upperBound <= bytes.count && bytes[range].allSatisfy { $0 >= 0x30 && $0 <= 0x39 } }
        func date(at start: Int) -> Bool { digits(start..<start + 4) && bytes.count > start + 7 && bytes[start + 4] == 0x2D && digits(start + 5..<start + 7) && bytes[start + 7] == 0x2D && digits(start + 8..<start + 10) }
        func time(at start: Int) -> Bool {
            guard digits(start..<start + 2), bytes.count > start + 2, bytes[start + 2] == 0x3A, digits(start + 3..<start + 5) else { return false }
            let rest = bytes.count - (start + 5)
            return rest == 0 || (rest == 3 && bytes[start + 5] == 0x3A && digits(start + 6..<start + 8))
        }
        switch inputType {
        case "number":
            guard let number = Double(text) else { return false }
            return number.isFinite && !text.contains(where: { $0 == "x" || $0 == "X" || $0 == "p" || $0 == "n" || $0 == "i" })
        case "date": return bytes.count == 10 && date(at: 0)
        case "time": return time(at: 0)
        case "datetime-local": return bytes.count >= 16 && date(at: 0) && (bytes[10] == 0x54 || bytes[10] == 0x20) && time(at: 11)
        default: return true
        }
    }
}
