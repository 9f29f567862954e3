import ModelForm

/// An error in a source file, reported as compilers do:
///
/// ```
/// config/forms.yaml:12:9: error: unknown field 'emial' in 'RegistrationForm'; did you mean 'email'?
///    12 |       - emial
///       |         ^
/// ```
public struct Diagnostic: Error, Hashable, Sendable, CustomStringConvertible {
    /// Where.
    public var mark: SourceMark
    /// What.
    public var message: String

    /// A diagnostic.
    public init(_ message: String, at mark: SourceMark) {
        self.mark = mark
        self.message = message
    }

    /// `file:line:col: error: message`.
    public var description: String { "\(mark): error: \(message)" }

    /// The message, the source line and a caret under the column (display columns, so
    /// wide and combining characters line up).
    public func rendered(source: String?) -> String {
        guard let source, let line = Self.line(mark.line, of: source) else { return description }
        let prefix = line.unicodeScalars.prefix(max(0, mark.column - 1))
        var padding = ""
        for scalar in prefix {
            padding += scalar == "\t" ? "\t" : String(repeating: " ", count: DisplayWidth.of(scalar))
        }
        let number = String(mark.line)
        let gutter = String(repeating: " ", count: number.count)
        return "\(description)\n \(number) | \(line)\n \(gutter) | \(padding)^"
    }

    static func line(_ number: Int, of source: String) -> String? {
        var current = 1
        for line in source.split(separator: "\n", omittingEmptySubsequences: false) {
            if current == number { return String(line.hasSuffix("\r") ? line.dropLast() : line) }
            current += 1
        }
        return nil
    }
}

/// Every diagnostic found in one or more sources, reported together; nothing was loaded.
public struct DiagnosticList: Error, Hashable, Sendable, CustomStringConvertible {
    /// The diagnostics in source order.
    public var diagnostics: [Diagnostic]
    /// The texts of the files they point into, by path, for rendering source lines.
    public var sources: [String: String]

    /// A list of diagnostics.
    public init(_ diagnostics: [Diagnostic], sources: [String: String] = [:]) {
        // Stable: diagnostics at the same place keep the order they were found in.
        self.diagnostics = diagnostics.enumerated().sorted { a, b in
            let (x, y) = (a.element.mark, b.element.mark)
            if x.file != y.file { return x.file < y.file }
            if x.line != y.line { return x.line < y.line }
            if x.column != y.column { return x.column < y.column }
            return a.offset < b.offset
        }.map(\.element)
        self.sources = sources
    }

    /// Every diagnostic with its source line and caret, separated by blank lines.
    public var description: String {
        diagnostics.map { $0.rendered(source: sources[$0.mark.file]) }.joined(separator: "\n")
    }
}
