/// A cell: draws one field's control in one output format, writing into the format's
/// writer. A value holding a closure, not a class to subclass.
///
/// ```swift
/// let stars = Cell<HTMLFormat>(name: "stars") { context in
///     String(repeating: "★", count: Int(context.value.intValue ?? 0))
/// }
/// cells.register(stars, for: .rating)
/// ```
public struct Cell<Format: OutputFormat>: Sendable {
    /// The cell's name (what a field's `cell` key names).
    public var name: String
    /// Writes the control.
    public var write: @Sendable (CellContext, inout Format.Writer) -> Void
    /// Whether the cell draws several controls (radio buttons, check boxes), so the chrome
    /// labels it as a group (HTML: a fieldset and legend) rather than with one label.
    public var drawsGroup: Bool

    /// A cell that writes into the format's writer.
    public init(
        name: String, drawsGroup: Bool = false, write: @escaping @Sendable (CellContext, inout Format.Writer) -> Void
    ) {
        self.name = name
        self.drawsGroup = drawsGroup
        self.write = write
    }

    /// A cell that returns its control as text in the format (escape user text with the
    /// format's ``OutputFormat/escape(_:)``: `HTMLFormat.escape(context.inputValue)`).
    public init(name: String, drawsGroup: Bool = false, render: @escaping @Sendable (CellContext) -> String) {
        self.init(name: name, drawsGroup: drawsGroup) { context, writer in writer.raw(render(context)) }
    }

    /// A typed cell: `makeModel` builds the view model the cell draws, and the compiler
    /// checks that `draw` takes exactly that model (seed 003's `Row<ViewModel>`).
    ///
    /// ```swift
    /// struct Stars: Sendable { var count: Int }
    /// let cell = Cell<PlainTextFormat>(
    ///     name: "stars", model: { Stars(count: Int($0.value.intValue ?? 0)) },
    ///     draw: { stars in String(repeating: "*", count: stars.count) })
    /// ```
    public init<ViewModel>(
        name: String, model makeModel: @escaping @Sendable (CellContext) -> ViewModel,
        draw: @escaping @Sendable (ViewModel) -> String
    ) {
        self.init(name: name) { context in draw(makeModel(context)) }
    }

    /// The control on its own, as text.
    package func render(_ context: CellContext) -> String {
        var writer = Format.Writer(capacity: 128)
        write(context, &writer)
        return writer.output
    }

    /// Escapes user text for this cell's format.
    package static func escape(_ text: String) -> String { Format.escape(text) }
}

/// The chrome around a control: label, required mark, help text and errors. The control
/// is the cell; a theme can replace the layout.
public struct FieldLayout<Format: OutputFormat>: Sendable {
    /// The layout's name.
    public var name: String
    /// Writes the chrome, calling `control` where the control goes.
    public var write:
        @Sendable (_ context: CellContext, _ writer: inout Format.Writer, _ control: (inout Format.Writer) -> Void) ->
            Void

    /// A layout that writes into the format's writer.
    public init(
        name: String,
        write:
            @escaping @Sendable (
                _ context: CellContext, _ writer: inout Format.Writer, _ control: (inout Format.Writer) -> Void
            ) -> Void
    ) {
        self.name = name
        self.write = write
    }

    /// A layout that wraps the control's text (`control`) and returns the field's text.
    public init(name: String, render: @escaping @Sendable (_ context: CellContext, _ control: String) -> String) {
        self.init(name: name) { context, writer, control in
            var inner = writer.fresh()
            control(&inner)
            writer.raw(render(context, inner.output))
        }
    }

    /// The field's text around an already drawn control.
    package func render(_ context: CellContext, _ control: String) -> String {
        var writer = Format.Writer(capacity: control.utf8.count + 128)
        write(context, &writer) { $0.raw(control) }
        return writer.output
    }
}
