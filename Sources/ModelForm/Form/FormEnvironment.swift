/// What a form draws and parses with, installed once: the theme, value transformers,
/// validation checks, the input parser, plugins, and cell registries per output format.
///
/// ```swift
/// var environment = FormEnvironment()
/// environment.theme.tokens["accent"] = "#0a84ff"
/// environment.transformers.register(.table("gender", [.string("m"): "Male", .string("f"): "Female"]))
/// var form = try Form(editing: User(), environment: environment)
/// ```
///
/// Cells of your own for a format, and the theme's style sheets:
///
/// ```swift
/// var cells = HTMLCells.standard
/// cells.register(Cell<HTMLFormat>(name: "town") { "<b>\(HTMLFormat.escape($0.inputValue))</b>" }, named: "town")
/// var environment = FormEnvironment()
/// environment.setCells(cells)  // every HTML render of the form draws with these
/// environment.theme.assets["css"] = ["form { max-width: 40rem }"]  // the theme's style sheets
/// ```
public struct FormEnvironment: Sendable {
    /// The theme renderers draw with (unless a renderer is given one of its own).
    public var theme: Theme = .default
    /// Value transformers by name (display, option titles, reading typed text back).
    public var transformers = ValueTransformers()
    /// Custom checks and model checks.
    public var validator = Validator()
    /// How typed text becomes values.
    package var parser = InputParser()
    /// The plugins installed, in order; renderers install their cells too.
    package private(set) var plugins: [FormPlugin] = []
    private var registries: [String: any Sendable] = [:]

    /// An environment with nothing installed.
    public init() {}

    /// The field types a forms file may name: the built-ins and every installed plugin's.
    package var fieldTypes: Set<FieldType> {
        Set(FieldType.builtIn).union(plugins.flatMap(\.fieldTypes))
    }

    /// Installs a plugin: its transformers and checks now, its cells in every renderer.
    public mutating func install(_ plugin: FormPlugin) {
        plugins.append(plugin)
        transformers.install(plugin)
        validator.install(plugin)
    }

    /// Makes `registry` the cells for its format, replacing the renderer's own.
    public mutating func setCells<Format: OutputFormat>(_ registry: CellRegistry<Format>) {
        registries[Format.name] = registry
    }

    /// The cells to draw with in a format: the registry set with ``setCells(_:)``, else
    /// `base` (a renderer's), with the plugins' cells installed on top.
    package func cells<Format: OutputFormat>(_ base: CellRegistry<Format>) -> CellRegistry<Format> {
        var registry = registries[Format.name] as? CellRegistry<Format> ?? base
        for plugin in plugins { registry.install(plugin) }
        return registry
    }
}
