import ModelForm
import ModelFormYAML

extension ImportedSchema {
    /// The imported types and forms as configs, read as `modelform` reads the two files
    /// (with `loader`: its cell names, say) but straight from the import, with no text in
    /// between: each property's settings carry the place of its schema in the schema file.
    /// A `default` fills only new records, items and entries
    /// (``/ModelForm/ConfigDictionary/defaultsFillAbsentValues`` is off). What the forms
    /// cannot hold (a `default` that is no value of its property) is an error at the
    /// schema's keyword it came from, with its JSON Pointer:
    /// `order.schema.json:12:20: error: #/properties/quantity/default: invalid default: ...`.
    ///
    /// ```swift
    /// let configs = try imported.configs()
    /// ```
    public func configs(loader: ConfigLoader = ConfigLoader()) throws -> ConfigDictionary {
        var places = SchemaPlaces(schema: self)
        let typesNode = YAMLNode(types, mark: places.root) { path, _, inherited in
            places.typesMark(path, inherited: inherited)
        }
        let formsNode = YAMLNode(forms, mark: places.root) { path, value, inherited in
            places.formsMark(path, value: value, inherited: inherited)
        }
        do throws(DiagnosticList) {
            var configs = ConfigDictionary(try TypeDefinitionLoader.load(typesNode))
            try loader.apply([formsNode], file: file, sources: sources, to: &configs)
            // A schema's `default` is an annotation: data that leaves a value out keeps it out.
            configs.defaultsFillAbsentValues = false
            return configs
        } catch {
            throw places.labelled(error, sources: sources)
        }
    }

    /// A form for the schema's root type over `values` (its defaults when `nil`) that checks
    /// the schema's own keywords too on every validation and commit.
    ///
    /// ```swift
    /// let imported = try JSONSchemaImporter.importSchema(
    ///     try JSONParser.parse(text, file: "order.schema.json"), file: "order.schema.json", name: "Order")
    /// var form = try imported.form()
    /// try form.setText("7", at: "quantity")
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

/// Where the imported types' and forms' parts come from in the schema: a property's schema,
/// or its keyword a setting was imported from (`default`, `title`...), with the JSON
/// Pointer of each place handed out, so that a diagnostic there names it.
private struct SchemaPlaces {
    let schema: ImportedSchema
    /// The schema's root: the place of what comes from no property (an enum's list).
    let root: SourceMark
    /// The pointer of each place handed out.
    private(set) var pointers: [SourceMark: String] = [:]
    /// The property pointer of the forms document's field the walk is in.
    private var fieldPointer: String?

    init(schema: ImportedSchema) {
        self.schema = schema
        root = schema.document.mark("") ?? SourceMark(file: schema.file, line: 1, column: 1)
        pointers[root] = ""
    }

    /// The schema keyword each forms-file setting is imported from.
    private static let schemaKeywords = [
        "default": "default", "title": "title", "help": "description", "placeholder": "examples",
        "readOnly": "readOnly", "visibleIf": "if",
    ]

    /// A types document's part: `types.T.key` (and below) is the property's schema.
    mutating func typesMark(_ path: [String], inherited: SourceMark) -> SourceMark {
        guard path.count == 3, path[0] == "types" else { return inherited }
        return place(schema.pointers[path[1]]?[path[2]]) ?? inherited
    }

    /// A forms document's part: `T.fields.i` is the field's property's schema, and a
    /// setting of it the keyword it came from, where the schema has one (the walk meets a
    /// field's settings right after the field).
    mutating func formsMark(_ path: [String], value: FormValue, inherited: SourceMark) -> SourceMark {
        guard path.count >= 3, path[1] == "fields" else { return inherited }
        if path.count == 3 {
            guard case .record(let field) = value, case .string(let key)? = field["key"] else {
                fieldPointer = nil
                return inherited
            }
            fieldPointer = schema.pointers[path[0]]?[key]
            return place(fieldPointer) ?? inherited
        }
        // A keyword the schema does not write falls back to its property's mark: the inherited one.
        guard path.count == 4, let keyword = Self.schemaKeywords[path[3]], let fieldPointer else { return inherited }
        return place(fieldPointer + "/" + keyword) ?? inherited
    }

    /// The mark of `pointer` in the schema (its nearest ancestor's when it has none), each
    /// exact one remembered with its pointer.
    private mutating func place(_ pointer: String?) -> SourceMark? {
        guard let pointer else { return nil }
        guard let exact = schema.document.exactMark(pointer) else { return schema.document.mark(pointer) }
        if pointers[exact] == nil { pointers[exact] = pointer }
        return exact
    }

    /// `list` with each diagnostic at a place handed out prefixed by its JSON Pointer.
    func labelled(_ list: DiagnosticList, sources: [String: String]) -> DiagnosticList {
        let diagnostics = list.diagnostics.map { diagnostic -> Diagnostic in
            guard let pointer = pointers[diagnostic.mark] else { return diagnostic }
            return Diagnostic("\(SchemaBundle.label(pointer)): \(diagnostic.message)", at: diagnostic.mark)
        }
        return DiagnosticList(diagnostics, sources: list.sources.merging(sources) { first, _ in first })
    }
}
