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
    package init(_ message: String, at mark: SourceMark) {
        self.mark = mark
        self.message = message
    }

    /// `file:line:col: error: message`.
    public var description: String { "\(mark): error: \(message)" }

    /// The message, the source line and a caret under the column (display columns, so
    /// wide and combining characters line up). A line longer than ``excerptLength``
    /// characters (minified JSON) is cut to a window of that many around the column, with
    /// `…` where it was cut.
    package func rendered(source: String?) -> String {
        rendered(lines: source.map(SourceLines.init))
    }

    /// The most characters of a source line a diagnostic quotes.
    package static let excerptLength = 120

    func rendered(lines: SourceLines?) -> String {
        guard let line = lines?.line(mark.line) else { return description }
        let scalars = line.unicodeScalars
        let column = max(0, mark.column - 1)
        // The window: up to half the length before the column, the rest after it.
        let start =
            scalars.index(
                scalars.startIndex, offsetBy: max(0, column - Self.excerptLength / 2), limitedBy: scalars.endIndex)
            ?? scalars.endIndex
        let end = scalars.index(start, offsetBy: Self.excerptLength, limitedBy: scalars.endIndex) ?? scalars.endIndex
        let caret = scalars.index(scalars.startIndex, offsetBy: column, limitedBy: scalars.endIndex) ?? scalars.endIndex
        let cutBefore = start > scalars.startIndex
        let cutAfter = end < scalars.endIndex
        let shown = (cutBefore ? "…" : "") + String(scalars[start..<end]) + (cutAfter ? "…" : "")
        var padding = cutBefore ? " " : ""
        for scalar in scalars[start..<max(start, caret)] {
            padding += scalar == "\t" ? "\t" : String(repeating: " ", count: DisplayWidth.of(scalar))
        }
        let number = String(mark.line)
        let gutter = String(repeating: " ", count: number.count)
        return "\(description)\n \(number) | \(shown)\n \(gutter) | \(padding)^"
    }
}

/// Where each line of a source starts, found in one pass, so that showing many
/// diagnostics' lines costs the file once, not once per diagnostic.
struct SourceLines {
    private let source: String
    private var starts: [String.Index] = []

    init(_ source: String) {
        self.source = source
        let utf8 = source.utf8
        starts.append(utf8.startIndex)
        var index = utf8.startIndex
        while index < utf8.endIndex {
            let next = utf8.index(after: index)
            if utf8[index] == UInt8(ascii: "\n") { starts.append(next) }
            index = next
        }
    }

    /// Line `number` (1-based) without its line break, `nil` past the end.
    func line(_ number: Int) -> String? {
        guard number >= 1, number <= starts.count else { return nil }
        let start = starts[number - 1]
        var end = number < starts.count ? source.utf8.index(before: starts[number]) : source.utf8.endIndex
        if end > start, source.utf8[source.utf8.index(before: end)] == UInt8(ascii: "\r") {
            end = source.utf8.index(before: end)
        }
        return String(source[start..<end])
    }
}

/// Every diagnostic found in one or more sources, reported together; nothing was loaded.
///
/// Each error with its place:
///
/// ```swift
/// do throws(DiagnosticList) {
///     _ = try JSONParser.parse("{\"name\": }", file: "guest.json")
/// } catch {
///     for diagnostic: Diagnostic in error.diagnostics {
///         print(diagnostic.mark.line, diagnostic.mark.column, diagnostic.message)
///     }
/// }
/// ```
public struct DiagnosticList: Error, Hashable, Sendable, CustomStringConvertible {
    /// The diagnostics in source order.
    public var diagnostics: [Diagnostic]
    /// The texts of the files they point into, by path, for rendering source lines.
    package var sources: [String: String]

    /// A list of diagnostics.
    package init(_ diagnostics: [Diagnostic], sources: [String: String] = [:]) {
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

    /// The first ``InputLimits/printedDiagnostics`` diagnostics with their source lines and
    /// carets, then how many more there are.
    public var description: String {
        var lines: [String: SourceLines] = [:]
        var parts: [String] = []
        for diagnostic in diagnostics.prefix(InputLimits.printedDiagnostics) {
            let file = diagnostic.mark.file
            if lines[file] == nil, let source = sources[file] { lines[file] = SourceLines(source) }
            parts.append(diagnostic.rendered(lines: lines[file]))
        }
        if let omission = InputLimits.omission(total: diagnostics.count, shown: parts.count) { parts.append(omission) }
        return parts.joined(separator: "\n")
    }
}
