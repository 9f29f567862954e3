/// A named bundle that extends ModelForm: field types, value transformers, validation
/// checks and cells for any formats. Its name appears wherever its parts are used.
///
/// ```swift
/// var money = FormPlugin(name: "money")
/// money.fieldTypes = ["money"]
/// money.transformers = [ValueTransformer(name: "cents") { "\(Double($0.intValue ?? 0) / 100)" }]
/// money.addCells(for: HTMLFormat.self) { $0.register(moneyCell, for: "money") }
/// var environment = FormEnvironment()
/// environment.install(money)  // its field types, transformers, checks and cells
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
    /// Per format's name, a ``CellAdditions`` of that format.
    private var cellsByFormat: [String: any Sendable] = [:]

    /// An empty plugin.
    public init(name: String) { self.name = name }

    /// Adds cells for one format: `register` makes the plugin's registrations on each
    /// registry of that format the plugin is installed in, and every cell it registers
    /// without naming an origin is registered by the plugin's name. Called again for the
    /// same format, it adds to what was there.
    public mutating func addCells<Format: OutputFormat>(
        for format: Format.Type, _ register: @escaping @Sendable (inout CellRegistry<Format>) -> Void
    ) {
        let earlier = cells(for: format)
        cellsByFormat[Format.name] = CellAdditions<Format> { registry in
            earlier?.register(&registry)
            register(&registry)
        }
    }

    /// Its cells for a format, if it has any.
    package func cells<Format: OutputFormat>(for format: Format.Type) -> CellAdditions<Format>? {
        cellsByFormat[Format.name] as? CellAdditions<Format>
    }
}

/// The registrations a plugin makes on a registry of one format.
package struct CellAdditions<Format: OutputFormat>: Sendable {
    package let register: @Sendable (inout CellRegistry<Format>) -> Void
}

extension CellRegistry {
    /// Installs a plugin's cells for this format, registered by the plugin's name.
    package mutating func install(_ plugin: FormPlugin) {
        guard let cells = plugin.cells(for: Format.self) else { return }
        let outer = currentOrigin
        currentOrigin = plugin.name
        cells.register(&self)
        currentOrigin = outer
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
