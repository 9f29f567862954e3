import Foundation
import Synchronization

/// The thin shell around ``EditorState``: raw mode through termios, the alternate screen,
/// keys in and frames out, and the terminal restored on every way out: a return or a thrown
/// error (``close()``), SIGINT, SIGTERM and SIGHUP (dispatch sources, so no global state is
/// needed), and a crash or SIGKILL (a `TerminalGuardian` process restores it then).
public final class TerminalSession: Sendable {
    private let input: Int32
    private let output: Int32
    private let original: termios
    private let raw: termios
    /// Whether the terminal is in the editor's hands (raw mode, alternate screen).
    private let active = Atomic<Bool>(false)
    private let resized = Atomic<Bool>(false)
    private let guardian: TerminalGuardian?
    private let closed = Atomic<Bool>(false)
    /// The signal sources, kept alive for the session; set once in `init`, never changed.
    nonisolated(unsafe) private let sources: [any DispatchSourceSignal]

    /// Why a session cannot start.
    public struct Unavailable: Error, CustomStringConvertible {
        public var description: String
    }

    /// Takes over the terminal on `input`/`output` (standard input and output by default).
    public init(input: Int32 = STDIN_FILENO, output: Int32 = STDOUT_FILENO) throws {
        guard isatty(input) == 1, isatty(output) == 1 else {
            throw Unavailable(description: "standard input and output must be a terminal")
        }
        var attributes = termios()
        guard tcgetattr(input, &attributes) == 0 else {
            throw Unavailable(description: "cannot read the terminal's settings")
        }
        self.input = input
        self.output = output
        original = attributes
        var raw = attributes
        raw.c_iflag &= ~tcflag_t(BRKINT | ICRNL | INPCK | ISTRIP | IXON)
        raw.c_oflag &= ~tcflag_t(OPOST)
        raw.c_cflag |= tcflag_t(CS8)
        raw.c_lflag &= ~tcflag_t(ECHO | ICANON | IEXTEN | ISIG)
        self.raw = raw
        guardian = TerminalGuardian(input: input, output: output, original: attributes)
        guard tcsetattr(input, TCSAFLUSH, &raw) == 0 else {
            guardian?.dismiss()
            throw Unavailable(description: "cannot switch the terminal to raw mode")
        }
        active.store(true, ordering: .releasing)
        var sources: [any DispatchSourceSignal] = []
        for number in [SIGTERM, SIGHUP, SIGINT, SIGWINCH] {
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            sources.append(source)
        }
        self.sources = sources
        for (source, number) in zip(sources, [SIGTERM, SIGHUP, SIGINT, SIGWINCH]) {
            source.setEventHandler { [self] in
                if number == SIGWINCH {
                    resized.store(true, ordering: .relaxed)
                } else {
                    restore()
                    exit(128 + number)
                }
            }
            source.resume()
        }
        write("\u{1B}[?1049h\u{1B}[?25l")
    }

    deinit { close() }

    /// Ends the session: the terminal restored, the signals given back their default
    /// handling, the guardian dismissed.
    public func close() {
        guard !closed.exchange(true, ordering: .acquiringAndReleasing) else { return }
        restore()
        for source in sources { source.cancel() }
        for number in [SIGTERM, SIGHUP, SIGINT, SIGWINCH] { signal(number, SIG_DFL) }
        guardian?.dismiss()
    }

    /// Puts the terminal back as it was (once, whoever calls first, until ``resume()``).
    public func restore() {
        guard active.exchange(false, ordering: .acquiringAndReleasing) else { return }
        write("\u{1B}[0m\u{1B}[?25h\u{1B}[?1049l")
        var attributes = original
        tcsetattr(input, TCSAFLUSH, &attributes)
    }

    /// Takes the terminal back after ``restore()`` (after a suspension or an external
    /// editor): raw mode and the alternate screen again. The caller repaints everything.
    public func resume() {
        guard !active.exchange(true, ordering: .acquiringAndReleasing) else { return }
        var attributes = raw
        tcsetattr(input, TCSAFLUSH, &attributes)
        write("\u{1B}[?1049h\u{1B}[?25l")
    }

    /// Ctrl-Z: gives the terminal back and stops the process as the shell's job control
    /// expects; returns after `fg` with the terminal taken again.
    public func suspend() {
        restore()
        // The whole process group stops, as job control expects (a script that runs the editor too).
        kill(0, SIGTSTP)
        resume()
    }

    /// The terminal's size in columns and rows (80x24 when it cannot say).
    public var size: (width: Int, height: Int) {
        var window = winsize()
        guard ioctl(output, UInt(TIOCGWINSZ), &window) == 0, window.ws_col > 0, window.ws_row > 0 else {
            return (80, 24)
        }
        return (Int(window.ws_col), Int(window.ws_row))
    }

    /// Whether the terminal was resized since the last call.
    public func takeResize() -> Bool { resized.exchange(false, ordering: .relaxed) }

    /// The bytes of the next read, waiting at most `timeout` milliseconds (empty on timeout).
    public func read(timeout: Int32 = 100) -> [UInt8] {
        var descriptor = pollfd(fd: input, events: Int16(POLLIN), revents: 0)
        guard poll(&descriptor, 1, timeout) > 0 else { return [] }
        var buffer = [UInt8](repeating: 0, count: 256)
        let count = Foundation.read(input, &buffer, buffer.count)
        return count > 0 ? Array(buffer[..<count]) : []
    }

    /// Writes bytes as they are (a ``FramePainter``'s output).
    public func write(_ text: String) {
        var text = text
        text.withUTF8 { bytes in
            guard let base = bytes.baseAddress else { return }
            var offset = 0
            while offset < bytes.count {
                let written = Foundation.write(output, base + offset, bytes.count - offset)
                if written <= 0 {
                    if errno == EINTR { continue }
                    return
                }
                offset += written
            }
        }
    }
}
