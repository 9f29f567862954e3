import ModelFormTesting
import ModelFormYAML
import Testing

@testable import ModelForm

/// The settings table drives reading, `describe` and the reference: every row is read from
/// a forms file, recorded with its source and shown; the reference article is generated.
@Suite struct FieldSettingTableTests {
    static let settable = FieldSetting.all.filter { $0.name != "key" }

    @Test(arguments: settable.map(\.name))
    func everySettingIsReadFromAFormsFileAndShown(_ name: String) throws {
        let setting = try #require(FieldSetting.named(name))
        var configs = try ConfigLoaderTests.registration()
        // `about` is a long text; suggestions are for one line of text.
        let key = name == "suggestions" ? "email" : "about"
        if name == "lookup" || name == "onDelete" {
            // A lookup holds an id, and names a type of the form (`Address` for the example's `Department`).
            try configs["RegistrationForm"]?.update(key) { $0.valueType = .optional(.integer(bits: 64)) }
        }
        if name == "onDelete" { try configs["RegistrationForm"]?.update(key) { $0.lookup = "Address" } }
        if name == "positions" {
            // Positions are a tuple's: `about` becomes `(String, String)`.
            try configs["RegistrationForm"]?.update(key) { field in
                field.valueType = .tuple(TupleDescription(elements: [.string, .string]))
                field.type = .collection
                field.positions = [Field(key: nil, type: .text), Field(key: nil, type: .text)]
            }
        }
        let before = try #require(configs.root.field(key))
        let example = name == "lookup" ? "Address" : setting.example
        let text = "RegistrationForm:\n  overrides:\n    \(key): {\(name): \(example)}\n"
        try ConfigLoader().apply(text: text, file: "s.yaml", to: &configs)
        let after = try #require(configs.root.field(key))
        #expect(after.sources[name] == "s.yaml:3:\(10 + key.count + name.count)")
        if name != "class" {
            #expect(setting.display(in: after) != setting.display(in: before), "reading '\(name)' changed nothing")
        }
    }

    @Test func unknownKeysAreSuggestedFromTheTable() throws {
        var configs = try ConfigLoaderTests.registration()
        let text = "RegistrationForm:\n  overrides:\n    about: {readonly: true, segue: Next}\n"
        let error = #expect(throws: (any Error).self) {
            try ConfigLoader().apply(text: text, file: "s.yaml", to: &configs)
        }
        let message = "\(error.map { $0 } as Any)"
        #expect(message.contains("s.yaml:3:13: error: unknown field key 'readonly'; did you mean 'readOnly'?"))
        #expect(message.contains("'segue' names a UIKit view controller"))
    }

    @Test func theFormsFileReferenceIsGeneratedFromTheTables() throws {
        let path = PackagePaths.url("Sources/ModelForm/ModelForm.docc/FormsFileReference.md").path
        let difference = Golden.compare(FormsFileReference.markdown(), to: path)
        #expect(difference == nil, "\(difference ?? "")")
    }
}
