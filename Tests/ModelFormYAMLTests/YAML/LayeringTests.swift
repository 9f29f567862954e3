import ModelForm
import ModelFormTesting
import ModelFormYAML
import Testing

@Suite struct LayeringTests {
    @Test func inferenceThenFilesInOrderThenCode() throws {
        var configs = ConfigDictionary(try ModelDescription(type: RegistrationForm.self))
        #expect(configs.root.field("name")?.title == "Name")
        try ConfigLoader().apply(
            text: "RegistrationForm: {overrides: {name: {title: First, placeholder: p1}}}", file: "a.yaml", to: &configs
        )
        try ConfigLoader().apply(
            text: "RegistrationForm: {overrides: {name: {title: Second}}}", file: "b.yaml", to: &configs)
        let name = try #require(configs.root.field("name"))
        #expect(name.title == "Second")
        #expect(name.placeholder == "p1")
        #expect(name.sources == ["title": "b.yaml:1:46", "placeholder": "a.yaml:1:66"])
        try configs["RegistrationForm"]?.update("name") {
            $0.title = "Third"
            $0.sources["title"] = "code"
        }
        #expect(configs.root.field("name")?.title == "Third")
    }

    @Test func aFailedFileChangesNothing() throws {
        var configs = ConfigDictionary(try ModelDescription(type: RegistrationForm.self))
        let before = configs.root
        #expect(throws: DiagnosticList.self) {
            try ConfigLoader().apply(
                text: "RegistrationForm: {overrides: {name: {title: X}, nope: {}}}", file: "a.yaml", to: &configs)
        }
        #expect(configs.root == before)
    }

    @Test func theBundledSettingsExampleLoadsAndEdits() throws {
        var configs = ConfigDictionary(
            try TypeDefinitionLoader.load(
                text: PackagePaths.text("config/settings.types.yaml"), file: "settings.types.yaml"))
        try ConfigLoader().apply(
            text: PackagePaths.text("config/settings.forms.yaml"), file: "settings.forms.yaml", to: &configs)
        let values = try ValuesFile.read(
            text: PackagePaths.text("config/settings.values.yaml"), file: "settings.values.yaml", typeName: "Settings",
            configs: configs)
        #expect(configs.root.sections.map(\.header) == ["General", "More"])
        #expect(configs.root.field("theme")?.options.map(\.title) == ["Light", "Dark", "Use System Setting"])
        #expect(configs.root.actions.map(\.title) == ["Save", "Sign Out", "Reset All Settings"])
        #expect(configs["Account"]?.field("lastSync")?.type == .dateTime)
        var session = FormSession(values: values, configs: configs)
        #expect(throws: FormError.notEditable("username", "it is read-only")) {
            try session.setText("bob", at: "username")
        }
        try session.setText("Dark", at: "theme")
        try session.setText("120", at: "volume")
        #expect(throws: FormError.self) { try session.commit() }
        #expect(session.errors.map(\.description) == ["volume: must be between 0 and 100"])
        try session.setText("20", at: "display.textSize")
        try session.setText("40", at: "volume")
        try session.commit()
        #expect(session.value(at: "theme") == .string("dark"))
    }
}
