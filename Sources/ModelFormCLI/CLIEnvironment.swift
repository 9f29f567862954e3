import Foundation
import ModelForm
import ModelFormText
import Synchronization

/// Where a command reads and writes: the process's streams and environment, or a test's.
/// Passed to commands as a task-local value, so tests run commands in-process.
public struct CLIEnvironment: Sendable {
    /// Writes to standard output.
    public var out: @Sendable (String) -> Void
    /// Writes UTF-8 bytes to standard output: a large page, with no `String` made of it. By
    /// default, ``out`` of the bytes decoded.
    public var outUTF8: @Sendable (UnsafeBufferPointer<UInt8>) -> Void
    /// Writes to standard error.
    public var err: @Sendable (String) -> Void
    /// Reads all of standard input.
    public var readInput: @Sendable () -> Data
    /// Reads one line of standard input without its line break (`nil` at the end), for
    /// commands that ask questions.
    public var readLine: @Sendable () -> String?
    /// Environment variables.
    public var variables: [String: String]
    /// Whether standard output is a terminal.
    public var outputIsTerminal: Bool
    /// The folder relative paths start from.
    public var directory: String

    /// An environment.
    ///
    /// - Parameters:
    ///   - out: Writes to standard output.
    ///   - err: Writes to standard error.
    ///   - readInput: Reads all of standard input.
    ///   - readLine: Reads one line of standard input (`nil` at its end); by default from `readInput`.
    ///   - variables: The environment variables.
    ///   - outputIsTerminal: Whether standard output is a terminal (colour, the editor).
    ///   - directory: The folder relative paths start from.
    ///   - outUTF8: Writes UTF-8 bytes to standard output; by default `out` of the bytes decoded.
    public init(
        out: @escaping @Sendable (String) -> Void, err: @escaping @Sendable (String) -> Void,
        readInput: @escaping @Sendable () -> Data, readLine: (@Sendable () -> String?)? = nil,
        variables: [String: String],
        outputIsTerminal: Bool, directory: String,
        outUTF8: (@Sendable (UnsafeBufferPointer<UInt8>) -> Void)? = nil
    ) {
        self.out = out
        self.outUTF8 = outUTF8 ?? { out(String(decoding: $0, as: UTF8.self)) }
        self.err = err
        self.readInput = readInput
        self.readLine = readLine ?? LineSource(readInput).next
        self.variables = variables
        self.outputIsTerminal = outputIsTerminal
        self.directory = directory
    }

    /// The process's own streams and environment.
    public static var process: CLIEnvironment {
        CLIEnvironment(
            // A stream closed by its reader (`serve | head -1`) loses the output, not the process.
            // The text's own bytes are written (a copy of a large page was its size again).
            out: { try? AtomicFile.writeAll($0, to: STDOUT_FILENO) },
            err: { try? FileHandle.standardError.write(contentsOf: Data($0.utf8)) },
            readInput: { FileHandle.standardInput.readDataToEndOfFile() },
            readLine: { Swift.readLine(strippingNewline: true) },
            variables: ProcessInfo.processInfo.environment,
            outputIsTerminal: isatty(STDOUT_FILENO) == 1,
            directory: FileManager.default.currentDirectoryPath,
            outUTF8: { try? AtomicFile.writeAll($0, to: STDOUT_FILENO) })
    }

    /// Reads a secret (a password) from a terminal without echoing it: the terminal's echo is
    /// off while the line is typed, then restored, and the line break is written. From
    /// anything but a terminal, a line as ``readLine`` reads it.
    public var readSecret: @Sendable () -> String? {
        let readLine = self.readLine
        let out = self.out
        return {
            var saved = termios()
            guard isatty(STDIN_FILENO) == 1, tcgetattr(STDIN_FILENO, &saved) == 0 else { return readLine() }
            var silent = saved
            silent.c_lflag &= ~tcflag_t(ECHO)
            tcsetattr(STDIN_FILENO, TCSAFLUSH, &silent)
            defer {
                tcsetattr(STDIN_FILENO, TCSAFLUSH, &saved)
                out("\n")
            }
            return readLine()
        }
    }

    /// Writes a message to standard output with control characters in caret notation
    /// (values and names in messages cannot drive the terminal).
    func say(_ message: String) { out(TerminalEscaping.escape(message)) }

    /// Writes a message to standard error, escaped as ``say(_:)`` does.
    func complain(_ message: String) { err(TerminalEscaping.escape(message)) }

    /// The environment commands run in.
    @TaskLocal public static var current: CLIEnvironment = .process

    /// A path resolved against ``directory``.
    public func path(_ path: String) -> String {
        path.hasPrefix("/") ? path : (directory as NSString).appendingPathComponent(path)
    }

    /// An environment that records what it is given, for tests.
    public static func capturing(
        input: String = "", variables: [String: String] = [:], terminal: Bool = false, directory: String
    ) -> (CLIEnvironment, Captured) {
        let captured = Captured()
        let environment = CLIEnvironment(
            out: { text in captured.out.withLock { $0 += text } },
            err: { text in captured.err.withLock { $0 += text } },
            readInput: { Data(input.utf8) }, variables: variables, outputIsTerminal: terminal, directory: directory)
        return (environment, captured)
    }

    /// What a capturing environment recorded.
    public final class Captured: Sendable {
        let out = Mutex("")
        let err = Mutex("")
        /// Everything written to standard output.
        public var output: String { out.withLock { $0 } }
        /// Everything written to standard error.
        public var errors: String { err.withLock { $0 } }
    }
}

/// Lines of an input read whole on first use: the line reader of an environment that only
/// knows how to read everything (a test's).
private final class LineSource: Sendable {
    private let read: @Sendable () -> Data
    private let state = Mutex<(lines: [String], next: Int)?>(nil)

    init(_ read: @escaping @Sendable () -> Data) { self.read = read }

    @Sendable func next() -> String? {
        state.withLock { state in
            if state == nil {
                var lines = String(decoding: read(), as: UTF8.self).split(omittingEmptySubsequences: false) {
                    $0 == "\n" || $0 == "\r\n"
                }.map(String.init)
                if lines.last == "" { lines.removeLast() }
                state = (lines, 0)
            }
            guard let current = state, current.next < current.lines.count else { return nil }
            state?.next += 1
            return current.lines[current.next]
        }
    }
}
