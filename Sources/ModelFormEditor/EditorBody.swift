import ModelForm
import ModelFormText

/// The scrolling part of the editor's screen for a state: every line of the page (or of an
/// open picker), each line's style, the lines of the focused row, and the cursor.
struct EditorBody {
    var lines: [String] = []
    var styles: [LineStyle] = []
    /// The body lines of the focused row (or picked choice).
    var focus = 0..<0
    /// The cursor in body coordinates, while a line editor is open.
    var cursor: EditorFrame.Cursor?

    /// An entity page as the text renderer lays it out, in screen lines with their styles,
    /// kept while the page is the same: the renderer and the styling run once per change of
    /// the values, and a key only patches the focused row.
    struct RenderedPage {
        /// One block's screen lines (indented for the focus mark) and styles.
        struct Block: Equatable {
            var row: FormPath?
            var lines: [String]
            var styles: [LineStyle]
        }

        var id: UInt64
        var width: Int
        var blocks: [Block] = []
        /// Where each row's block is.
        private var positions: [FormPath: Int] = [:]
        /// The help text of the rows that have one (help lines are dimmed).
        private var help: [FormPath: String] = [:]
        /// Each section's label column, header and footer: while they stay, rows can be
        /// redrawn one by one.
        private var labelWidths: [Int] = []
        private var chrome: [SectionChrome] = []

        struct SectionChrome: Equatable {
            var header: String?
            var footer: String?
        }

        init(_ page: EditorPage, width: Int, theme: Theme) {
            id = page.id
            self.width = width
            guard case .entity(let node) = page.content else { return }
            for section in node.sections {
                for row in section.rows {
                    if let text = row.context.field.help, !text.isEmpty { help[row.context.path] = text }
                }
            }
            let renderer = TextRenderer(width: width - 2, theme: theme)
            blocks = renderer.blocks(node).map(block)
            labelWidths = renderer.labelWidths(node)
            chrome = node.sections.map { SectionChrome(header: $0.header, footer: $0.footer) }
            indexRows()
        }

        private mutating func indexRows() {
            positions = [:]
            for (index, block) in blocks.enumerated() {
                if let row = block.row { positions[row] = index }
            }
        }

        /// Takes `page`, rebuilt from this one after `rows` changed (a value, and the rows
        /// whose rules read it: shown, hidden, enabled): only those rows, and rows new to the
        /// page, are drawn again; the others keep their blocks. `false` when a section's label
        /// column, header or footer changed (the caller draws the page whole).
        mutating func update(to page: EditorPage, rows: Set<FormPath>, theme: Theme) -> Bool {
            guard case .entity(let node) = page.content else { return false }
            let renderer = TextRenderer(width: width - 2, theme: theme)
            guard node.sections.map({ SectionChrome(header: $0.header, footer: $0.footer) }) == chrome,
                renderer.labelWidths(node) == labelWidths
            else { return false }
            var needed = rows
            for section in node.sections {
                for row in section.rows where positions[row.context.path] == nil { needed.insert(row.context.path) }
            }
            var redrawn: [FormPath: Block] = [:]
            for drawn in renderer.blocks(node, rows: needed) {
                if let row = drawn.row { redrawn[row] = block(drawn) }
            }
            let rowCount = node.sections.reduce(0) { $0 + $1.rows.count }
            if needed == rows, rowCount == positions.count, redrawn.keys.allSatisfy({ positions[$0] != nil }) {
                // The same rows as before: replace the redrawn ones in place.
                for (row, fresh) in redrawn { if let position = positions[row] { blocks[position] = fresh } }
                id = page.id
                return true
            }
            // The new page's blocks in order: each section's header, rows, footer and blank
            // line, the rows taken from before unless redrawn.
            var next: [Block] = []
            next.reserveCapacity(blocks.count + needed.count)
            var old = 0
            for section in node.sections {
                while old < blocks.count, blocks[old].row == nil, blocks[old].styles.first == .header {
                    next.append(blocks[old])
                    old += 1
                }
                for row in section.rows {
                    let path = row.context.path
                    if let fresh = redrawn[path] {
                        next.append(fresh)
                    } else if let index = positions[path] {
                        next.append(blocks[index])
                    } else {
                        return false
                    }
                }
                // Skip the old section's rows; keep its footer and blank line.
                while old < blocks.count, blocks[old].row != nil { old += 1 }
                while old < blocks.count, blocks[old].row == nil, blocks[old].styles.first != .header {
                    next.append(blocks[old])
                    old += 1
                    if next.last?.lines == [""] { break }
                }
            }
            blocks = next
            indexRows()
            id = page.id
            return true
        }

        private func block(_ block: TextBlock) -> Block {
            // A value's tab would jump to the next tab stop over what is drawn: `^I`.
            var block = block
            if block.text.utf8.contains(0x09) { block.text = block.text.replacingOccurrences(of: "\t", with: "^I") }
            // Most blocks are one line: no need to look for line breaks character by character.
            if !block.text.utf8.contains(0x0A) {
                let style: LineStyle =
                    switch block.role {
                    case .header: .header
                    case .footer: .footer
                    case .row, .blank: .plain
                    }
                return Block(row: block.row, lines: [block.text.isEmpty ? "" : "  " + block.text], styles: [style])
            }
            let text = block.row.flatMap { help[$0] } ?? ""
            var lines: [String] = []
            var styles: [LineStyle] = []
            for (index, line) in block.text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                lines.append(line.isEmpty ? "" : "  " + line)
                styles.append(Self.style(line, index: index, role: block.role, help: text))
            }
            return Block(row: block.row, lines: lines, styles: styles)
        }

        private static func style(_ line: Substring, index: Int, role: TextBlock.Role, help: String) -> LineStyle {
            switch role {
            case .header: return .header
            case .footer: return .footer
            case .blank: return .plain
            case .row:
                guard index > 0 else { return .plain }
                let content = line.drop { $0 == " " }
                if content.hasPrefix("! ") { return .error }
                if !content.isEmpty, help.contains(content) { return .help }
                return .plain
            }
        }
    }

    init(state: EditorState, width: Int, rendered: RenderedPage) {
        if case .picking(let picker) = state.mode {
            drawPicker(picker, title: state.focusedField?.title ?? "")
            return
        }
        let errors = state.errorList
        for error in errors {
            for line in TextWrapping.wrap("! " + TerminalEscaping.screen(error), width: width - 2) {
                append("  " + line, .error)
            }
        }
        if !errors.isEmpty { append("", .plain) }
        switch state.page.content {
        case .entity(let node):
            drawEntity(node, rendered: rendered, state: state, width: width, listed: !errors.isEmpty)
        case .collection(let collection): drawCollection(collection, state: state, width: width)
        case .entries(let map): drawEntries(map, state: state, width: width)
        }
        // After a refused save the list and the first error's row are shown together.
        if state.revealsErrors, !errors.isEmpty { focus = 0..<max(focus.upperBound, errors.count) }
    }

    private mutating func append(_ line: String, _ style: LineStyle) {
        lines.append(line)
        styles.append(style)
    }

    private mutating func drawPicker(_ picker: EditorState.Picker, title: String) {
        let verb = picker.allowsMany ? "Choose any" : "Choose"
        append(
            "  \(verb) \(TerminalEscaping.screen(title)) (type to filter): \(TerminalEscaping.screen(picker.filter))",
            .plain)
        for (index, choice) in picker.matching.enumerated() {
            let box = picker.allowsMany ? (choice.isSelected ? "[x] " : "[ ] ") : (choice.isSelected ? "(•) " : "( ) ")
            let selected = index == picker.selection
            if selected { focus = lines.count..<(lines.count + 1) }
            append((selected ? "› " : "  ") + box + TerminalEscaping.screen(choice.title), selected ? .focused : .plain)
        }
        if picker.matching.isEmpty { append("  (nothing matches)", .help) }
    }

    private mutating func drawEntity(
        _ node: FormNode, rendered: RenderedPage, state: EditorState, width: Int, listed: Bool
    ) {
        let focused = state.focusedPath
        // Errors of no row on this page, unless the list above has them all.
        for error in listed ? [] : node.formErrors {
            for line in TextWrapping.wrap("! " + TerminalEscaping.screen(error), width: width - 2) {
                append("  " + line, .error)
            }
        }
        let hasInvalidInput = !state.invalidInput.isEmpty
        for block in rendered.blocks {
            let isFocused = block.row != nil && block.row == focused
            let start = lines.count
            if isFocused, case .editing(let editor) = state.mode, let field = state.focusedField {
                drawEditor(editor, title: field.title, width: width)
                drawSuggestions(field.offeredSuggestions, width: width)
            } else {
                lines += block.lines
                styles += block.styles
                if isFocused, let first = block.lines.first {
                    lines[start] = "› " + first.dropFirst(2)
                    styles[start] = .focused
                }
            }
            if hasInvalidInput, let row = block.row, let invalid = state.invalidInput[row],
                !(isFocused && state.isEditing)
            {
                for line in TextWrapping.wrap("! " + TerminalEscaping.screen(invalid.message), width: width - 6) {
                    append("    " + line, .error)
                }
            }
            if isFocused { focus = start..<lines.count }
        }
    }

    /// Below an open line editor, the values its field offers (any other text is taken too).
    private mutating func drawSuggestions(_ offered: [String], width: Int) {
        guard !offered.isEmpty else { return }
        let text = "Suggested: " + offered.map(TerminalEscaping.screen).joined(separator: ", ")
        for line in TextWrapping.wrap(text, width: width - 6) { append("    " + line, .help) }
    }

    /// The focused row while its line editor is open: `› Title: [text]`, the cursor in it.
    private mutating func drawEditor(_ editor: LineEditor, title: String, width: Int) {
        let label = "› " + TerminalEscaping.screen(title) + ": ["
        let room = max(1, width - DisplayWidth.of(label) - 1)
        let shown = editor.display(width: room)
        cursor = EditorFrame.Cursor(line: lines.count, column: DisplayWidth.of(label) + shown.cursorColumn)
        append(label + TerminalEscaping.screen(shown.text) + "]", .focused)
    }

    private mutating func drawCollection(_ collection: EditorPage.CollectionContent, state: EditorState, width: Int) {
        let focused = state.focusedPath
        if collection.items.isEmpty {
            append("  Nothing yet: press a to add an item.", .help)
            return
        }
        let opensItems: Bool
        switch collection.field.itemField?.shape {
        case .record?, .records?, .items?, .positions?, .entries?: opensItems = true  // a page each
        case .single?, .alternatives?, nil: opensItems = false
        }
        for item in collection.items {
            let path = collection.path.appending(.index(item.index))
            let isFocused = path == focused
            let number = "\(item.index + 1). "
            if isFocused, case .editing(let editor) = state.mode {
                drawEditor(editor, title: "\(item.index + 1)", width: width)
                focus = (lines.count - 1)..<lines.count
                continue
            }
            let summary = TerminalEscaping.screen(item.summary.isEmpty ? "(empty)" : item.summary)
            let start = lines.count
            append(
                (isFocused ? "› " : "  ") + number + summary + (opensItems ? " >" : ""), isFocused ? .focused : .plain)
            appendErrors(under: path, state: state)
            if isFocused { focus = start..<lines.count }
        }
    }
}

extension EditorBody {
    /// A map's entries, a row each: the key, then the value (`>` when Enter opens the entry), the key
    /// typed in place while it is renamed, and a new entry's key typed below them.
    private mutating func drawEntries(_ map: EditorPage.EntriesContent, state: EditorState, width: Int) {
        var prompt: EditorState.KeyPrompt?
        if case .naming(let typed) = state.mode { prompt = typed }
        if map.entries.isEmpty, prompt == nil {
            append("  Nothing yet: press a to add an entry.", .help)
            return
        }
        let focused = state.focusedPath
        // Keys in a column of their own (a third of the screen at most; a longer key pushes
        // its value along), as the text renderer draws a map.
        let keyColumn = min(
            map.entries.map { DisplayWidth.of(TerminalEscaping.screen($0.context.field.title)) }.max() ?? 0, width / 3)
        for entry in map.entries {
            let path = entry.context.path
            let isFocused = path == focused && prompt?.target != .newEntry(map: map.path)
            let start = lines.count
            if isFocused, let prompt {
                drawEditor(prompt.editor, title: "Key", width: width)
            } else if isFocused, case .editing(let editor) = state.mode {
                drawEditor(editor, title: entry.context.field.title, width: width)
            } else {
                let key = TerminalEscaping.screen(entry.context.field.title)
                // Text the entry did not take is shown as typed (its error follows).
                let shown = state.invalidInput[path]?.text ?? entry.context.display
                let value = TerminalEscaping.screen(shown.isEmpty ? "(empty)" : shown)
                let padding = String(repeating: " ", count: max(0, keyColumn - DisplayWidth.of(key)))
                let opens = entry.context.field.opensPage ? " >" : ""
                append((isFocused ? "› " : "  ") + key + padding + "  " + value + opens, isFocused ? .focused : .plain)
            }
            appendErrors(under: path, state: state)
            if isFocused { focus = start..<lines.count }
        }
        if let prompt, prompt.target == .newEntry(map: map.path) {
            focus = lines.count..<(lines.count + 1)
            drawEditor(prompt.editor, title: "New key", width: width)
        }
    }

    /// The errors of an item or entry and of its fields, under its row: text they did not
    /// take, then the form's.
    private mutating func appendErrors(under path: FormPath, state: EditorState) {
        for (inner, invalid) in state.invalidInput.sorted(by: { $0.key < $1.key }) where inner.hasPrefix(path) {
            append("    ! " + TerminalEscaping.screen(Self.label(inner, under: path, state) + invalid.message), .error)
        }
        for error in state.form.errors where error.path.hasPrefix(path) {
            append(
                "    ! " + TerminalEscaping.screen(Self.label(error.path, under: path, state) + error.message), .error)
        }
    }

    /// `Email: ` for an error of an item's field, nothing for the item's own.
    static func label(_ path: FormPath, under item: FormPath, _ state: EditorState) -> String {
        path == item ? "" : state.fieldTitle(path) + ": "
    }
}

extension EditorState {
    /// Whether a line editor is open.
    var isEditing: Bool {
        if case .editing = mode { return true }
        return false
    }
}
