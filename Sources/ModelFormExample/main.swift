import Foundation
import ModelForm
import ModelFormText
import ModelFormYAML

/// Loads the bundled RegistrationForm example from config/ and prints it as text.
do {
    func read(_ path: String) throws -> String { try String(contentsOfFile: path, encoding: .utf8) }
    var configs = ConfigDictionary(try TypeDefinitionLoader.load(text: read("config/registration.types.yaml"), file: "config/registration.types.yaml"))
    try ConfigLoader().apply(text: read("config/registration.forms.yaml"), file: "config/registration.forms.yaml", to: &configs)
    let values = try ValuesFile.read(text: read("config/registration.values.yaml"), file: "config/registration.values.yaml", typeName: configs.model.root, configs: configs)
    var session = FormSession(values: values, configs: configs)
    session.validate()
    let tree = FormTreeBuilder(configs: configs).build(typeName: configs.model.root, values: session.values, errors: session.errors)
    print(TextRenderer(width: TextRenderer.width(environment: ProcessInfo.processInfo.environment)).render(tree), terminator: "")
} catch {
    FileHandle.standardError.write(Data("\(error)\n".utf8))
    exit(1)
}
