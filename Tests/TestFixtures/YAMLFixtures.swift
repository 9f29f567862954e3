import ModelForm
import ModelFormTesting
import ModelFormYAML

/// The forms the tests share, from YAML files in this checkout: `config/registration` and
/// the editor's fixtures in `Tests/Golden/editor/fixtures`.
public enum YAMLFixtures {
    /// Where a fixture's files start (`NAME.types.yaml`, `NAME.forms.yaml`, `NAME.values.yaml`).
    static func base(_ name: String) -> String {
        name == "registration" ? "config/registration" : "Tests/Golden/editor/fixtures/\(name)"
    }

    /// A fixture's configs and root type.
    public static func configs(_ name: String) throws -> (ConfigDictionary, String) {
        let description = try TypeDefinitionLoader.load(
            text: PackagePaths.text("\(base(name)).types.yaml"), file: "\(name).types.yaml")
        var configs = ConfigDictionary(description)
        if let forms = try? PackagePaths.text("\(base(name)).forms.yaml") {
            try ConfigLoader().apply(text: forms, file: "\(name).forms.yaml", to: &configs)
        }
        return (configs, description.root)
    }

    /// A fixture's form over its values file.
    public static func form(_ name: String) throws -> Form<FormValue> {
        let (configs, typeName) = try configs(name)
        let values = try ValuesFile.read(
            text: PackagePaths.text("\(base(name)).values.yaml"), file: "\(name).values.yaml", typeName: typeName,
            configs: configs)
        return Form(values: values, configs: configs, typeName: typeName)
    }
}
