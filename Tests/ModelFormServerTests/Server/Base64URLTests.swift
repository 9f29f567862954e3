import Foundation
import Testing

@testable import ModelFormServer

/// The CSRF token's base64url (RFC 4648 section 5, unpadded), read and written by bytes.
@Suite struct Base64URLTests {
    /// RFC 4648's test vectors, unpadded, and the two characters only this alphabet has.
    @Test(arguments: [
        ("", ""), ("f", "Zg"), ("fo", "Zm8"), ("foo", "Zm9v"), ("foob", "Zm9vYg"), ("fooba", "Zm9vYmE"),
        ("foobar", "Zm9vYmFy"),
    ])
    func theStandardsVectors(text: String, encoded: String) {
        #expect(Base64URL.encode(Array(text.utf8)) == encoded)
        #expect(Base64URL.decode(encoded[...]) == Array(text.utf8))
    }

    @Test func theURLSafeCharacters() {
        #expect(Base64URL.encode([0xFB, 0xFF]) == "-_8")
        #expect(Base64URL.decode("-_8") == [0xFB, 0xFF])
    }

    /// Every length up to 64 of random bytes: Foundation's base64 with `+/` made `-_` and
    /// the padding dropped, and back.
    @Test func agreesWithFoundationAtEveryLength() {
        var generator = SystemRandomNumberGenerator()
        for length in 0...64 {
            let bytes = (0..<length).map { _ in UInt8.random(in: 0...255, using: &generator) }
            let expected = Data(bytes).base64EncodedString().replacingOccurrences(of: "+", with: "-")
                .replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "=", with: "")
            #expect(Base64URL.encode(bytes) == expected)
            #expect(Base64URL.decode(expected[...]) == bytes)
        }
    }

    /// Padding, the standard alphabet's `+` and `/`, a line break, a length that leaves one
    /// character over and unused bits that are not zero are not canonical base64url.
    @Test(arguments: ["Zg==", "Zm9v+", "Zm/v", "Zm9v\n", "Z", "Zm9vY", "Zh", "Zm9"])
    func whatIsNotCanonicalIsRefused(text: String) {
        #expect(Base64URL.decode(text[...]) == nil)
    }
}
