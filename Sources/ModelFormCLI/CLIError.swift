/// A user mistake or failed operation: a message for standard error and an exit status.
/// Never a stack trace.
///
/// Exit statuses: 0 success; 1 invalid input (errors in files, refused edits, failed
/// checks); 2 a file could not be read or written; 64 a usage error (from the argument parser).
public struct CLIError: Error, Sendable, CustomStringConvertible {
    /// The message (possibly several lines, such as rendered diagnostics).
    public var message: String
    /// The exit status.
    public var status: Int32

    /// An error.
    public init(_ message: String, status: Int32 = 1) {
        self.message = message
        self.status = status
    }

    public var description: String { message }

    /// Exit status for invalid input.
    public static let invalidInput: Int32 = 1
    /// Exit status for I/O failures.
    public static let ioFailure: Int32 = 2
}
