import ModelFormEditor
import Testing

/// The terminal editor's pure parts: bytes to keys, and the line editor.
@Suite struct KeyDecoderTests {
    @Test(
        arguments: [
            ([0x1B, 0x5B, 0x41], [Key.up]), ([0x1B, 0x5B, 0x42], [.down]), ([0x1B, 0x5B, 0x43], [.right]),
            ([0x1B, 0x5B, 0x44], [.left]),
            ([0x1B, 0x4F, 0x48], [.home]), ([0x1B, 0x5B, 0x46], [.end]), ([0x1B, 0x5B, 0x31, 0x7E], [.home]),
            ([0x1B, 0x5B, 0x34, 0x7E], [.end]),
            ([0x1B, 0x5B, 0x35, 0x7E], [.pageUp]), ([0x1B, 0x5B, 0x36, 0x7E], [.pageDown]),
            ([0x1B, 0x5B, 0x33, 0x7E], [.delete]),
            ([0x1B, 0x5B, 0x5A], [.shiftTab]), ([0x1B], [.escape]), ([0x09], [.tab]), ([0x0D], [.enter]),
            ([0x7F], [.backspace]),
            ([0x01], [.control("a")]), ([0x17], [.control("w")]), ([0x20], [.space]),
            ([0x61, 0x62], [.character("a"), .character("b")]),
            ([0xC3, 0xA9], [.character("é")]), ([0x65, 0xCC, 0x81], [.character("e\u{301}")]),
            ([0xE6, 0x97, 0xA5], [.character("日")]), ([0x1B, 0x5B, 0x31, 0x3B, 0x35, 0x51], []),
            ([0x1B, 0x5B, 0x41, 0x78], [.up, .character("x")]),
        ] as [([UInt8], [Key])])
    func decodes(_ bytes: [UInt8], _ keys: [Key]) {
        #expect(KeyDecoder().keys(bytes) == keys)
    }
}

@Suite struct LineEditorTests {
    static func edit(_ text: String, _ keys: [Key]) -> LineEditor {
        var editor = LineEditor(text)
        for key in keys { editor.handle(key) }
        return editor
    }

    @Test(
        arguments: [
            ("ab", [Key.character("c")], "abc", 3), ("ab", [.left, .character("x")], "axb", 2),
            ("ab", [.home, .delete], "b", 0),
            ("ab", [.backspace], "a", 1), ("", [.backspace, .delete, .left], "", 0),
            ("hello world", [.control("w")], "hello ", 6),
            ("hello world  ", [.control("w")], "hello ", 6), ("abc", [.control("a"), .right, .control("k")], "a", 1),
            ("abc", [.control("u")], "", 0),
            ("abc", [.control("a"), .control("e"), .character("d")], "abcd", 4),
            ("a", [.space, .character("日")], "a 日", 3),
        ] as [(String, [Key], String, Int)])
    func editingKeys(_ start: String, _ keys: [Key], _ text: String, _ cursor: Int) {
        let editor = Self.edit(start, keys)
        #expect(editor.value == text && editor.cursor == cursor)
    }

    @Test func screenKeysAreLeftToTheScreen() {
        var editor = LineEditor("x")
        #expect(!editor.handle(.enter) && !editor.handle(.escape) && !editor.handle(.tab) && !editor.handle(.up))
    }

    @Test func displayScrollsToTheCursorAndMasksPasswords() {
        let long = LineEditor("abcdefghij")
        #expect(long.display(width: 5) == ("ghij", 4))
        var start = long
        start.handle(.home)
        #expect(start.display(width: 5) == ("abcde", 0))
        #expect(LineEditor("日本語", masked: false).display(width: 10) == ("日本語", 6))
        #expect(LineEditor("secret", masked: true).display(width: 10) == ("••••••", 6))
    }
}
