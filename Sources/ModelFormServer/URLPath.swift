import ModelForm

/// A URL path's segments, percent-encoded by their bytes.
enum URLPath {
    /// `segment` as one segment of a URL's path: every byte but RFC 3986's unreserved
    /// characters, its sub-delimiters but `;`, `:` and `@` percent-encoded (`/` too, so that
    /// a key holding one stays one segment), as Foundation's `urlPathAllowed` without `/`
    /// would, with no character set built for it. `"a b/c"` is `a%20b%2Fc`.
    static func encodedSegment(_ segment: String) -> String {
        URLEncodedForm.percentEncoded(segment, keeping: isAllowed, spaceAsPlus: false)
    }

    private static func isAllowed(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"):
            true
        // Unreserved, sub-delimiters but ";" (as Foundation's set), ":" and "@".
        default: "-._~!$&'()*+,=:@".utf8.contains(byte)
        }
    }
}
