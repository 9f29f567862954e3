import ModelForm

/// Turns frames into the bytes a terminal needs, repainting by difference: only the lines
/// that changed since the last frame are written (each from its first column, cleared to its
/// end), then the cursor is placed or hidden. Colours are the theme's `ansi*` tokens, and
/// none at all when `color` is off (`NO_COLOR`).
///
/// ```swift
/// var painter = FramePainter(color: false, theme: .default)
/// var screen = EditorScreen(width: 80, height: 24)
/// let bytes = painter.paint(screen.frame(state))  // everything the first time
/// ```
public struct FramePainter: Sendable {
    /// Whether lines are coloured.
    public var color: Bool
    /// Where the colours come from.
    public var theme: Theme
    private var previous: EditorFrame?

    public init(color: Bool, theme: Theme) {
        self.color = color
        self.theme = theme
    }

    /// Forgets what the terminal shows, so the next frame is drawn whole (after a resize, a
    /// suspension or an external editor).
    public mutating func invalidate() { previous = nil }

    /// The bytes that turn the last frame painted into `frame`.
    public mutating func paint(_ frame: EditorFrame) -> String {
        var out = ""
        let old = previous
        if old == nil || old?.lines.count != frame.lines.count { out += "\u{1B}[?25l\u{1B}[H\u{1B}[2J" }
        let whole = out.isEmpty == false
        for (index, line) in frame.lines.enumerated() {
            if !whole, let old, old.lines[index] == line, old.styles[index] == frame.styles[index] { continue }
            out += "\u{1B}[\(index + 1);1H" + styled(line, frame.styles[index]) + "\u{1B}[K"
        }
        if let cursor = frame.cursor {
            out += "\u{1B}[\(cursor.line + 1);\(cursor.column + 1)H"
            if whole || old?.cursor == nil { out += "\u{1B}[?25h" }
        } else if !whole, old?.cursor != nil {
            out += "\u{1B}[?25l"
        }
        previous = frame
        return out
    }

    private func styled(_ line: String, _ style: LineStyle) -> String {
        guard color, let token = style.token else { return line }
        let code = theme.token(token.name, default: token.fallback).filter { $0.isNumber || $0 == ";" }
        guard !code.isEmpty else { return line }
        // A highlighted bar spans the whole width: the style stays on while the line is cleared.
        return "\u{1B}[\(code)m" + line + (style == .focused || style == .status ? "\u{1B}[K" : "") + "\u{1B}[0m"
    }
}
