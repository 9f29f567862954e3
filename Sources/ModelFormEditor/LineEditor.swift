import ModelForm
import ModelFormText

/// The inline line editor of the terminal editor, as a value: text and a cursor (in
/// characters), changed by keys. Left, Right, Home, End, Backspace, Delete, Ctrl-A (start),
/// Ctrl-E (end), Ctrl-U (clear), Ctrl-K (delete to the end), Ctrl-W (delete the word before).
public struct LineEditor: Hashable, Sendable {
    /// The text being edited.
    public private(set) var text: [Character]
    /// Where typing goes: 0 is before the first character.
    public private(set) var cursor: Int
    /// Draw bullets instead of the text (passwords).
    public var masked: Bool

    /// An editor holding `text`, the cursor at its end.
    public init(_ text: String, masked: Bool = false) {
        self.text = Array(text)
        cursor = self.text.count
        self.masked = masked
    }

    /// The text as a string.
    public var value: String { String(text) }

    /// Applies an editing key; returns `false` for keys the editor does not handle (Enter,
    /// Escape, Tab... are the screen's).
    @discardableResult
    public mutating func handle(_ key: Key) -> Bool {
        switch key {
        case .character(let character): insert(character)
        case .space: insert(" ")
        case .left: cursor = max(0, cursor - 1)
        case .right: cursor = min(text.count, cursor + 1)
        case .home, .control("a"): cursor = 0
        case .end, .control("e"): cursor = text.count
        case .backspace:
            guard cursor > 0 else { return true }
            text.remove(at: cursor - 1)
            cursor -= 1
        case .delete:
            guard cursor < text.count else { return true }
            text.remove(at: cursor)
        case .control("u"):
            text.removeAll()
            cursor = 0
        case .control("k"): text.removeSubrange(cursor...)
        case .control("w"):
            var start = cursor
            while start > 0, text[start - 1] == " " { start -= 1 }
            while start > 0, text[start - 1] != " " { start -= 1 }
            text.removeSubrange(start..<cursor)
            cursor = start
        default: return false
        }
        return true
    }

    private mutating func insert(_ character: Character) {
        text.insert(character, at: cursor)
        cursor += 1
    }

    /// What the editor shows in `width` columns: the text (or bullets) scrolled so the cursor
    /// is visible, and the cursor's column in it.
    public func display(width: Int) -> (text: String, cursorColumn: Int) {
        // Each character as the screen shows it (a tab or control character in caret
        // notation, two columns), so that the cursor stands where it is drawn.
        let shown = masked ? Array(repeating: "•", count: text.count) : text.map { TerminalEscaping.screen(String($0)) }
        let widths = shown.map { DisplayWidth.of($0) }
        let width = max(1, width)
        var start = 0
        var used = widths[..<cursor].reduce(0, +)
        while used >= width, start < cursor {
            used -= widths[start]
            start += 1
        }
        var end = start
        var total = 0
        while end < shown.count, total + widths[end] <= width {
            total += widths[end]
            end += 1
        }
        return (shown[start..<end].joined(), used)
    }
}
