/// Character classes every format's escaping needs.
package enum UnicodeClass {
    /// Embedding, override and isolate controls, which reorder the text around them.
    package static func isBidiOverride(_ scalar: Unicode.Scalar) -> Bool {
        (0x202A...0x202E).contains(scalar.value) || (0x2066...0x2069).contains(scalar.value)
    }

    package static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F..<0xA0).contains(scalar.value)
    }

    /// Whether a page shows a scalar as U+FFFD: controls (but tab, newline and carriage
    /// return), bidi overrides and noncharacters.
    package static func isReplacedOnAPage(_ scalar: Unicode.Scalar) -> Bool {
        scalar != "\n" && scalar != "\t" && scalar != "\r"
            && (isControl(scalar) || isBidiOverride(scalar) || (0xFDD0...0xFDEF).contains(scalar.value)
                || scalar.value & 0xFFFE == 0xFFFE)
    }

    /// A text as a page draws it in an input and a browser sends it back untouched: what
    /// ``isReplacedOnAPage(_:)`` says as U+FFFD, line breaks as `\n`.
    package static func asSentBack(_ text: String) -> String {
        var result = String.UnicodeScalarView()
        var scalars = text.unicodeScalars.makeIterator()
        while let scalar = scalars.next() {
            if scalar == "\r" { continue }
            result.append(isReplacedOnAPage(scalar) ? "\u{FFFD}" : scalar)
        }
        return String(result)
    }
}
