import ModelForm

/// How deep a Mustache template's sections nest, found before swift-mustache parses it: its
/// parser and renderer recurse once a level, and a template nested 100,000 deep overflowed
/// the stack. Tags are followed through set-delimiter tags (`{{=<% %>=}}`).
enum TemplateNesting {
    /// Where, in lines from 1 and characters from 0, the first section that opens past
    /// ``InputLimits/templateNesting`` levels is; `nil` when none does.
    static func tooDeep(_ text: String) -> (line: Int, column: Int)? {
        let bytes = Array(text.utf8)
        var (open, close) = (Array("{{".utf8), Array("}}".utf8))
        var depth = 0
        var position = 0
        while let start = bytes.firstIndex(of: open, from: position) {
            let inner = start + open.count
            guard inner < bytes.count else { return nil }
            let sigil = bytes[inner]
            // A triple mustache ends with `}` before the closing delimiter.
            let end =
                sigil == UInt8(ascii: "{")
                ? bytes.firstIndex(of: [UInt8(ascii: "}")] + close, from: inner)
                : bytes.firstIndex(of: close, from: inner)
            guard let end else { return nil }  // unclosed: the library reports it
            switch sigil {
            case UInt8(ascii: "#"), UInt8(ascii: "^"), UInt8(ascii: "$"), UInt8(ascii: "<"):
                depth += 1
                if depth > InputLimits.templateNesting { return place(of: start, in: bytes) }
            case UInt8(ascii: "/"):
                depth = max(0, depth - 1)
            case UInt8(ascii: "="):
                // `{{=<% %>=}}`: the two new delimiters, between the `=`s.
                let delimiters = bytes[(inner + 1)..<end].split(whereSeparator: { $0 == 0x20 || $0 == 0x09 })
                guard delimiters.count == 2, delimiters[1].last == UInt8(ascii: "=") else { return nil }
                (open, close) = (Array(delimiters[0]), Array(delimiters[1].dropLast()))
                guard !open.isEmpty, !close.isEmpty else { return nil }
            default: break
            }
            position = end + (sigil == UInt8(ascii: "{") ? 1 : 0) + close.count
        }
        return nil
    }

    /// The line (from 1) and character (from 0) of a byte offset.
    private static func place(of offset: Int, in bytes: [UInt8]) -> (line: Int, column: Int) {
        let lineStart = bytes[..<offset].lastIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? 0
        let line = 1 + bytes[..<offset].count { $0 == UInt8(ascii: "\n") }
        return (line, String(decoding: bytes[lineStart..<offset], as: UTF8.self).count)
    }
}
