/// Maps fields to cells for one output format (FXForms' `registerCellClass:forFieldType:`,
/// `forFieldClass:` and `registerDefaultFieldCellClass:`), as a value passed to renderers.
///
/// Resolution order, fixed: the field's own `cell` (a name registered with
/// ``register(_:named:origin:)``); then the field type, when a user (not `built-in`)
/// registered it; then the value type (the type, then through optionals and collections to
/// the element type: value-type cells are always a user's); then the built-in field-type
/// cell; then the default cell; then the explicit ``unsupported`` cell. So
/// `cells.register(money, forValueType: Decimal.self)` on a standard registry takes effect,
/// and a user's field-type cell beats a user's value-type cell. ``resolve(_:)`` returns the
/// cell and the reason.
/// Subforms are drawn with the same registry, so they inherit every registration.
/// Each `register` takes an optional `origin`, the name ``CellResolution/explanation``
/// gives as who registered the cell: `code` when omitted, or the ``FormPlugin`` whose
/// ``FormPlugin/addCells(for:_:)`` is making the registration.
///
/// ```swift
/// var cells = HTMLCells.standard
/// cells.register(starsCell, for: .rating)
/// cells.register(moneyCell, forValueType: Decimal.self)
/// let why = cells.resolve(field).explanation  // "field type 'rating' (registered by code)"
/// ```
///
/// A registry for a format of your own, drawing each row of a form with one cell and one layout:
///
/// ```swift
/// let line = Cell<EnvFormat>(name: "line") { context in EnvFormat.escape(context.display) }
/// var cells = CellRegistry<EnvFormat>(unsupported: line)
/// cells.registerDefault(line)
/// let layout = FieldLayout<EnvFormat>(name: "assignment") { context, control in
///     "\(context.inputName)=\(control)\(context.isRequired ? "  # required" : "")\n"
/// }
/// var writer = StringWriter()
/// for section in form.tree().sections {
///     for row in section.rows { cells.draw(row.context, layout: layout, into: &writer) }
/// }
/// let text = writer.output  // "name=Ada\nage=36\n"
/// let resolution: CellResolution<EnvFormat> = cells.resolve(form.config.fields[0])  // the default cell
/// ```
public struct CellRegistry<Format: OutputFormat>: Sendable {
    /// A registered cell and who registered it (a plugin's name, `built-in`, a layout file).
    @usableFromInline struct Entry: Sendable {
        /// The cell.
        @usableFromInline var cell: Cell<Format>
        /// Who registered it.
        @usableFromInline var origin: String
        /// Whether a renderer shipped it (``builtIn(fallback:unsupported:cells:)``): what
        /// orders it after value-type cells, never its origin's name.
        @usableFromInline package var shipped = false

        @usableFromInline init(cell: Cell<Format>, origin: String, shipped: Bool = false) {
            self.cell = cell
            self.origin = origin
            self.shipped = shipped
        }
    }

    // The tables and the resolution are inlinable so that each renderer's module gets them
    // specialised for its format (unspecialised, a lookup costs a thousand instructions).
    @usableFromInline var named: [String: Entry] = [:]
    /// Field-type cells of types that are not built in, by type.
    @usableFromInline var byFieldType: [FieldType: Entry] = [:]
    /// Field-type cells of built-in types, by ``FieldType/builtInTag``: an array lookup per
    /// field instead of hashing the type.
    @usableFromInline var byBuiltInType: [Entry?] = Array(repeating: nil, count: FieldType.tagCount)
    @usableFromInline var byValueType: [String: Entry] = [:]
    @usableFromInline var fallback: Entry?

    /// The cell drawn when nothing else matches.
    public var unsupported: Cell<Format>

    /// Who registers when a `register` call names no origin: `code`, or the plugin whose
    /// cells are being installed.
    package var currentOrigin = "code"

    /// The origin of the cells a renderer ships.
    @usableFromInline package static var builtInOrigin: String { "built-in" }

    /// An empty registry; `unsupported` draws fields nothing else matches.
    public init(unsupported: Cell<Format>) {
        self.unsupported = unsupported
    }

    /// Registers a cell under a name, for fields whose `cell` key names it.
    public mutating func register(_ cell: Cell<Format>, named name: String? = nil, origin: String? = nil) {
        named[name ?? cell.name] = Entry(cell: cell, origin: origin ?? currentOrigin)
    }

    /// Registers a cell for a field type (and under its name).
    public mutating func register(_ cell: Cell<Format>, for type: FieldType, origin: String? = nil) {
        register(Entry(cell: cell, origin: origin ?? currentOrigin), for: type)
    }

    private mutating func register(_ entry: Entry, for type: FieldType) {
        if type.builtInTag == 0 {
            byFieldType[type] = entry
        } else {
            byBuiltInType[type.builtInTag] = entry
        }
        named[entry.cell.name] = named[entry.cell.name] ?? entry
    }

    /// Registers a cell for a value type by name (`Date`, `Decimal`, `Address`), matched
    /// through optionals and collection elements.
    public mutating func register(_ cell: Cell<Format>, forValueType typeName: String, origin: String? = nil) {
        let entry = Entry(cell: cell, origin: origin ?? currentOrigin)
        byValueType[typeName] = entry
        named[cell.name] = named[cell.name] ?? entry
    }

    /// Registers a cell for a Swift value type.
    public mutating func register<T>(_ cell: Cell<Format>, forValueType type: T.Type, origin: String? = nil) {
        register(cell, forValueType: String(describing: type), origin: origin)
    }

    /// Replaces every default association with one cell (FXForms'
    /// `registerDefaultFieldCellClass:`): field-type and value-type registrations made so far
    /// are dropped; named cells stay; later registrations add to it.
    public mutating func registerDefault(_ cell: Cell<Format>, origin: String? = nil) {
        byFieldType = [:]
        byBuiltInType = Array(repeating: nil, count: FieldType.tagCount)
        byValueType = [:]
        let entry = Entry(cell: cell, origin: origin ?? currentOrigin)
        fallback = entry
        named[cell.name] = entry
    }

    /// The registered cell names.
    package var cellNames: Set<String> { Set(named.keys) }

    /// The cell registered under a name.
    public func cell(named name: String) -> Cell<Format>? { named[name]?.cell }

    /// The cell for a field and why it was chosen.
    public func resolve(_ field: Field) -> CellResolution<Format> {
        let skipped = field.cell.flatMap { named[$0] == nil ? $0 : nil }
        switch match(field) {
        case .named(let name, let entry):
            return CellResolution(cell: entry.cell, reason: .perField(name), origin: entry.origin)
        case .fieldType(let entry):
            return CellResolution(
                cell: entry.cell, reason: .fieldType(field.type), origin: entry.origin, missingCell: skipped)
        case .valueType(let name, let entry):
            return CellResolution(
                cell: entry.cell, reason: .valueType(name), origin: entry.origin, missingCell: skipped)
        case .fallback(let entry):
            return CellResolution(cell: entry.cell, reason: .default, origin: entry.origin, missingCell: skipped)
        case .unsupported:
            return CellResolution(cell: unsupported, reason: .unsupported, origin: "built-in", missingCell: skipped)
        }
    }

    /// The step of the resolution order that matches a field, with its entry.
    @usableFromInline enum Match {
        case named(String, Entry)
        case fieldType(Entry)
        case valueType(String, Entry)
        case fallback(Entry)
        case unsupported
    }

    /// The resolution order, once: per-field cell, a non-built-in field-type registration,
    /// a value-type registration, the built-in field-type cell, the default, unsupported.
    @inlinable func match(_ field: Field) -> Match {
        if let name = field.cell, let entry = named[name] { return .named(name, entry) }
        let type = field.type
        let fieldTypeEntry: Entry?
        if type.builtInTag != 0, let entry = byBuiltInType[type.builtInTag] {
            if !entry.shipped { return .fieldType(entry) }
            fieldTypeEntry = entry
        } else {
            fieldTypeEntry = type.builtInTag == 0 ? byFieldType[type] : nil
            if let entry = fieldTypeEntry, !entry.shipped { return .fieldType(entry) }
        }
        if !byValueType.isEmpty {
            for typeName in field.valueTypeNames {
                if let entry = byValueType[typeName] { return .valueType(typeName, entry) }
            }
        }
        if let entry = fieldTypeEntry { return .fieldType(entry) }
        if let fallback { return .fallback(fallback) }
        return .unsupported
    }

    /// The cell that draws a field (``resolve(_:)`` without the explanation).
    @inlinable func cell(for field: Field) -> Cell<Format> {
        // The common case first: no cell named, a built-in type's entry that no value-type
        // cell can come before (the resolution order of ``match(_:)``, read without copying entries).
        let tag = field.type.builtInTag
        if field.cell == nil, tag != 0, let entry = byBuiltInType[tag], !entry.shipped || byValueType.isEmpty {
            return entry.cell
        }
        switch match(field) {
        case .named(_, let entry), .fieldType(let entry), .valueType(_, let entry), .fallback(let entry):
            return entry.cell
        case .unsupported: return unsupported
        }
    }

    /// Draws a field into `writer`: resolves its cell and writes the control inside `layout`.
    @inlinable public func draw(_ context: CellContext, layout: FieldLayout<Format>, into writer: inout Format.Writer) {
        let cell = cell(for: context.field)
        if cell.drawsGroup == context.drawsGroup {
            layout.write(context, &writer) { cell.write(context, &$0) }
        } else {
            var context = context
            context.drawsGroup = cell.drawsGroup
            layout.write(context, &writer) { cell.write(context, &$0) }
        }
    }

    /// Draws a field and returns its text.
    package func draw(_ context: CellContext, layout: FieldLayout<Format>) -> String {
        var writer = Format.Writer(capacity: 256)
        draw(context, layout: layout, into: &writer)
        return writer.output
    }

    /// A renderer's built-in registry: `fallback` for every built-in field type, then `cells`
    /// for the types that draw differently; everything registered by `built-in`.
    package static func builtIn(
        fallback: Cell<Format>, unsupported: Cell<Format>, cells: KeyValuePairs<FieldType, Cell<Format>>
    ) -> CellRegistry {
        var registry = CellRegistry(unsupported: unsupported)
        for type in FieldType.builtIn {
            registry.register(Entry(cell: fallback, origin: builtInOrigin, shipped: true), for: type)
        }
        for (type, cell) in cells {
            registry.register(Entry(cell: cell, origin: builtInOrigin, shipped: true), for: type)
        }
        return registry
    }

    /// A copy with more registrations, for a child form that adds its own while keeping
    /// its parent's.
    package func inheriting(_ additions: (inout CellRegistry) -> Void) -> CellRegistry {
        var child = self
        additions(&child)
        return child
    }
}

/// Which cell a field gets, and why.
public struct CellResolution<Format: OutputFormat>: Sendable {
    /// The step of the resolution order that matched.
    package enum Reason: Hashable, Sendable, CustomStringConvertible {
        /// The field's `cell` key.
        case perField(String)
        /// The field type.
        case fieldType(FieldType)
        /// The value type (or an element type) by name.
        case valueType(String)
        /// The registry's default cell.
        case `default`
        /// Nothing matched.
        case unsupported

        package var description: String {
            switch self {
            case .perField(let name): return "the field's cell '\(name)'"
            case .fieldType(let type): return "field type '\(type)'"
            case .valueType(let name): return "value type '\(name)'"
            case .default: return "the default cell"
            case .unsupported: return "nothing matched: the unsupported cell"
            }
        }
    }

    /// The cell.
    public var cell: Cell<Format>
    /// Why.
    package var reason: Reason
    /// Who registered it.
    package var origin: String
    /// A `cell` name the field asked for that is not registered.
    package var missingCell: String?

    init(cell: Cell<Format>, reason: Reason, origin: String, missingCell: String? = nil) {
        self.cell = cell
        self.reason = reason
        self.origin = origin
        self.missingCell = missingCell
    }

    /// "field type 'email' (registered by built-in)", with a note when the field's own cell
    /// name was not found.
    public var explanation: String {
        let base = "\(reason) (registered by \(origin))"
        return missingCell.map { "\(base); the field's cell '\($0)' is not registered" } ?? base
    }
}
