import Foundation
import ModelForm
import ModelFormJSONSchema
import ModelFormTemplates
import ModelFormYAML

/// Everything a command works on, loaded from the files the options name, with the layers
/// in their documented order: inference, then config files in order.
struct Project {
    var configs: ConfigDictionary
    var typeName: String
    var values: FormValue
    var templates: TemplateSet
    var modelPath: String
    var configPaths: [String]
    var dataPath: String?
    /// The values file's text as it was read: a writer compares the file with it, under the
    /// file's lock, to see whether another program saved since.
    var dataText: String?
    /// Values the values file holds that do not parse for their fields (only when asked to
    /// keep them, as `render` does; otherwise they are errors).
    var unparsed: [UnparsedValue] = []
    /// For a model given as a JSON Schema: the schema's own validator, which ``form``
    /// installs as a model check.
    var schema: JSONSchemaValidator?
    /// A JSON Schema whose root is one value (not an object): its data is read as the one
    /// property `value` and written back as the value alone.
    var wrapsValue = false
    /// For a JSON Schema: what its forms do not express (``ImportedSchema/notes``).
    var schemaNotes: [Diagnostic] = []

    static let example = "config/registration.types.yaml"

    init(_ options: ProjectOptions, keepingUnparsed: Bool = false) throws {
        let declared = options.model == nil ? try Self.declaredSchema(options) : nil
        let modelPath = options.model ?? declared ?? Self.example
        guard options.model != nil || declared != nil || Files.exists(modelPath) else {
            throw CLIError(
                "no model given and no bundled example at \(modelPath); run from the package folder or name a NAME.types.yaml",
                status: CLIError.ioFailure)
        }
        self.modelPath = modelPath
        let base = Self.baseName(modelPath)
        configPaths =
            options.configs.isEmpty
            ? [base.map { $0 + ".forms.yaml" }].compactMap { $0 }.filter(Files.exists) : options.configs
        dataPath =
            options.data
            ?? base.flatMap { base in
                [".values.yaml", ".values.json", ".values.toml"].map { base + $0 }.first(where: Files.exists)
            }

        // The texts of the configs and values files, for the lines an error quotes. The
        // model's is not held through loading (at 100,000 properties it would be 2.6 MB of
        // the peak): an error that points into it reads it again.
        var sources: [String: String] = [:]
        do {
            let text = try Files.read(modelPath)
            var configs: ConfigDictionary
            templates = try Self.templates(theme: options.theme, cellFolders: options.cellFolders)
            var loader = ConfigLoader()
            loader.cells = Self.cellNames(templates)
            if Self.isJSONSchema(modelPath) {
                // A JSON Schema: imported straight into configs (the two files are an export only).
                let imported = try Self.importSchema(
                    text, file: modelPath, uiSchema: options.uiSchema, schemaDirectories: options.schemas.directories)
                schema = imported.validator
                wrapsValue = imported.wrapsValue
                schemaNotes = imported.notes
                // Its settings, and an error in them, point into the schema.
                configs = try imported.configs(loader: loader)
            } else {
                configs = ConfigDictionary(try TypeDefinitionLoader.load(text: text, file: modelPath))
            }
            for path in configPaths {
                let text = try Files.read(path)
                sources[path] = text
                try loader.apply(text: text, file: path, to: &configs)
            }
            typeName = options.type ?? configs.model.root
            guard configs[typeName] != nil else {
                throw CLIError(
                    "error: unknown type '\(typeName)'" + Suggestion.hint(for: typeName, in: configs.typeNames))
            }
            if let dataPath {
                let text = try Files.read(dataPath)
                sources[dataPath] = text
                dataText = text
                let format = Self.valuesFormat(
                    typeName: typeName, configs: configs, schema: schema != nil, wrapsValue: wrapsValue)
                if keepingUnparsed {
                    (values, unparsed) = try format.readKeepingUnparsed(text: text, file: dataPath)
                } else {
                    values = try format.read(text: text, file: dataPath)
                }
            } else {
                values = DefaultValues.record(for: typeName, configs: configs)
            }
            self.configs = configs
        } catch let list as DiagnosticList {
            if list.sources[modelPath] == nil, list.diagnostics.contains(where: { $0.mark.file == modelPath }) {
                sources[modelPath] = try? Files.read(modelPath)
            }
            throw CLIError(
                DiagnosticList(list.diagnostics, sources: list.sources.merging(sources) { a, _ in a }).description)
        }
    }

    /// `NAME` of `NAME.types.yaml`, `NAME.schema.json` or `NAME.json`: where the forms and
    /// values files beside the model are looked for.
    static func baseName(_ path: String) -> String? {
        for suffix in [".types.yaml", ".schema.json", ".json"] where path.hasSuffix(suffix) {
            return String(path.dropLast(suffix.count))
        }
        return nil
    }

    /// How the values file is read and written: a JSON Schema model's data keeps properties
    /// the schema allows but the form does not show, and leaves absent ones out.
    var valuesFormat: ValuesFileFormat {
        Self.valuesFormat(typeName: typeName, configs: configs, schema: schema != nil, wrapsValue: wrapsValue)
    }

    static func valuesFormat(typeName: String, configs: ConfigDictionary, schema: Bool, wrapsValue: Bool)
        -> ValuesFileFormat
    {
        var format = ValuesFileFormat(typeName: typeName, configs: configs)
        format.keepsUnknownProperties = schema
        format.omitsAbsentValues = schema
        format.wrapsValue = wrapsValue
        return format
    }

    /// Without a model, the schema the `--data` file names for itself (``SchemaDeclaration``).
    static func declaredSchema(_ options: ProjectOptions) throws -> String? {
        guard let data = options.data, data != "-", Files.exists(data) else { return nil }
        let text = try Files.read(data)
        guard let declaration = SchemaDeclaration.find(in: text, file: data), !declaration.namesAMetaSchema else {
            return nil
        }
        do {
            return try declaration.schemaPath(dataFile: data, schemaDirectories: options.schemas.directories)
        } catch {
            // A schema not on disk: a file that could not be read.
            throw CLIError(
                DiagnosticList(error.diagnostics, sources: [data: text]).description, status: CLIError.ioFailure)
        }
    }

    static func isJSONSchema(_ path: String) -> Bool { path.lowercased().hasSuffix(".json") }

    /// Imports a JSON Schema file; its root type is named after the file when the schema
    /// has no title.
    /// The schema's `$ref`s to other files are read from beside it and from
    /// `schemaDirectories` (``SchemaBundle``).
    static func importSchema(_ text: String, file: String, uiSchema: String?, schemaDirectories: [String] = [])
        throws -> ImportedSchema
    {
        let document = try JSONParser.parse(text, file: file)
        let name = ((file as NSString).lastPathComponent as NSString).deletingPathExtension.replacingOccurrences(
            of: ".schema", with: "")
        let bundle = try SchemaBundle.load(
            document, file: file, schemaDirectories: schemaDirectories, read: Files.read,
            onDisk: CLIEnvironment.current.path)
        guard let uiSchema else {
            return try JSONSchemaImporter.importSchema(bundle, name: TypeNames.pascalName(name), source: text)
        }
        let uiText = try Files.read(uiSchema)
        return try JSONSchemaImporter.importSchema(
            bundle, name: TypeNames.pascalName(name), source: text,
            ui: try JSONParser.parse(uiText, file: uiSchema), uiFile: uiSchema, uiSource: uiText)
    }

    static func templates(theme name: String?, cellFolders: [String]) throws -> TemplateSet {
        var folders = Files.isFolder("Cells") ? ["Cells"] : []
        folders += cellFolders
        let cells = try relative(CellLayoutLoader().load(folders: folders.map(CLIEnvironment.current.path)))
        var theme: LoadedTheme?
        if let folder = themeFolder(name) {
            var loaded = try ThemeLoader().load(folder: CLIEnvironment.current.path(folder))
            loaded.cells = relative(loaded.cells)
            theme = loaded
        } else if let name {
            throw CLIError(
                "error: no theme '\(name)' (looked for Themes/\(name)/theme.yaml and \(name)/theme.yaml)",
                status: CLIError.ioFailure)
        }
        return TemplateSet(cells: cells, theme: theme)
    }

    /// Layout origins as the user sees them: relative to the working folder.
    static func relative(_ layouts: [CellLayout]) -> [CellLayout] {
        layouts.map { layout in
            var layout = layout
            layout.origin = relativePath(layout.origin)
            return layout
        }
    }

    static func relativePath(_ path: String) -> String {
        let prefix = CLIEnvironment.current.directory + "/"
        return path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : path
    }

    static func themeFolder(_ name: String?) -> String? {
        guard let name else { return Files.exists("Themes/default/theme.yaml") ? "Themes/default" : nil }
        for candidate in ["Themes/\(name)", name] where Files.exists(candidate + "/theme.yaml") { return candidate }
        return nil
    }

    /// Every cell name a config may use: the built-in cells of all formats and the layouts'.
    static func cellNames(_ templates: TemplateSet) -> Set<String> {
        Renderers.builtInCellNames.union(templates.cells.map(\.name)).union(templates.theme?.cells.map(\.name) ?? [])
    }

    var theme: Theme { templates.theme?.theme ?? .default }

    /// The form over the loaded values, with the project's theme.
    var form: Form<FormValue> {
        var environment = FormEnvironment()
        environment.theme = theme
        // Free JSON is typed as YAML (or JSON, which YAML reads too), as the data files are.
        environment.readJSONFieldsAsYAML()
        if let schema {
            environment.validator.addModelCheck(
                schema.modelCheck(typeName: typeName, configs: configs, wrapsValue: wrapsValue))
        }
        return Form(values: values, configs: configs, typeName: typeName, environment: environment)
    }
}
