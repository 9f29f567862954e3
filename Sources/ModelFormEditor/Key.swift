/// A key the terminal editor understands, decoded from the bytes a terminal sends.
public enum Key: Hashable, Sendable {
    case up, down, left, right, home, end, pageUp, pageDown
    case tab, shiftTab, enter, escape, space, backspace, delete
    /// A control key: `.control("a")` for Ctrl-A.
    case control(Character)
    /// A printable character (a whole grapheme: `é`, `日`, `👩‍👩‍👧`).
    case character(Character)
}

/// Turns terminal input bytes into keys: ANSI/xterm escape sequences for arrows, Home/End,
/// PgUp/PgDn, Delete and Shift-Tab; C0 controls; UTF-8 text as characters. A lone ESC
/// (nothing after it in the same read) is Escape; an unknown sequence is dropped whole.
public struct KeyDecoder: Sendable {
    public init() {}

    /// The keys in one read's bytes.
    public func keys(_ bytes: [UInt8]) -> [Key] {
        var keys: [Key] = []
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case 0x1B:
                let (key, length) = escape(bytes, at: index)
                if let key { keys.append(key) }
                index += length
                continue
            case 0x0D, 0x0A: keys.append(.enter)
            case 0x09: keys.append(.tab)
            case 0x7F, 0x08: keys.append(.backspace)
            case 0x20: keys.append(.space)
            case 0x01...0x1A: keys.append(.control(Character(Unicode.Scalar(byte + 0x60))))
            case 0x00..<0x20: break
            default:
                let length = Self.utf8Length(byte)
                let end = min(bytes.count, index + length)
                let text = String(decoding: bytes[index..<end], as: UTF8.self)
                // Combining marks that follow belong to the same character.
                var combined = text
                var next = end
                while next < bytes.count, bytes[next] >= 0x80 {
                    let more = min(bytes.count, next + Self.utf8Length(bytes[next]))
                    let candidate = combined + String(decoding: bytes[next..<more], as: UTF8.self)
                    guard candidate.count == 1 else { break }
                    combined = candidate
                    next = more
                }
                for character in combined { keys.append(.character(character)) }
                index = next
                continue
            }
            index += 1
        }
        return keys
    }

    private static func utf8Length(_ lead: UInt8) -> Int {
        switch lead {
        case 0xC0...0xDF: 2
        case 0xE0...0xEF: 3
        case 0xF0...0xF7: 4
        default: 1
        }
    }

    /// The key an escape sequence at `start` stands for, and how many bytes it takes.
    private func escape(_ bytes: [UInt8], at start: Int) -> (Key?, Int) {
        guard start + 1 < bytes.count else { return (.escape, 1) }
        let second = bytes[start + 1]
        guard second == UInt8(ascii: "[") || second == UInt8(ascii: "O") else { return (.escape, 1) }
        var end = start + 2
        // Parameters and intermediates, then one final byte (0x40-0x7E).
        while end < bytes.count, !(0x40...0x7E).contains(bytes[end]) { end += 1 }
        guard end < bytes.count else { return (nil, bytes.count - start) }
        let parameters = String(decoding: bytes[(start + 2)..<end], as: UTF8.self)
        let length = end - start + 1
        switch (bytes[end], parameters) {
        case (UInt8(ascii: "A"), _): return (.up, length)
        case (UInt8(ascii: "B"), _): return (.down, length)
        case (UInt8(ascii: "C"), _): return (.right, length)
        case (UInt8(ascii: "D"), _): return (.left, length)
        case (UInt8(ascii: "H"), _): return (.home, length)
        case (UInt8(ascii: "F"), _): return (.end, length)
        case (UInt8(ascii: "Z"), _): return (.shiftTab, length)
        case (UInt8(ascii: "~"), "1"), (UInt8(ascii: "~"), "7"): return (.home, length)
        case (UInt8(ascii: "~"), "4"), (UInt8(ascii: "~"), "8"): return (.end, length)
        case (UInt8(ascii: "~"), "3"): return (.delete, length)
        case (UInt8(ascii: "~"), "5"): return (.pageUp, length)
        case (UInt8(ascii: "~"), "6"): return (.pageDown, length)
        default: return (nil, length)
        }
    }
}
