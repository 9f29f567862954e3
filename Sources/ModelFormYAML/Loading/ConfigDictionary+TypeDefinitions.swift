import ModelForm

extension ConfigDictionary {
    /// The inferred configs of every type a YAML type-definition file (`NAME.types.yaml`)
    /// defines. Throws every diagnostic found, each at its `file:line:column`.
    ///
    /// ```swift
    /// var configs = try ConfigDictionary(
    ///     typeDefinitions: "types:\n  Contact:\n    email: String\n", file: "contact.types.yaml")
    /// try configs["Contact"]?.update("email") { $0.placeholder = "you@example.com" }
    /// ```
    ///
    /// The file's sections (`root`, `enums`, `bitfields`, `unions`, `types`) and type names
    /// are in the forms-file reference.
    public init(typeDefinitions text: String, file: String) throws(DiagnosticList) {
        self.init(try TypeDefinitionLoader.load(text: text, file: file))
    }
}
