/// A renderer that draws ``Form``s: it has cells for its format and a theme, and draws a
/// tree. Drawing a form adopts the form's environment the same way in every format.
package protocol FormRenderer: Sendable {
    /// The format drawn.
    associatedtype Format: OutputFormat
    /// The renderer's own cells.
    var cells: CellRegistry<Format> { get set }
    /// The renderer's own theme (`.default`: none of its own).
    var theme: Theme { get set }
}
