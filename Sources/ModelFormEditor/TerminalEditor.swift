import Foundation
import ModelForm

/// Runs an editor in a terminal until the user saves or cancels; the terminal is restored
/// before it returns, however the editor ends.
public enum TerminalEditor {
    /// Runs `state` in `session`. `color` turns the theme's colours on (off for `NO_COLOR`);
    /// `externalEditor` is the command long text opens in (`$VISUAL` or `$EDITOR`), if any.
    public static func run(_ state: EditorState, in session: TerminalSession, color: Bool, externalEditor: String?)
        -> EditorState
    {
        defer { session.close() }
        return runKeepingSession(state, in: session, color: color, externalEditor: externalEditor)
    }

    /// Runs `state` in `session` and leaves the session open, for a list of records the form
    /// returns to.
    package static func runKeepingSession(
        _ state: EditorState, in session: TerminalSession, color: Bool, externalEditor: String?
    ) -> EditorState {
        var state = state
        state.usesExternalEditor = externalEditor != nil
        let decoder = KeyDecoder()
        var size = session.size
        var screen = EditorScreen(width: size.width, height: size.height)
        var painter = FramePainter(color: color, theme: state.form.environment.theme)
        var dirty = true
        while state.outcome == nil {
            if session.takeResize() {
                size = session.size
                screen = EditorScreen(width: size.width, height: size.height)
                painter.invalidate()
                dirty = true
            }
            if dirty {
                session.write(painter.paint(screen.frame(state)))
                dirty = false
            }
            if case .editText(_, let text)? = state.request, let externalEditor {
                session.restore()
                let result = ExternalEditor(command: externalEditor).edit(text)
                session.resume()
                state.finishExternalEdit(result.text, failure: result.failure)
                painter.invalidate()
                dirty = true
                continue
            }
            let bytes = session.read()
            guard !bytes.isEmpty else { continue }
            for key in decoder.keys(bytes) {
                switch key {
                case .control("z"):
                    session.suspend()
                    painter.invalidate()
                case .control("l"):
                    painter.invalidate()
                default:
                    // Ctrl-C arrives as a key in raw mode, not as a signal: the state cancels.
                    state.handle(key, pageSize: max(1, size.height - 4))
                }
            }
            dirty = true
        }
        return state
    }
}

/// Long text in the user's editor: the text in a private temporary file, the editor run on
/// it through `/bin/sh` (so `EDITOR="code --wait"` works), the file read back.
struct ExternalEditor {
    var command: String

    /// The edited text, or `nil` with why when the editor failed (the text is then unchanged).
    func edit(_ text: String) -> (text: String?, failure: String?) {
        let directory = ProcessInfo.processInfo.environment["TMPDIR"] ?? "/tmp"
        var template = Array("\(directory)/modelform-XXXXXX.txt".utf8CString)
        let descriptor = mkstemps(&template, 4)
        guard descriptor >= 0 else { return (nil, "cannot create a temporary file in \(directory)") }
        let path = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
        defer { unlink(path) }
        let bytes = Array(text.utf8)
        let written = bytes.withUnsafeBytes { Foundation.write(descriptor, $0.baseAddress, $0.count) }
        close(descriptor)
        guard written == bytes.count else { return (nil, "cannot write the temporary file") }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", command + " \"$1\"", "sh", path]
        do {
            try process.run()
            process.waitUntilExit()
        } catch {
            return (nil, "cannot run the editor \(command)")
        }
        guard process.terminationStatus == 0 else {
            return (nil, "the editor exited with status \(process.terminationStatus); the text is unchanged")
        }
        guard let data = FileManager.default.contents(atPath: path) else { return (nil, "cannot read the edited text") }
        return (String(decoding: data, as: UTF8.self), nil)
    }
}
