import ModelForm

@testable import ModelFormYAML

extension ValuesFileFormat {
    /// The values format of `typeName` in the types file `types`, leaving absent values out
    /// (as a JSON Schema's data does): what the splice tests edit files with.
    static func omittingAbsent(_ types: String, typeName: String) throws -> ValuesFileFormat {
        var format = ValuesFileFormat(
            typeName: typeName,
            configs: ConfigDictionary(try TypeDefinitionLoader.load(text: types, file: "t.types.yaml")))
        format.omitsAbsentValues = true
        return format
    }
}
