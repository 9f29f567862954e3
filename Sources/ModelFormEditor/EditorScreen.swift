import ModelForm
import ModelFormText

/// What one line of the editor's screen is, for its colour (a theme token each).
public enum LineStyle: String, Hashable, Sendable, CaseIterable {
    case title, header, plain, focused, help, error, footer, status, keys

    /// The theme token that colours the style, and the SGR code used without one.
    var token: (name: String, fallback: String)? {
        switch self {
        case .title: ("ansiTitle", "1")
        case .header: ("ansiHeader", "1;4")
        case .plain: nil
        case .focused: ("ansiFocus", "7")
        case .help: ("ansiHelp", "2")
        case .error: ("ansiError", "31")
        case .footer: ("ansiFooter", "2")
        case .status: ("ansiStatus", "7")
        case .keys: ("ansiKeys", "2")
        }
    }
}

/// A drawn screen: its lines (plain text, each at most the screen's width), each line's
/// style, and where the cursor stands while a line editor is open.
public struct EditorFrame: Hashable, Sendable {
    /// The lines, top to bottom.
    public var lines: [String]
    /// The style of each line.
    public var styles: [LineStyle]
    /// The cursor's line and display column, when it is shown.
    public var cursor: Cursor?

    /// A position on the screen.
    public struct Cursor: Hashable, Sendable {
        public var line: Int
        public var column: Int
    }
}

/// Draws an editor state as a `width` x `height` screen: the breadcrumb, the page's rows as
/// the text renderer lays them out (the focused row marked `›`, an edited one shown with its
/// line editor), scrolled as little as keeps the focus visible, then a status line and a
/// line of the keys that work now. Pure but for the scroll position it remembers.
public struct EditorScreen: Sendable {
    public var width: Int
    public var height: Int
    /// The first body line shown.
    public private(set) var top = 0
    /// The page last drawn, laid out.
    private(set) var rendered: EditorBody.RenderedPage?

    public init(width: Int, height: Int) {
        self.width = max(20, width)
        self.height = max(6, height)
    }

    /// The screen's lines, each at most `width` columns (scrolling as ``frame(_:)`` does).
    public mutating func lines(_ state: EditorState) -> [String] { frame(state).lines }

    /// The frame for a state.
    public mutating func frame(_ state: EditorState) -> EditorFrame {
        let theme = state.form.environment.theme
        if rendered?.id != state.page.id || rendered?.width != width {
            // A page rebuilt after one value changed is redrawn by that row alone.
            var updated = false
            if let changes = state.page.changes, var page = rendered, page.id == changes.previous, page.width == width {
                rendered = nil  // the page's storage uniquely held: updated in place, not copied
                updated = page.update(to: state.page, rows: changes.rows, theme: theme)
                rendered = page
            }
            if !updated { rendered = EditorBody.RenderedPage(state.page, width: width, theme: theme) }
        }
        let page = rendered ?? EditorBody.RenderedPage(state.page, width: width, theme: theme)
        rendered = page
        let body = EditorBody(state: state, width: width, rendered: page)
        let room = height - 3
        let focus = body.focus
        if focus.lowerBound < top { top = focus.lowerBound }
        // The focus's first line holds its marker: a block taller than the screen (a long
        // collection) starts there rather than ending at the bottom with the marker above.
        if focus.upperBound > top + room { top = focus.lowerBound }
        top = max(0, min(top, body.lines.count - room))
        var lines = [TerminalEscaping.screen(state.breadcrumb.joined(separator: " › "))]
        var styles = [LineStyle.title]
        lines += body.lines.dropFirst(top).prefix(room)
        styles += body.styles.dropFirst(top).prefix(room)
        while lines.count < height - 2 {
            lines.append("")
            styles.append(.plain)
        }
        lines.append(TerminalEscaping.screen(status(state)))
        lines.append(keys(state))
        styles += [.status, .keys]
        let cursor = body.cursor.flatMap { cursor in
            (top..<(top + room)).contains(cursor.line)
                ? EditorFrame.Cursor(line: cursor.line - top + 1, column: min(width - 1, cursor.column)) : nil
        }
        return EditorFrame(lines: lines.map { Self.clip($0, to: width) }, styles: styles, cursor: cursor)
    }

    private func status(_ state: EditorState) -> String {
        if case .confirming(let confirmation) = state.mode { return confirmation.question }
        let rows = state.rows
        var status: String
        if case .collection(let collection) = state.page.content {
            status = rows.isEmpty ? "no items" : "item \(state.focus + 1) of \(rows.count)"
            if collection.field.sortable { status += " · sortable" }
        } else if case .entries = state.page.content {
            status = rows.isEmpty ? "no entries" : "entry \(state.focus + 1) of \(rows.count)"
            if case .naming(let prompt) = state.mode, case .newEntry = prompt.target { status = "new entry" }
        } else {
            status = rows.isEmpty ? "no fields" : "field \(state.focus + 1) of \(rows.count)"
        }
        let errors = state.errorCount
        if errors > 0 { status += " · \(errors) error\(errors == 1 ? "" : "s")" }
        if state.form.isDirty { status += " · changed" }
        if let message = state.message { status += " · " + message }
        return status
    }

    /// The keys that work now, most important first, as many as fit: spelled out when
    /// there is room, abbreviated (`^S`) when there is not.
    private func keys(_ state: EditorState) -> String {
        let pairs = keyPairs(state)
        return Self.fitted(
            pairs.map { "\($0.key) \($0.action)" }, short: pairs.map { "\($0.key.replacingCtrl) \($0.action)" },
            width: width)
    }

    /// Keys for the bottom line: `long` two spaces apart if they fit, else `short` one space
    /// apart, else as many of `short` as fit.
    static func fitted(_ long: [String], short: [String], width: Int) -> String {
        for (words, separator) in [(long, "  "), (short, " ")] {
            let line = words.joined(separator: separator)
            if DisplayWidth.of(line) <= width { return line }
        }
        var line = ""
        for word in short {
            let next = line.isEmpty ? word : line + " " + word
            guard DisplayWidth.of(next) <= width else { break }
            line = next
        }
        return line
    }

    private func keyPairs(_ state: EditorState) -> [(key: String, action: String)] {
        switch state.mode {
        case .picking(let picker):
            return picker.allowsMany
                ? [("Space", "toggle"), ("Enter", "done"), ("↑↓", "move"), ("type", "to filter")]
                : [("Enter", "choose"), ("Esc", "back"), ("↑↓", "move"), ("type", "to filter")]
        case .editing: return [("Enter", "confirm"), ("Esc", "abandon"), ("←→ Home End", "move"), ("Ctrl-U", "clear")]
        case .confirming: return [("y", "yes"), ("any other key", "no")]
        case .naming: return [("Enter", "confirm the key"), ("Esc", "abandon"), ("←→ Home End", "move")]
        case .navigating: break
        }
        let leave = state.trail.isEmpty ? "cancel" : "back"
        if case .collection(let collection) = state.page.content {
            var pairs = [("↑↓", "move"), ("Enter", "open"), ("a", "add"), ("d", "remove")]
            if collection.field.sortable { pairs.append(("K J", "reorder")) }
            return pairs + [("Ctrl-S", "save"), ("Esc", leave)]
        }
        if case .entries = state.page.content {
            let enter = state.focusedField?.opensPage == true ? "open" : "edit"
            return [("↑↓", "move"), ("Enter", enter), ("a", "add"), ("r", "rename"), ("d", "remove")]
                + [("Ctrl-S", "save"), ("Esc", leave)]
        }
        var pairs = [("↑↓", "move")]
        if let field = state.focusedField, !field.readOnly {
            switch field.type {
            case .collection, .map: pairs += [("Enter", "open"), ("a", "add")]
            case .subform: pairs.append(("Enter", "open"))
            case .boolean, .option: pairs.append(("Space", "toggle"))
            case .options, .multiSelect, .bitfield, .alternatives: pairs.append(("Enter", "choose"))
            case .action: break
            default: pairs.append(("Enter", "edit"))
            }
        }
        return pairs + [("Ctrl-S", "save"), ("Esc", leave), ("Tab", "next")]
    }

    /// `line` cut to `width` display columns.
    static func clip(_ line: String, to width: Int) -> String {
        guard DisplayWidth.of(line) > width else { return line }
        var used = 0
        var result = ""
        for character in line {
            let next = DisplayWidth.of(String(character))
            if used + next > width { break }
            used += next
            result.append(character)
        }
        return result
    }
}

extension String {
    /// `Ctrl-S` as `^S`, for narrow screens.
    fileprivate var replacingCtrl: String { hasPrefix("Ctrl-") ? "^" + dropFirst(5) : self }
}
