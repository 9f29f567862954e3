import Testing

@testable import ModelFormHTML

/// A link's target is kept only for http(s), mailto and relative links; whitespace and
/// control characters around it are dropped, as a browser drops them.
@Suite struct HTMLLinksTests {
    @Test(arguments: [
        ("https://example.com/a", "https://example.com/a"),
        ("HTTP://example.com", "HTTP://example.com"),
        ("mailto:ada@example.com", "mailto:ada@example.com"),
        ("/records/7", "/records/7"),
        ("a/b:c", "a/b:c"),
        ("javascript:alert(1)", "#"),
        ("  javascript:alert(1)", "#"),
        ("\u{1}javascript:alert(1)\n", "#"),
        ("JavaScript:alert(1)", "#"),
        ("java\tscript:alert(1)", "#"),
        ("data:text/html,x", "#"),
        (" https://example.com \t", "https://example.com"),
        ("https://example.com/x\n", "https://example.com/x"),
        ("\u{A0}https://example.com", "https://example.com"),
        ("\u{7F}/x\u{7F}", "/x"),
    ])
    func onlySafeTargetsAreKept(link: String, kept: String) {
        #expect(HTMLLinks.safe(link) == kept)
    }
}
