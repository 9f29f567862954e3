import ModelForm
import Testing

@testable import ModelFormMarkdown

@Suite struct MarkdownRendererTests {
    @Test(arguments: [
        ("a|b", "a\\|b"), ("*bold* _it_", "\\*bold\\* \\_it\\_"), ("[x](javascript:y)", "\\[x\\](javascript:y)"),
        ("<b>", "\\<b\\>"), ("# heading", "\\# heading"), ("- item", "\\- item"), ("1. item", "1\\. item"),
        ("line\nbreak", "line break"), ("`code`", "\\`code\\`"), ("&amp;", "\\&amp;"), ("a\u{0}b", "a\u{FFFD}b"),
        ("![img](x)", "\\!\\[img\\](x)"), ("~~strike~~", "\\~\\~strike\\~\\~"), ("2024-05-01", "2024-05-01"),
    ])
    func escaping(text: String, escaped: String) {
        #expect(MarkdownFormat.escape(text) == escaped)
    }

    @Test(arguments: [
        ("Address.html#billing", "Address.html#billing"), ("javascript:alert(1)", "#"), ("JavaScript:x", "#"),
        ("a b(c).html", "a%20b%28c%29.html"), ("https://x.test/a?b", "https://x.test/a%3Fb"), ("data:text/html,x", "#"),
    ])
    func linkDestinations(link: String, safe: String) {
        #expect(MarkdownLinks.destination(link) == safe)
    }

    @Test func adjacentListsStaySeparate() {
        let blocks = MarkdownRenderer.separatingAdjacentLists(["- a\n- b", "- c", "## h", "- d", "1. x", "1. y\n2. z"])
        #expect(blocks == ["- a\n- b", "* c", "## h", "- d", "1. x", "1) y\n2) z"])
    }
}
