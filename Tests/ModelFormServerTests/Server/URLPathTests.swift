import Foundation
import Testing

@testable import ModelFormServer

/// A page's URL segment is encoded as Foundation's `urlPathAllowed` without `/` and `"`
/// would, by its bytes.
@Suite struct URLPathTests {
    static let allowed = CharacterSet.urlPathAllowed.subtracting(CharacterSet(charactersIn: "/\""))

    @Test(arguments: [
        "", "address", "a b", "a/b", "a%b", "it's", "\"quoted\"", "x?y#z", "émile", "名前", "🙂", "a+b=c;d,e",
        "~user@host:8080", "tab\tnew\nline", "<script>", "back\\slash", "[0]",
    ])
    func asFoundationEncodesIt(segment: String) {
        #expect(URLPath.encodedSegment(segment) == segment.addingPercentEncoding(withAllowedCharacters: Self.allowed))
    }

    /// Every byte of ASCII, and random text from a few scripts.
    @Test func everyASCIICharacterAndRandomText() {
        for scalar in (1...127).compactMap(Unicode.Scalar.init) {
            let text = "a\(Character(scalar))b"
            #expect(URLPath.encodedSegment(text) == text.addingPercentEncoding(withAllowedCharacters: Self.allowed))
        }
        var generator = SystemRandomNumberGenerator()
        let pool = Array("aZ9-_~ /%?#é名🙂\"'!@:")
        for _ in 0..<200 {
            let text = String(
                (0..<Int.random(in: 0...12, using: &generator)).map { _ in pool.randomElement(using: &generator)! })
            #expect(URLPath.encodedSegment(text) == text.addingPercentEncoding(withAllowedCharacters: Self.allowed))
        }
    }
}
