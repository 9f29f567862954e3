import ModelForm

/// The terminal editor as a pure state machine: a key in, the next state out; the screen is
/// drawn from the state (``EditorScreen``), so nearly everything is tested without a terminal.
///
/// The focus always moves (an invalid field never traps the user); Enter edits a text or
/// number field in a line editor, toggles a boolean, opens a picker for options, opens a
/// relationship or a collection (Escape goes back); Ctrl-S saves; Escape on the form's own
/// page cancels, asking first when there are changes.
///
/// ```swift
/// var state = EditorState(
///     form: Form(values: .record(["name": .string("Ada")]), configs: configs, typeName: "Person"))
/// state.handle(.enter)  // edit the name
/// state.handle(.control("u"))  // clear it
/// for character in "Grace" { state.handle(.character(character)) }
/// state.handle(.enter)  // confirm: the form now holds "Grace"
/// state.handle(.control("s"))  // save: state.outcome == .saved(...)
/// ```
public struct EditorState: Sendable {
    /// What the editor is doing.
    public enum Mode: Hashable, Sendable {
        case navigating
        case editing(LineEditor)
        case picking(Picker)
        case confirming(Confirmation)
        /// Typing a map entry's key: a new entry's, or a new key for one.
        case naming(KeyPrompt)
    }

    /// The key being typed for a map's entry.
    public struct KeyPrompt: Hashable, Sendable {
        /// What Enter does with the key.
        public enum Target: Hashable, Sendable {
            /// Adds an entry with the key to the map at this path.
            case newEntry(map: FormPath)
            /// Renames the entry at this path.
            case rename(entry: FormPath)
        }

        /// The key being typed.
        public var editor: LineEditor
        /// What Enter does with it.
        public var target: Target
    }

    /// A yes/no question (`Discard changes? (y/N)`): `y` does it, any other key does not.
    public struct Confirmation: Hashable, Sendable {
        /// What a yes does.
        public enum Action: Hashable, Sendable {
            case discardChanges
            case removeItem(FormPath)
        }

        /// The question shown on the status line.
        public var question: String
        /// What a yes does.
        public var action: Action
    }

    /// Something only the terminal shell can do, asked for by a key.
    public enum Request: Hashable, Sendable {
        /// Edit the long text at a path in `$EDITOR`; answer with ``EditorState/finishExternalEdit(_:failure:)``.
        case editText(FormPath, String)
    }

    /// Text a field did not take, and why.
    public struct InvalidInput: Hashable, Sendable {
        /// What was typed.
        public var text: String
        /// Why the field did not take it.
        public var message: String
    }

    /// How a key ended the session, if it did.
    public enum Outcome: Hashable, Sendable {
        case saved(FormValue)
        case cancelled
    }

    /// The form being edited.
    public internal(set) var form: Form<FormValue>
    /// The focused row's position among ``rows``.
    public internal(set) var focus = 0
    /// What the editor is doing.
    public internal(set) var mode = Mode.navigating
    /// A message for the status line (a save refused, a parse error).
    public internal(set) var message: String?
    /// How a key ended the session.
    public internal(set) var outcome: Outcome?
    /// What the shell is asked to do before the next key.
    public internal(set) var request: Request?
    /// The relationships and collections opened, outermost first (empty: the form's own page).
    public internal(set) var trail: [FormPath] = []
    /// Text typed into fields that did not take it, with why, by path: shown in place of
    /// the value with the error under it, offered again by the next edit, and refused by save.
    public internal(set) var invalidInput: [FormPath: InvalidInput] = [:]
    /// Whether a save was refused: the page then lists every error at its top until none is left.
    public internal(set) var listsErrors = false
    /// Whether the last key was a refused save: the screen scrolls the list into view.
    public internal(set) var revealsErrors = false
    /// Whether long text and free JSON go to `$EDITOR` (the shell sets it when one is
    /// configured).
    public var usesExternalEditor = false
    /// The page shown, its rules applied to the current values.
    public private(set) var page: EditorPage
    /// The paths of the rows that take the focus, in screen order.
    public private(set) var rows: [FormPath]

    /// An editor over a form, the focus on `focus` when it names a row of the form's page.
    public init(form: Form<FormValue>, focus path: FormPath? = nil) {
        self.form = form
        page = EditorPage(form: form, trail: [])
        rows = page.rows
        if let path { reveal(path) }
    }

    /// Focuses the row at `path`, opening the relationships and collections on this page
    /// that lead to it (`address.city` opens Address); stops at the last row found on the way.
    mutating func reveal(_ path: FormPath) {
        while true {
            if let index = rows.firstIndex(of: path) {
                focus = index
                return
            }
            guard let index = rows.firstIndex(where: { path.hasPrefix($0) }) else { return }
            focus = index
            let opener = rows[index]
            guard let field = try? form.field(at: opener), field.opensPage else { return }
            trail.append(opener)
            focus = 0
            refresh(keeping: nil)
        }
    }

    /// The entity, collection or map shown: the form's own, or the one opened last.
    public var shownPath: FormPath { trail.last ?? FormPath() }

    /// The titles from the form to the page shown: `Team › Members › Grace Hopper`.
    public var breadcrumb: [String] { page.breadcrumb }

    /// The focused row's path.
    public var focusedPath: FormPath? { rows.indices.contains(focus) ? rows[focus] : nil }

    /// The focused row's field.
    public var focusedField: Field? { focusedPath.flatMap { try? form.field(at: $0) } }

    /// Rebuilds the page after the form or the trail changed, keeping the focus on `path`
    /// when it is still shown (rules may have hidden rows before it).
    mutating func refresh(keeping path: FormPath?, changedRows: Set<FormPath>? = nil) {
        let previous = page.id
        page = EditorPage(form: form, trail: trail)
        if let changedRows { page.changes = (previous, changedRows) }
        rows = page.rows
        if let path, let index = rows.firstIndex(of: path) {
            focus = index
        } else {
            focus = min(focus, max(0, rows.count - 1))
        }
    }

    /// Applies one key; `pageSize` is how far PgUp and PgDn move.
    public mutating func handle(_ key: Key, pageSize: Int = 10) {
        guard outcome == nil, request == nil else { return }
        revealsErrors = false
        if key == .control("c") {
            cancel()
            return
        }
        switch mode {
        case .picking(let picker): handlePicker(key, picker)
        case .editing(let editor): handleEditor(key, editor, pageSize: pageSize)
        case .confirming(let confirmation): handleConfirmation(key, confirmation)
        case .naming(let prompt): handleKeyPrompt(key, prompt)
        case .navigating: handleNavigation(key, pageSize: pageSize)
        }
    }

    /// Ends an external edit asked for by ``request``: `nil` when it was abandoned or failed
    /// (the message says why), else the new text, checked as a typed one would be.
    public mutating func finishExternalEdit(_ text: String?, failure: String? = nil) {
        guard case .editText(let path, _)? = request else { return }
        request = nil
        message = failure
        guard var text else { return }
        // Editors add a final line break; it is not part of the value.
        if text.hasSuffix("\n") { text.removeLast() }
        set(text, at: path)
    }

    /// Sets text at a path, showing its error on the status line when it does not parse.
    mutating func set(_ text: String, at path: FormPath) {
        // Only this row and the rows whose rules read it are redrawn, when the field is one
        // of the page's own rows and no error list is shown (a new value may change it).
        var redrawn: Set<FormPath>? = nil
        if form.errors.isEmpty, path.parent == shownPath, case .entity = page.content {
            redrawn = Set(form.fieldStates(affectedBy: path).map(\.path) + [path])
        }
        do {
            try form.setText(text, at: path)
            invalidInput[path] = nil
            message = nil
            // Errors shown since a refused save follow the values.
            if !form.errors.isEmpty { form.validate() }
        } catch {
            redrawn = nil
            let reason = error.fieldErrors.first?.message ?? "\(error)"
            invalidInput[path] = InvalidInput(text: text, message: reason)
            message = "\(fieldTitle(path)): \(reason)"
        }
        refresh(keeping: path, changedRows: redrawn)
    }

    /// A field's title for messages (its path when it has none).
    func fieldTitle(_ path: FormPath) -> String {
        (try? form.field(at: path)).map(\.title).flatMap { $0.isEmpty ? nil : $0 } ?? path.description
    }

    /// Ctrl-C: leaves whatever is open and cancels the session, asking first when something
    /// changed; a second Ctrl-C at that question is a yes.
    mutating func cancel() {
        if case .confirming(let confirmation) = mode, confirmation.action == .discardChanges {
            handleConfirmation(.character("y"), confirmation)
            return
        }
        mode = .navigating
        message = nil
        if form.isDirty {
            mode = .confirming(Confirmation(question: "Discard changes? (y/N)", action: .discardChanges))
        } else {
            form.cancel()
            outcome = .cancelled
        }
    }

    private mutating func handleConfirmation(_ key: Key, _ confirmation: Confirmation) {
        mode = .navigating
        message = nil
        guard key == .character("y") || key == .character("Y") else { return }
        switch confirmation.action {
        case .discardChanges:
            form.cancel()
            outcome = .cancelled
        case .removeItem(let path):
            do {
                try form.removeItem(at: path)
                if let collection = path.parent, case .index(let removed) = path.last {
                    moveInvalidInput(in: collection) { $0 == removed ? nil : $0 > removed ? $0 - 1 : $0 }
                } else {
                    invalidInput = invalidInput.filter { !$0.key.hasPrefix(path) }
                }
            } catch {
                message = "\(error)"
            }
            refresh(keeping: nil)
        }
    }

    /// How many errors the status line counts: text not taken, then the form's own.
    public var errorCount: Int { invalidInput.count + form.errors.count }

    /// Every error, as `Title: message`, while a refused save has them listed: text fields
    /// did not take first, then the form's own.
    public var errorList: [String] {
        guard listsErrors, errorCount > 0 else { return [] }
        let typed = invalidInput.sorted { $0.key < $1.key }.map { "\(fieldTitle($0.key)): \($0.value.message)" }
        return typed + form.errors.map { $0.path.isRoot ? $0.message : "\(fieldTitle($0.path)): \($0.message)" }
    }

    mutating func save() {
        listsErrors = true
        revealsErrors = true
        if let first = invalidInput.keys.sorted().first {
            let count = invalidInput.count
            message = count == 1 ? "not saved: fix the field first" : "not saved: fix the \(count) fields first"
            focusError(at: first)
            return
        }
        do {
            outcome = .saved(try form.commit())
        } catch {
            let errors = form.errors
            message =
                errors.count == 1 ? "not saved: fix the error first" : "not saved: fix the \(errors.count) errors first"
            refresh(keeping: focusedPath)
            if let first = errors.first?.path { focusError(at: first) }
        }
    }

    /// Focuses the row of an error: on this page when it is here, else the form's own page
    /// at the row that leads to it.
    private mutating func focusError(at path: FormPath) {
        // Back to the form's own page unless the field is on this one, then down the
        // relationships and collections that lead to it.
        if !rows.contains(where: { path.hasPrefix($0) }) {
            trail = []
            refresh(keeping: nil)
        }
        reveal(path)
    }
}
