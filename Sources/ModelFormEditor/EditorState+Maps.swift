import ModelForm

extension EditorState {
    /// Keys on a map's page: `a` asks for a new entry's key and adds it (focused; Enter
    /// edits or opens it), `r` asks for a new key for the focused entry, `d` asks to remove
    /// it. Entries keep the data's order: `K` / `J` say so.
    mutating func handleMap(_ key: Key, map: FormPath, field: Field) {
        guard !field.readOnly else {
            message = "\(field.title) cannot be changed here"
            return
        }
        switch key {
        case .character("a"):
            mode = .naming(KeyPrompt(editor: LineEditor(""), target: .newEntry(map: map)))
        case .character("r"):
            guard let path = focusedPath, case .key(let name) = path.last else { return }
            mode = .naming(KeyPrompt(editor: LineEditor(name), target: .rename(entry: path)))
        case .character("d"):
            guard let path = focusedPath, case .key(let name) = path.last else { return }
            let question = "Remove the entry \(FormPath.quoted(name))? (y/N)"
            mode = .confirming(Confirmation(question: question, action: .removeItem(path)))
        case .character("K"), .character("J"):
            message = "\(field.title) keeps its entries in the data's order"
        default: break
        }
    }

    /// Keys while a key is typed: Enter adds or renames (a refused key stays open with the
    /// reason on the status line), Escape abandons, the rest edit the key.
    mutating func handleKeyPrompt(_ key: Key, _ prompt: KeyPrompt) {
        var prompt = prompt
        switch key {
        case .enter:
            let name = prompt.editor.value
            do {
                switch prompt.target {
                case .newEntry(let map):
                    let path = try form.addEntry(name, to: map)
                    mode = .navigating
                    message = nil
                    refresh(keeping: path)
                case .rename(let entry):
                    let path = try form.renameEntry(at: entry, to: name)
                    mode = .navigating
                    message = nil
                    if let map = entry.parent, let old = entry.last, let new = path.last {
                        moveInvalidInput(in: map) { $0 == old ? new : $0 }
                    }
                    refresh(keeping: path)
                }
            } catch {
                message = error.fieldErrors.first?.message ?? "\(error)"
            }
        case .escape:
            mode = .navigating
            message = nil
        default:
            prompt.editor.handle(key)
            mode = .naming(prompt)
        }
    }
}
