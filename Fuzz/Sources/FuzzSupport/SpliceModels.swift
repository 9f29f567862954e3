import ModelForm
import ModelFormYAML

extension FuzzModels {
    /// A values file of any one JSON value (a type whose one property is free JSON, read
    /// and written as the value alone).
    public static let freeJSONFormat: ValuesFileFormat = {
        fixture {
            let types = "types:\n  Document:\n    value: JSON\n"
            var format = ValuesFileFormat(
                typeName: "Document",
                configs: try ConfigDictionary(typeDefinitions: types, file: "splice.types.yaml"))
            format.wrapsValue = true
            format.omitsAbsentValues = true
            return format
        }
    }()
}
