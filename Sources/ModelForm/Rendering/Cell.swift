/// A cell: draws one field's control in one output format. A value holding a closure,
/// not a class to subclass.
///
/// ```swift
/// let stars = Cell<HTMLFormat>(name: "stars") { context in
///     String(repeating: "★", count: Int(context.value.intValue ?? 0))
/// }
/// registry.register(stars, for: .rating)
/// ```
public struct Cell<Format: OutputFormat>: Sendable {
    /// The cell's name (what a field's `cell` key names).
    public var name: String
    /// Draws the control.
    public var render: @Sendable (CellContext) -> String
    /// Whether the cell draws several controls (radio buttons, check boxes), so the chrome
    /// labels it as a group (HTML: a fieldset and legend) rather than with one label.
    public var drawsGroup: Bool

    /// A cell.
    public init(name: String, drawsGroup: Bool = false, render: @escaping @Sendable (CellContext) -> String) {
        self.name = name
        self.drawsGroup = drawsGroup
        self.render = render
    }

    /// A typed cell: `makeModel` builds the view model the cell draws, and the compiler
    /// checks that `draw` takes exactly that model (seed 003's `Row<ViewModel>`).
    ///
    /// ```swift
    /// struct Stars: Sendable { var count: Int }
    /// let cell = Cell<PlainTextFormat>(name: "stars", model: { Stars(count: Int($0.value.intValue ?? 0)) }) { stars in
    ///     String(repeating: "*", count: stars.count)
    /// }
    /// ```
    public init<ViewModel>(
        name: String, model makeModel: @escaping @Sendable (CellContext) -> ViewModel,
        draw: @escaping @Sendable (ViewModel) -> String
    ) {
        self.init(name: name) { context in draw(makeModel(context)) }
    }

    /// Escapes user text for this cell's format.
    public static func escape(_ text: String) -> String { Format.escape(text) }
}

/// The chrome around a control: label, required mark, help text and errors. The control
/// is the cell; a theme can replace the layout.
public struct FieldLayout<Format: OutputFormat>: Sendable {
    /// The layout's name.
    public var name: String
    /// Wraps a rendered control (`control`) with the field's chrome.
    public var render: @Sendable (_ context: CellContext, _ control: String) -> String

    /// A field layout.
    public init(name: String, render: @escaping @Sendable (_ context: CellContext, _ control: String) -> String) {
        self.name = name
        self.render = render
    }
}
