/// A named bundle that extends ModelForm: field types, value transformers, validation
/// checks and cells for any formats. Its name appears wherever its parts are used.
///
/// ```swift
/// var money = FormPlugin(name: "money")
/// money.fieldTypes = ["money"]
/// money.transformers = [ValueTransformer(name: "cents") { "\(Double($0.intValue ?? 0) / 100)" }]
/// money.addCells(CellPlugin<HTMLFormat>(name: "money", registrations: [.init(moneyCell, for: .fieldType("money"))]))
/// var environment = FormEnvironment()
/// environment.install(money)   // its field types, transformers, checks and cells
/// ```
public struct FormPlugin: Sendable {
    /// The plugin's name.
    public var name: String
    /// Field types it adds (for config loading to accept).
    public var fieldTypes: [FieldType] = []
    /// Value transformers it adds.
    public var transformers: [ValueTransformer] = []
    /// Validation checks it adds, for `custom` rules.
    public var checks: [String: Validator.Check] = [:]
    private var cellsByFormat: [String: any Sendable] = [:]

    /// An empty plugin.
    public init(name: String) { self.name = name }

    /// Adds cells for one format.
    public mutating func addCells<Format: OutputFormat>(_ cells: CellPlugin<Format>) {
        cellsByFormat[Format.name] = CellPlugin<Format>(name: name, registrations: cells.registrations)
    }

    /// Its cells for a format, if it has any.
    public func cells<Format: OutputFormat>(for format: Format.Type) -> CellPlugin<Format>? {
        cellsByFormat[Format.name] as? CellPlugin<Format>
    }
}

extension CellRegistry {
    /// Installs a plugin's cells for this format.
    package mutating func install(_ plugin: FormPlugin) {
        if let cells = plugin.cells(for: Format.self) { install(cells) }
    }
}

extension Validator {
    /// Registers a plugin's checks.
    package mutating func install(_ plugin: FormPlugin) {
        for (name, check) in plugin.checks { register(name, check) }
    }
}

extension ValueTransformers {
    /// Registers a plugin's transformers.
    package mutating func install(_ plugin: FormPlugin) {
        for transformer in plugin.transformers { register(transformer) }
    }
}
