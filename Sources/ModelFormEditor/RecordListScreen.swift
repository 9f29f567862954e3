import ModelForm
import ModelFormText

/// Draws a ``RecordListState`` as a `width` x `height` screen: the type, its count and the
/// page; the columns' titles; the records as rows of columns, the focused one marked `›`
/// and scrolled into view; a delete's question (wrapped) or the search line; a status line
/// and the keys that work now. Everything a record holds is escaped for the terminal.
package struct RecordListScreen: Sendable {
    package var width: Int
    package var height: Int
    /// The first row shown.
    private var top = 0

    package init(width: Int, height: Int) {
        self.width = max(20, width)
        self.height = max(8, height)
    }

    /// How many rows fit.
    package var rowRoom: Int { height - 4 }

    package mutating func frame(_ state: RecordListState) -> EditorFrame {
        let listing = state.listing
        var lines = [title(listing)]
        var styles = [LineStyle.title]
        let widths = columnWidths(listing)
        lines.append("  " + row(listing.columns, widths: widths))
        styles.append(.header)
        // A delete's question, or a message too long for the status line, wrapped above it.
        var question: [String] = []
        var wrapsMessage = false
        if case .confirming(let text, _, _) = state.mode {
            question = TextWrapping.wrap(TerminalEscaping.screen(text), width: width).suffix(rowRoom - 1)
        } else if let message = state.message.map(TerminalEscaping.screen), DisplayWidth.of(message) > width {
            question = TextWrapping.wrap(message, width: width).suffix(rowRoom - 1)
            wrapsMessage = true
        }
        let room = rowRoom - question.count
        if state.focus < top { top = state.focus }
        if state.focus >= top + room { top = state.focus - room + 1 }
        top = max(0, min(top, listing.rows.count - room))
        for index in listing.rows.indices.dropFirst(top).prefix(room) {
            let focused = index == state.focus
            lines.append((focused ? "› " : "  ") + row(listing.rows[index].cells, widths: widths))
            styles.append(focused ? .focused : .plain)
        }
        if listing.rows.isEmpty {
            lines.append(listing.search == nil ? "  No records yet: a adds one." : "  No record matches the search.")
            styles.append(.help)
        }
        while lines.count < height - 2 - question.count {
            lines.append("")
            styles.append(.plain)
        }
        lines += question
        styles += question.map { _ in .error }
        var cursor: EditorFrame.Cursor?
        if case .searching(let line) = state.mode {
            let label = "Search: "
            let shown = line.display(width: width - label.count - 1)
            lines.append(label + shown.text)
            cursor = EditorFrame.Cursor(line: lines.count - 1, column: label.count + shown.cursorColumn)
        } else {
            lines.append(TerminalEscaping.screen(status(state, message: wrapsMessage ? nil : state.message)))
        }
        styles.append(.status)
        lines.append(keys(state))
        styles.append(.keys)
        return EditorFrame(lines: lines.map { EditorScreen.clip($0, to: width) }, styles: styles, cursor: cursor)
    }

    private func title(_ listing: RecordListing) -> String {
        var text = "\(listing.title) · \(listing.count == 1 ? "1 record" : "\(listing.count) records")"
        if let search = listing.search { text += " matching “\(search)”" }
        if listing.pages > 1 { text += " · page \(listing.page) of \(listing.pages)" }
        return TerminalEscaping.screen(text)
    }

    /// The status line: `message` (one that fits), else where the focus is.
    private func status(_ state: RecordListState, message: String?) -> String {
        if let message { return message }
        guard !state.listing.rows.isEmpty else { return "no records" }
        return "record \(state.focus + 1) of \(state.listing.rows.count) on this page"
    }

    private func keys(_ state: RecordListState) -> String {
        switch state.mode {
        case .searching: return fitted(["Enter search", "Esc abandon", "←→ Home End move", "Ctrl-U clear"])
        case .confirming: return fitted(["y delete", "any other key keep it"])
        case .browsing:
            var keys = ["↑↓ move", "Enter open", "a add", "d delete", "/ search"]
            if state.listing.pages > 1 { keys.append("←→ pages") }
            keys.append(state.listing.search == nil ? "q quit" : "Esc all records  q quit")
            return fitted(keys)
        }
    }

    /// The keys two spaces apart, else one, else as many as fit.
    private func fitted(_ keys: [String]) -> String { EditorScreen.fitted(keys, short: keys, width: width) }

    /// Each column's width: its widest text (at most 40), the widest narrowed first until
    /// the row fits the screen (two columns apart, after the two of the marker).
    private func columnWidths(_ listing: RecordListing) -> [Int] {
        var widths = listing.columns.map { DisplayWidth.of(TerminalEscaping.screen($0)) }
        for row in listing.rows {
            for (index, cell) in row.cells.enumerated() where index < widths.count {
                widths[index] = max(widths[index], DisplayWidth.of(TerminalEscaping.screen(cell)))
            }
        }
        widths = widths.map { min(40, max(1, $0)) }
        let room = width - 2 - 2 * max(0, widths.count - 1)
        while widths.reduce(0, +) > room, let widest = widths.indices.max(by: { widths[$0] < widths[$1] }),
            widths[widest] > 4
        {
            widths[widest] -= 1
        }
        return widths
    }

    /// Cells cut to their widths and padded to them but the last, two spaces apart.
    private func row(_ cells: [String], widths: [Int]) -> String {
        let count = min(cells.count, widths.count)
        return zip(cells, widths).enumerated().map { index, pair in
            let shown = EditorScreen.clip(TerminalEscaping.screen(pair.0.replacingNewlines), to: pair.1)
            guard index < count - 1 else { return shown }
            return shown + String(repeating: " ", count: max(0, pair.1 - DisplayWidth.of(shown)))
        }.joined(separator: "  ")
    }
}

extension String {
    /// Line breaks as spaces: a cell is one line.
    fileprivate var replacingNewlines: String {
        contains(where: \.isNewline) ? String(map { $0.isNewline ? " " : $0 }) : self
    }
}

/// Runs a record list in a terminal until the user asks for something (``RecordListState/request``);
/// the session stays open, for the form the request opens and the list again after it.
package enum RecordListEditor {
    package static func run(_ state: RecordListState, in session: TerminalSession, color: Bool, theme: Theme)
        -> RecordListState
    {
        var state = state
        let decoder = KeyDecoder()
        var size = session.size
        var screen = RecordListScreen(width: size.width, height: size.height)
        var painter = FramePainter(color: color, theme: theme)
        var dirty = true
        while true {
            if session.takeResize() {
                size = session.size
                screen = RecordListScreen(width: size.width, height: size.height)
                painter.invalidate()
                dirty = true
            }
            if dirty {
                session.write(painter.paint(screen.frame(state)))
                dirty = false
            }
            if state.request != nil { return state }
            let bytes = session.read()
            guard !bytes.isEmpty else { continue }
            dirty = true
            for key in decoder.keys(bytes) where state.request == nil {
                switch key {
                case .control("z"):
                    session.suspend()
                    painter.invalidate()
                case .control("l"): painter.invalidate()
                default: state.handle(key, pageSize: max(1, screen.rowRoom))
                }
            }
        }
    }
}
