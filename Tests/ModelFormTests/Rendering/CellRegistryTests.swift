import ModelForm
import Testing

/// A format of the core's tests: a cell's output is its text as it is.
private enum LabelFormat: OutputFormat {
    typealias Writer = StringWriter
    static let name = "label"
    static func escape(_ text: String) -> String { text }
}

/// Another format, which a plugin of `LabelFormat` cells has none for.
private enum OtherFormat: OutputFormat {
    typealias Writer = StringWriter
    static let name = "other"
    static func escape(_ text: String) -> String { text }
}

private func cell(_ name: String) -> Cell<LabelFormat> { Cell(name: name) { _ in name } }

/// How a cell registry resolves a field's cell: by name, field type, value type, fallback,
/// in a fixed order, whatever a plugin calls itself.

@Suite struct CellRegistryTests {
    fileprivate static var registry: CellRegistry<LabelFormat> {
        var registry = CellRegistry<LabelFormat>(unsupported: cell("unsupported"))
        registry.register(cell("email-cell"), for: .email, origin: "built-in")
        registry.register(cell("date-cell"), forValueType: "Date", origin: "dates-plugin")
        registry.register(cell("address-cell"), forValueType: "Address")
        registry.register(cell("fancy"), named: "fancy")
        return registry
    }

    @Test(arguments: [
        (Field(key: "a", type: .email, cell: "fancy"), "fancy", "the field's cell 'fancy' (registered by code)"),
        (Field(key: "a", type: .email), "email-cell", "field type 'email' (registered by built-in)"),
        (
            Field(key: "a", type: .date, valueType: .optional(.date)), "date-cell",
            "value type 'Date' (registered by dates-plugin)"
        ),
        (
            Field(key: "a", type: .collection, valueType: .array(.model("Address"))), "address-cell",
            "value type 'Address' (registered by code)"
        ),
        (Field(key: "a", type: .text), "unsupported", "nothing matched: the unsupported cell (registered by built-in)"),
        (
            Field(key: "a", type: .email, cell: "missing"), "email-cell",
            "field type 'email' (registered by built-in); the field's cell 'missing' is not registered"
        ),
    ])
    func resolutionFollowsTheFixedOrder(field: Field, expected: String, reason: String) {
        let resolution = Self.registry.resolve(field)
        #expect(resolution.cell.name == expected)
        #expect(resolution.explanation == reason)
    }

    @Test func registerDefaultReplacesEveryDefaultAssociation() {
        var registry = Self.registry
        registry.registerDefault(cell("everything"))
        #expect(registry.resolve(Field(key: "a", type: .email)).cell.name == "everything")
        #expect(registry.resolve(Field(key: "a", type: .date, valueType: .date)).cell.name == "everything")
        #expect(registry.resolve(Field(key: "a", type: .email, cell: "fancy")).cell.name == "fancy")
        registry.register(cell("email-again"), for: .email)
        #expect(registry.resolve(Field(key: "a", type: .email)).cell.name == "email-again")
        #expect(registry.resolve(Field(key: "a", type: .text)).reason == .default)
    }

    @Test func pluginsInstallCellsUnderTheirName() {
        var registry = Self.registry
        var plugin = FormPlugin(name: "ratings")
        plugin.fieldTypes = ["rating"]
        plugin.addCells(for: LabelFormat.self) { $0.register(cell("stars"), for: "rating") }
        plugin.addCells(for: LabelFormat.self) { $0.register(cell("own"), for: "own", origin: "its own") }
        registry.install(plugin)
        let resolution = registry.resolve(Field(key: "a", type: "rating"))
        #expect(resolution.cell.name == "stars")
        #expect(resolution.origin == "ratings")
        #expect(registry.resolve(Field(key: "a", type: "own")).origin == "its own", "a second call adds")
        #expect(plugin.cells(for: OtherFormat.self) == nil)
        registry.register(cell("later"), for: .email)
        #expect(registry.resolve(Field(key: "a", type: .email)).origin == "code", "the plugin's name ends with it")
    }

    @Test func aChildRegistryKeepsItsParentsRegistrations() {
        let child = Self.registry.inheriting { $0.register(cell("child-email"), for: .email) }
        #expect(child.resolve(Field(key: "a", type: .date, valueType: .date)).cell.name == "date-cell")
        #expect(child.resolve(Field(key: "a", type: .email)).cell.name == "child-email")
        #expect(Self.registry.resolve(Field(key: "a", type: .email)).cell.name == "email-cell")
    }

    @Test func typedCellsTieTheirViewModelToTheirDrawing() {
        struct Stars: Sendable { var count: Int }
        let stars = Cell<LabelFormat>(
            name: "stars", model: { Stars(count: Int($0.value.intValue ?? 0)) },
            draw: { model in String(repeating: "*", count: model.count) })
        let context = CellContext(
            field: Field(key: "r", type: "rating"), path: "r", value: .int(3), display: "3", inputValue: "3",
            inputName: "r", inputID: "f-r")
        #expect(stars.render(context) == "***")
    }

    /// A plugin's name is a label: one named `built-in` orders its cells as any plugin's
    /// (a field-type cell before value-type cells), not as the cells a renderer ships.
    @Test(arguments: ["built-in", "dates"])
    func aPluginsNameDoesNotChangeTheResolutionOrder(name: String) {
        // A renderer's own registry: its cells are shipped, as `TextCells.standard`'s are.
        var registry = CellRegistry<LabelFormat>.builtIn(
            fallback: cell("value"), unsupported: cell("unsupported"), cells: [.email: cell("shipped-email")])
        registry.register(cell("string-cell"), forValueType: "String")
        var plugin = FormPlugin(name: name)
        plugin.addCells(for: LabelFormat.self) { $0.register(cell("plugin-email"), for: .email) }
        registry.install(plugin)
        let resolution = registry.resolve(Field(key: "a", type: .email, valueType: .string))
        #expect(resolution.cell.name == "plugin-email")
        #expect(resolution.explanation == "field type 'email' (registered by \(name))")
    }
}
