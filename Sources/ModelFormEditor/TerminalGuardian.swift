import Foundation

/// Restores the terminal when the editor dies without doing it itself (a crash, SIGKILL):
/// a small shell process started before raw mode, holding the original settings (`stty -g`
/// form). It waits on a pipe from the editor; the editor's normal end says `done`, anything
/// else (the pipe closed by the editor's death) makes it put the settings back and leave the
/// alternate screen. It ignores the signals a terminal sends, so it outlives the editor.
struct TerminalGuardian: Sendable {
    private let pipe: FileHandle

    /// Starts a guardian for the terminal on `input` / `output`; `nil` when `/bin/sh` cannot run.
    init?(input: Int32, output: Int32, original: termios) {
        // The terminal by name: the guardian's own standard descriptors are a pipe and
        // /dev/null (descriptors handed to a child can be renumbered under each other).
        // SIGTTOU ignored: it runs in a process group of its own, in the background.
        guard let inputName = ttyname(input).map({ String(cString: $0) }),
            let outputName = ttyname(output).map({ String(cString: $0) })
        else { return nil }
        let script = """
            trap '' INT TERM HUP TSTP TTOU
            read line
            [ "$line" = done ] && exit 0
            stty "$1" < "$2" 2>/dev/null
            printf '\\033[0m\\033[?25h\\033[?1049l' > "$3"
            """
        let pipe = Pipe()
        // Only the editor may hold the writing end: were the guardian to inherit it, it
        // would never see the end of its input.
        _ = fcntl(pipe.fileHandleForWriting.fileDescriptor, F_SETFD, FD_CLOEXEC)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = [
            "-c", script, "modelform-terminal-guardian", Self.sttyText(original), inputName, outputName,
        ]
        process.standardInput = pipe
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        do { try process.run() } catch { return nil }
        pipe.fileHandleForReading.closeFile()
        self.pipe = pipe.fileHandleForWriting
    }

    /// The editor ended normally: the guardian leaves without touching the terminal.
    func dismiss() {
        // A guardian that is gone must not take the editor with it (SIGPIPE).
        let previous = signal(SIGPIPE, SIG_IGN)
        try? pipe.write(contentsOf: Data("done\n".utf8))
        try? pipe.close()
        signal(SIGPIPE, previous)
    }

    /// Settings as `stty -g` prints them (GNU): the four flag words, then every control
    /// character, in hexadecimal, separated by colons.
    static func sttyText(_ settings: termios) -> String {
        var settings = settings
        var parts = [settings.c_iflag, settings.c_oflag, settings.c_cflag, settings.c_lflag].map {
            String($0, radix: 16)
        }
        withUnsafeBytes(of: &settings.c_cc) { bytes in
            parts += bytes.map { String($0, radix: 16) }
        }
        return parts.joined(separator: ":")
    }
}
