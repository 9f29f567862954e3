import ModelForm
import Testing

@Suite struct TextChecksTests {
    @Test(arguments: [
        ("a@b.c", true), ("first.last@sub.example.com", true), ("ü@exämple.de", true), ("@b.c", false), ("a@.b", false),
        ("a@b.", false), ("a@b..c", false), ("a b@c.d", false), ("a@b@c.d", false), ("a@bc", false),
        ("a@b.c\u{3000}", false),
        ("", false), ("a@b.c\n", false),
    ])
    func email(text: String, valid: Bool) {
        #expect(TextChecks.isEmail(text) == valid)
    }

    @Test(arguments: [("  x  ", "x"), ("x", "x"), ("\u{3000}x\u{3000}", "x"), ("   ", ""), ("a b", "a b")])
    func trimming(text: String, trimmed: String) {
        #expect(TextChecks.trimmed(text) == trimmed)
    }
}
