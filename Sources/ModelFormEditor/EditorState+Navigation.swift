import ModelForm

extension EditorState {
    /// Keys while moving between rows.
    mutating func handleNavigation(_ key: Key, pageSize: Int) {
        switch key {
        case .enter, .space: activate(key)
        case .escape: back()
        case .control("s"): save()
        case .character("a"), .character("d"), .character("K"), .character("J"), .character("r"):
            handleCollection(key)
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

    /// Enter or Space on the focused row: what it does depends on the field. On a map's
    /// page Enter edits a scalar entry's value (`r` renames it).
    mutating func activate(_ key: Key) {
        guard let path = focusedPath, let field = focusedField else { return }
        message = nil
        if field.opensPage, key == .enter {
            trail.append(path)
            focus = 0
            refresh(keeping: nil)
            return
        }
        guard !field.readOnly, form.fieldState(at: path).isEnabled else {
            message = "\(fieldTitle(path)) cannot be changed here"
            return
        }
        if case .alternatives = field.shape {
            // Choose the alternative; a record alternative's fields then open as a page.
            if key == .enter { openPicker(for: path, field: field) }
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
        let display = FieldDisplay(configs: form.configs)
        let multiLine = field.type == .longText || field.type == .json
        // Free JSON is typed on one line here, indented in an editor of one's own.
        let current =
            invalidInput[path]?.text ?? form.values[path].map {
                field.type == .json && !usesExternalEditor
                    ? display.display($0, for: field) : display.inputValue($0, for: field)
            } ?? ""
        if multiLine, usesExternalEditor {
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

extension Field {
    /// Whether Enter on the field's row opens a page of its own: a collection, a map, or a
    /// related entity (an inline subform too: the editor draws it as one row).
    var opensPage: Bool {
        switch shape {
        case .records, .items, .positions, .entries: true
        case .record: type == .subform
        case .single, .alternatives: false
        }
    }
}
