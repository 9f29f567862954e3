import ModelForm
import ModelFormYAML

extension ImportedSchema {
    /// The imported types and forms as configs, read as `modelform` reads the two files.
    public func configs() throws -> ConfigDictionary {
        var configs = ConfigDictionary(try TypeDefinitionLoader.load(text: try typesText(), file: root + ".types.yaml"))
        try ConfigLoader().apply(text: try formsText(), file: root + ".forms.yaml", to: &configs)
        return configs
    }

    /// A form for the schema's root type over `values` (its defaults when `nil`) that checks
    /// the schema's own keywords too on every validation and commit.
    ///
    /// ```swift
    /// let imported = try JSONSchemaImporter.importSchema(try JSONParser.parse(text, file: "order.schema.json"), file: "order.schema.json", name: "Order")
    /// var form = try imported.form()
    /// try form.setText("7", at: "quantity")
    /// let saved = try form.commit()   // throws when 7 breaks the schema's multipleOf
    /// ```
    public func form(values: FormValue? = nil, environment: FormEnvironment = FormEnvironment()) throws -> Form<
        FormValue
    > {
        let configs = try configs()
        var environment = environment
        environment.validator.addModelCheck(
            validator.modelCheck(typeName: root, configs: configs, wrapsValue: wrapsValue))
        return Form(
            values: values ?? DefaultValues.record(for: root, configs: configs), configs: configs, typeName: root,
            environment: environment)
    }
}
