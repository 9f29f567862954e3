import ModelForm
import ModelFormYAML
import Testing

/// A plugin's field types are field types wherever a forms file is read with its
/// environment: `Form.applyForms` and `ConfigLoader(environment:)`.
@Suite struct PluginFieldTypeTests {
    struct Order: Codable { var price = 0 }
    static let forms = "Order: {overrides: {price: {type: money}}}"

    static var money: FormPlugin {
        var plugin = FormPlugin(name: "money")
        plugin.fieldTypes = ["money"]
        return plugin
    }

    @Test func withoutThePluginMoneyIsUnknown() throws {
        var form = try Form(editing: Order())
        let error = try #require(throws: DiagnosticList.self) {
            try form.applyForms(text: Self.forms, file: "order.forms.yaml")
        }
        #expect(error.diagnostics.map(\.message) == ["unknown field type 'money'"])
        #expect(form.config.field("price")?.type == .integer)
    }

    @Test func theFormsEnvironmentKnowsThePluginsFieldTypes() throws {
        var environment = FormEnvironment()
        environment.install(Self.money)
        var form = try Form(editing: Order(), environment: environment)
        try form.applyForms(text: Self.forms, file: "order.forms.yaml")
        #expect(form.config.field("price")?.type == "money")
        var configs = ConfigDictionary(try ModelDescription(type: Order.self))
        try ConfigLoader(environment: environment).apply(text: Self.forms, file: "order.forms.yaml", to: &configs)
        #expect(configs[Order.self]?.field("price")?.type == "money")
    }
}
