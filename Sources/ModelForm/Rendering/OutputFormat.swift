/// An output format, used as a phantom type so that a cell for one format cannot be
/// registered for another (`CellRegistry<HTMLFormat>` takes only `Cell<HTMLFormat>`).
/// Each format lives in its renderer module and owns its escaping and its writer.
///
/// A format of your own: its name, its escaping and its writer (a cell layout template may also place the
/// pieces ``templateMarkup(for:)`` gives).
///
/// ```swift
/// enum EnvFormat: OutputFormat {
///     typealias Writer = StringWriter
///     static let name = "env"
///     static func escape(_ text: String) -> String { text.replacingOccurrences(of: "\n", with: "\\n") }
///     static func templateMarkup(for context: CellContext) -> [String: String] { ["name": context.inputName] }
/// }
/// ```
public protocol OutputFormat: Sendable {
    /// What cells and layouts write into (HTML: a byte buffer; text: lines with widths).
    associatedtype Writer: FormatWriter
    /// The format's name in cell layouts and themes: `text`, `markdown`, `html`.
    static var name: String { get }
    /// Makes user text safe to place in this format's output.
    static func escape(_ text: String) -> String
    /// Pieces a cell layout template may place as they are (`markup.attributes` in HTML:
    /// the control's id, name and ARIA attributes), made by the format's own module.
    static func templateMarkup(for context: CellContext) -> [String: String]
}

extension OutputFormat {
    public static func templateMarkup(for context: CellContext) -> [String: String] { [:] }
}

/// Where a format's output is written: cells and layouts append to it.
///
/// A writer of your own keeps what it is given in its own way:
///
/// ```swift
/// struct LineWriter: FormatWriter {
///     var lines: [String] = []
///     init(capacity: Int) {}
///     mutating func raw(_ text: String) { lines.append(text) }
///     var output: String { lines.joined(separator: "\n") }
/// }
/// ```
///
/// A part drawn on its own, then placed:
///
/// ```swift
/// var lines = LineWriter(capacity: 0)
/// var part = lines.fresh()  // an empty writer to draw a part on its own
/// part.raw("name=Ada")
/// lines.raw(part.output)
/// ```
public protocol FormatWriter: Sendable {
    /// An empty writer with room for about `capacity` bytes.
    init(capacity: Int)
    /// Appends text made in the format already (escaped).
    mutating func raw(_ text: String)
    /// Everything written so far.
    var output: String { get }
    /// An empty writer with this one's settings (widths, placement), for drawing a part
    /// on its own before placing it.
    func fresh() -> Self
}

extension FormatWriter {
    public func fresh() -> Self { Self(capacity: 128) }
}

/// A writer that builds a `String`; formats with settings of their own wrap one.
public struct StringWriter: FormatWriter {
    /// The text so far.
    public private(set) var output: String

    public init(capacity: Int = 128) {
        output = ""
        output.reserveCapacity(capacity)
    }

    public mutating func raw(_ text: String) { output += text }
}
