import ModelForm
import ModelFormYAML

extension ImportedSchema {
    /// The imported types and forms as configs, read as `modelform` reads the two files
    /// (with `loader`: its cell names, say), a `default` filling only new records, items and
    /// entries (``/ModelForm/ConfigDictionary/defaultsFillAbsentValues`` is off). What those files cannot hold (a `default` that
    /// is no value of its property) is an error at the schema's place it came from:
    /// `order.schema.json:12:20: error: #/properties/quantity/default: invalid default: ...`.
    ///
    /// ```swift
    /// let configs = try imported.configs()
    /// ```
    public func configs(loader: ConfigLoader = ConfigLoader()) throws -> ConfigDictionary {
        let typesFile = file + " (imported types)"
        let formsFile = file + " (imported forms)"
        let (typesText, formsText) = (try typesText(), try formsText())
        do throws(DiagnosticList) {
            var configs = ConfigDictionary(try TypeDefinitionLoader.load(text: typesText, file: typesFile))
            try loader.apply(text: formsText, file: formsFile, to: &configs)
            // A schema's `default` is an annotation: data that leaves a value out keeps it out.
            configs.defaultsFillAbsentValues = false
            return configs
        } catch {
            throw pointingIntoTheSchema(error, generated: [typesFile: typesText, formsFile: formsText])
        }
    }

    /// `list` with each diagnostic about the generated files moved to the schema: the
    /// property's schema, or its keyword the setting came from (`default`, `title`...).
    func pointingIntoTheSchema(_ list: DiagnosticList, generated: [String: String]) -> DiagnosticList {
        var places: [String: [(line: Int, type: String, key: String, setting: String?)]] = [:]
        for (file, text) in generated { places[file] = Self.settingPlaces(text, file: file) }
        var sources = list.sources.filter { generated[$0.key] == nil }
        sources.merge(self.sources) { first, _ in first }
        let moved = list.diagnostics.map { diagnostic -> Diagnostic in
            guard let lines = places[diagnostic.mark.file],
                let place = lines.last(where: { $0.line <= diagnostic.mark.line }),
                let pointer = pointers[place.type]?[place.key]
            else { return diagnostic }
            let keyword = place.setting.flatMap { Self.schemaKeywords[$0] }.map { pointer + "/" + $0 }
            let at = keyword.flatMap { document.marks[$0] != nil ? $0 : nil } ?? pointer
            guard let mark = document.mark(at) else { return diagnostic }
            return Diagnostic("\(SchemaBundle.label(at)): \(diagnostic.message)", at: mark)
        }
        return DiagnosticList(moved, sources: sources)
    }

    /// The schema keyword each forms-file setting is imported from.
    private static let schemaKeywords = [
        "default": "default", "title": "title", "help": "description", "placeholder": "examples",
        "readOnly": "readOnly", "visibleIf": "if",
    ]

    /// Where each property's lines start in a generated file, with the setting each line
    /// of its own holds: a types file's `Type: {key: type}`, a forms file's
    /// `Type: {fields: [{key: k, setting: value}]}`.
    private static func settingPlaces(_ text: String, file: String) -> [(
        line: Int, type: String, key: String, setting: String?
    )] {
        guard let document = try? YAMLParser.parseDocument(text, file: file) else { return [] }
        var places: [(line: Int, type: String, key: String, setting: String?)] = []
        let types = document["types"]?.mapping ?? document.mapping ?? []
        for pair in types {
            guard let type = pair.key.string else { continue }
            for property in pair.value.mapping ?? [] where pair.value["fields"] == nil {
                if let key = property.key.string { places.append((property.key.mark.line, type, key, nil)) }
            }
            for field in pair.value["fields"]?.sequence ?? [] {
                guard let key = field["key"]?.string ?? field.string else { continue }
                places.append((field.mark.line, type, key, nil))
                for setting in field.mapping ?? [] {
                    places.append((setting.key.mark.line, type, key, setting.key.string))
                }
            }
        }
        return places.sorted { $0.line < $1.line }
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
