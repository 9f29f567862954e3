/// A place in a source file: 1-based line and column (in characters).
public struct SourceMark: Hashable, Sendable, CustomStringConvertible {
    /// The file path as given.
    public var file: String
    /// The line, from 1.
    public var line: Int
    /// The column, from 1, counted in Unicode scalars.
    public var column: Int

    /// A mark.
    package init(file: String, line: Int, column: Int) {
        self.file = file
        self.line = line
        self.column = column
    }

    /// `file:line:column`.
    public var description: String { "\(file):\(line):\(column)" }
}
