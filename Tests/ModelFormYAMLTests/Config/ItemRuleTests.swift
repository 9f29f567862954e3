import ModelForm
import ModelFormYAML
import Testing

/// A text rule checks text: on a list or a map field it is a located error in the forms file
/// (it would never be applied), and on the field's `template` it checks every item or entry.
@Suite struct ItemRuleTests {
    static let types = """
        root: Team
        types:
          Team:
            name: String
            tags: "[String]"
            labels: "[String: String]"
        """

    static func configs(_ forms: String) throws -> ConfigDictionary {
        var configs = ConfigDictionary(try TypeDefinitionLoader.load(text: types, file: "team.types.yaml"))
        try ConfigLoader().apply(text: forms, file: "team.forms.yaml", to: &configs)
        return configs
    }

    @Test(arguments: [
        (
            "tags: {rules: [{pattern: \"^[a-z]+$\"}]}",
            "team.forms.yaml:3:19: error: 'pattern' checks text, and 'tags' is a list"
        ),
        ("labels: {rules: [{email: true}]}", "team.forms.yaml:3:21: error: 'email' checks text, and 'labels' is a map"),
    ])
    func aTextRuleOnAListOrAMapIsAnError(override: String, message: String) throws {
        let error = #expect(throws: DiagnosticList.self) {
            try Self.configs("Team:\n  overrides:\n    \(override)\n")
        }
        #expect(error?.description.contains(message) == true, "\(String(describing: error))")
        #expect(error?.description.contains("template: {rules: [...]}") == true)
    }

    @Test func aTemplatesRulesCheckEveryItemAndEntry() throws {
        let configs = try Self.configs(
            """
            Team:
              overrides:
                tags: {template: {rules: [{pattern: "^[a-z]+$"}]}}
                labels: {template: {rules: [{length: {max: 3}}]}}
            """)
        let values = FormValue.record([
            "name": .string("A"), "tags": .list([.string("ok"), .string("Bad!")]),
            "labels": .record(["a": .string("abc"), "b": .string("abcd")]),
        ])
        var form = Form(values: values, configs: configs)
        let errors = form.validate()
        #expect(errors.map(\.path.description) == ["tags[1]", "labels.b"], "\(errors)")
        #expect(errors.first?.message == "does not have the expected format")
    }
}
