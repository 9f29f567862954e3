/// A renderer that draws ``Form``s: it has cells for its format and a theme, and draws a
/// tree. Drawing a form adopts the form's environment the same way in every format.
public protocol FormRenderer: Sendable {
    /// The format drawn.
    associatedtype Format: OutputFormat
    /// The renderer's own cells.
    var cells: CellRegistry<Format> { get set }
    /// The renderer's own theme (`.default`: none of its own).
    var theme: Theme { get set }
}

extension FormRenderer {
    /// This renderer with the form's environment: the plugins' cells on top of its own
    /// registry (or the environment's registry for the format), and its own theme when it
    /// has one, else the form's.
    public func adopting<Model>(_ form: Form<Model>) -> Self {
        var renderer = self
        renderer.cells = form.environment.cells(cells)
        if theme == .default { renderer.theme = form.environment.theme }
        return renderer
    }
}
