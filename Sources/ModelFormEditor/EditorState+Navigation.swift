import ModelForm

extension EditorState {
    /// Keys while moving between rows.
    mutating func handleNavigation(_ key: Key, pageSize: Int) {
        switch key {
        case .enter, .space: activate(key)
        case .escape: back()
        case .control("s"): save()
        case .character("a"), .character("d"), .character("K"), .character("J"): handleCollection(key)
        default: move(key, pageSize: pageSize)
        }
    }

    /// Moves the focus; every move keeps the status message unless asked not to.
    mutating func move(_ key: Key, pageSize: Int, keepingMessage: Bool = false) {
        let count = rows.count
        guard count > 0 else { return }
        switch key {
        case .down, .tab: focus = min(count - 1, focus + 1)
        case .up, .shiftTab: focus = max(0, focus - 1)
        case .pageDown: focus = min(count - 1, focus + pageSize)
        case .pageUp: focus = max(0, focus - pageSize)
        case .home: focus = 0
        case .end: focus = count - 1
        default: return
        }
        if !keepingMessage { message = nil }
    }

    /// Escape: back to the page before (its opener focused), or cancel on the form's own
    /// page, asking first when something changed.
    mutating func back() {
        message = nil
        if let closed = trail.popLast() {
            refresh(keeping: closed)
        } else {
            cancel()
        }
    }

    /// Enter or Space on the focused row: what it does depends on the field.
    mutating func activate(_ key: Key) {
        guard let path = focusedPath, let field = focusedField else { return }
        message = nil
        let opens = field.type == .collection || (field.relationship != nil && field.type == .subform)
        if opens, key == .enter {
            trail.append(path)
            focus = 0
            refresh(keeping: nil)
            return
        }
        guard !field.readOnly, form.fieldState(at: path).isEnabled else {
            message = "\(fieldTitle(path)) cannot be changed here"
            return
        }
        if field.type == .boolean || field.type == .option {
            set(form.values[path] == .bool(true) ? "false" : "true", at: path)
            return
        }
        guard key == .enter else { return }
        if field.type.choosesOptions || field.type == .multiSelect || field.type == .bitfield {
            openPicker(for: path, field: field)
            return
        }
        let current =
            invalidInput[path]?.text ?? form.values[path].map {
                FieldDisplay(configs: form.configs).inputValue($0, for: field)
            } ?? ""
        if field.type == .longText, usesExternalEditor {
            request = .editText(path, current)
            return
        }
        mode = .editing(LineEditor(field.type == .password ? "" : current, masked: field.type == .password))
    }

    /// Keys while a line editor is open: Enter confirms, Escape abandons, moving keys
    /// confirm and move on (even when the text does not parse: its error stays shown).
    mutating func handleEditor(_ key: Key, _ editor: LineEditor, pageSize: Int) {
        var editor = editor
        switch key {
        case .enter:
            confirm(editor)
        case .escape:
            mode = .navigating
            message = nil
        case .control("s"):
            // Save takes the text being typed first.
            confirm(editor)
            save()
        case .tab, .shiftTab, .up, .down:
            confirm(editor)
            move(key, pageSize: pageSize, keepingMessage: true)
        default:
            editor.handle(key)
            mode = .editing(editor)
        }
    }

    private mutating func confirm(_ editor: LineEditor) {
        mode = .navigating
        guard let path = focusedPath else { return }
        set(editor.value, at: path)
    }
}
