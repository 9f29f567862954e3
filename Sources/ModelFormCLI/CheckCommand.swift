import ArgumentParser
import Foundation
import ModelForm
import ModelFormJSONSchema
import ModelFormTemplates
import ModelFormYAML

struct CheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Validate type definitions, form configs, values, cell layouts and themes.",
        discussion: """
            Paths may be files or folders. Files are recognised by name: NAME.types.yaml (a type definition), NAME.forms.yaml (a form config, checked against NAME.types.yaml beside it), NAME.values.yaml, .json or .toml (values, checked against both); any other YAML, JSON or TOML file is checked against the schema it names, if it names one (a $schema property, the comment '# yaml-language-server: $schema=...', or in TOML '#:schema ...'), found as render --data finds it (with --schema-dir); a folder named Cells (or holding cell layouts) is checked as cell layouts, a folder holding theme.yaml as a theme, a folder named Themes as every theme in it, any other folder by its files. Without paths: config/, Cells/ and Themes/.

            Every error is printed as file:line:col: error: ... with the source line and a caret (on standard error), or as JSON on standard output with --format json. The exit status is 1 when anything has an error.

            Examples:
              modelform check
              modelform check config/settings.forms.yaml Cells --format json
              modelform check .github/dependabot.yml --schema-dir schemas
            """)

    enum Format: String, ExpressibleByArgument { case text, json }

    @Argument(help: "Files or folders to check.")
    var paths: [String] = []

    @Option(help: "text or json.")
    var format: Format = .text

    @OptionGroup var schemas: SchemaDirectoryOptions

    func run() throws {
        let targets = paths.isEmpty ? ["config", "Cells", "Themes"].filter(Files.exists) : paths
        var checker = Checker()
        checker.schemaDirectories = schemas.directories
        for path in targets { checker.check(path) }
        let environment = CLIEnvironment.current
        let list = DiagnosticList(checker.diagnostics, sources: checker.sources)
        if format == .json {
            let items = checker.diagnostics.map { d in
                "  {\"file\": \(JSONValue.quote(d.mark.file)), \"line\": \(d.mark.line), \"column\": \(d.mark.column), \"severity\": \"error\", \"message\": \(JSONValue.quote(d.message))}"
            }
            environment.out("[\n" + items.joined(separator: ",\n") + (items.isEmpty ? "]\n" : "\n]\n"))
        } else {
            if !checker.diagnostics.isEmpty { environment.complain(list.description + "\n") }
            environment.say(
                "checked \(checker.checked) file\(checker.checked == 1 ? "" : "s"): \(checker.diagnostics.count) error\(checker.diagnostics.count == 1 ? "" : "s")\n"
            )
        }
        if !checker.diagnostics.isEmpty { throw ExitCode(1) }
    }
}

/// Checks files by kind, collecting every diagnostic.
struct Checker {
    var diagnostics: [Diagnostic] = []
    /// Folders of schemas a JSON Schema's `$ref`s may name by `$id`.
    var schemaDirectories: [String] = []
    var sources: [String: String] = [:]
    var checked = 0

    /// The files checked so far (a model's forms and values are checked with it, once).
    var seen: Set<String> = []

    mutating func check(_ path: String) {
        guard seen.insert(CLIEnvironment.current.path(path)).inserted else { return }
        let name = (path as NSString).lastPathComponent
        if Files.isFolder(path) {
            if Files.exists(path + "/theme.yaml") { return theme(path) }
            if name == "Themes" { return each(path) { $0.theme($1) } }
            if name == "Cells" { return cells(path) }
            return each(path) { $0.check($1) }
        }
        guard Files.exists(path) else {
            diagnostics.append(Diagnostic("no such file or folder", at: SourceMark(file: path, line: 1, column: 1)))
            return
        }
        if name.hasSuffix(".types.yaml") {
            // What rendering the model loads: its forms and values beside it, too.
            model(path)
            for sibling in [".forms.yaml", ".values.yaml", ".values.json", ".values.toml"].map({
                Self.sibling(path, ".types.yaml", $0)
            }
            ) where Files.exists(sibling) {
                check(sibling)
            }
            return
        }
        if name.hasSuffix(".schema.json") {
            // A JSON Schema model: imported as render imports it, and its values checked against the schema itself.
            schemaModel(path)
            for sibling in [".values.json", ".values.yaml", ".values.toml"].map({
                Self.sibling(path, ".schema.json", $0)
            })
            where Files.exists(sibling) { check(sibling) }
            return
        }
        if name.hasSuffix(".forms.yaml") { return forms(path) }
        if name.hasSuffix(".values.yaml") || name.hasSuffix(".values.json") || name.hasSuffix(".values.toml") {
            return values(path)
        }
        if name.hasSuffix(".yaml") || name.hasSuffix(".yml") || name.hasSuffix(".json") || name.hasSuffix(".toml") {
            // A data file that names its schema is checked against it, as `render --data` reads it.
            if let text = try? Files.read(path), let declaration = SchemaDeclaration.find(in: text, file: path) {
                // A schema itself (it names a meta-schema): imported as a model is.
                if declaration.namesAMetaSchema { return schemaModel(path) }
                let directories = schemaDirectories
                do {
                    return schemaValues(
                        path, schema: try declaration.schemaPath(dataFile: path, schemaDirectories: directories))
                } catch {
                    return capture(path) { throw error }
                }
            }
            return capture(path) { _ = try YAMLParser.parse(try Files.read(path), file: path) }
        }
    }

    mutating func each(_ folder: String, _ body: (inout Checker, String) -> Void) {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: CLIEnvironment.current.path(folder))) ?? []
        for entry in entries.sorted() where !entry.hasPrefix(".") {
            body(&self, (folder as NSString).appendingPathComponent(entry))
        }
    }

    mutating func capture(_ path: String, _ body: () throws -> Void) {
        checked += 1
        if let text = try? Files.read(path) { sources[path] = text }
        do { try body() } catch let list as DiagnosticList {
            diagnostics += list.diagnostics.map { diagnostic in
                var diagnostic = diagnostic
                diagnostic.mark.file = Project.relativePath(diagnostic.mark.file)
                return diagnostic
            }
            for (file, text) in list.sources { sources[Project.relativePath(file)] = text }
        } catch let error as CLIError {
            diagnostics.append(Diagnostic(error.message, at: SourceMark(file: path, line: 1, column: 1)))
        } catch {
            diagnostics.append(Diagnostic("\(error)", at: SourceMark(file: path, line: 1, column: 1)))
        }
    }

    static func loadModel(_ typesPath: String) throws -> ConfigDictionary {
        ConfigDictionary(try TypeDefinitionLoader.load(text: try Files.read(typesPath), file: typesPath))
    }

    static func sibling(_ path: String, _ suffix: String, _ replacement: String) -> String {
        String(path.dropLast(suffix.count)) + replacement
    }

    mutating func model(_ path: String) {
        capture(path) { _ = try Checker.loadModel(path) }
    }

    mutating func forms(_ path: String) {
        let typesPath = Self.sibling(path, ".forms.yaml", ".types.yaml")
        capture(path) {
            guard Files.exists(typesPath) else {
                throw CLIError("no type definition \(typesPath) to check this config against")
            }
            var configs = try Checker.loadModel(typesPath)
            var loader = ConfigLoader()
            // Cell names come from Cells/ and the theme; their own errors are reported when they are checked.
            loader.cells = (try? Project.templates(theme: nil, cellFolders: [])).map(Project.cellNames)
            try loader.apply(text: try Files.read(path), file: path, to: &configs)
        }
    }

    mutating func schemaModel(_ path: String) {
        let directories = schemaDirectories
        capture(path) {
            _ = try Project.importSchema(
                try Files.read(path), file: path, uiSchema: nil, schemaDirectories: directories)
        }
    }

    /// Values beside a JSON Schema: read by the values files' reader, validated by the
    /// schema (each error at its form path, line and column), then read as the imported
    /// types read them.
    mutating func schemaValues(_ path: String, schema schemaPath: String) {
        let schemaDirectories = schemaDirectories
        capture(path) {
            let text = try Files.read(path)
            let imported = try Project.importSchema(
                try Files.read(schemaPath), file: schemaPath, uiSchema: nil, schemaDirectories: schemaDirectories)
            // One reader for values files, JSON or YAML, as every other command reads them
            // (the same errors at the same places, the same nesting limit).
            let document = JSONParser.Document(yaml: try ValuesFile.parseDocument(text, file: path))
            let errors = imported.validator.validate(document.value)
            guard errors.isEmpty else {
                throw DiagnosticList(
                    errors.map { error in
                        Diagnostic(
                            (error.formPath.isRoot ? "" : "'\(error.formPath)': ") + error.message,
                            at: document.mark(error.pointer) ?? SourceMark(file: path, line: 1, column: 1))
                    }, sources: [path: text])
            }
            // Then read as `render`, `apply`, `edit` and `serve` read it (their nesting limit,
            // their types), so that `check` gives their verdict too.
            let configs = try imported.configs()
            _ = try Project.valuesFormat(
                typeName: imported.root, configs: configs, schema: true, wrapsValue: imported.wrapsValue
            ).read(text: text, file: path)
        }
    }

    mutating func values(_ path: String) {
        let suffix = ".values." + (path as NSString).pathExtension
        let schemaPath = Self.sibling(path, suffix, ".schema.json")
        if Files.exists(schemaPath), !Files.exists(Self.sibling(path, suffix, ".types.yaml")) {
            return schemaValues(path, schema: schemaPath)
        }
        let typesPath = Self.sibling(path, suffix, ".types.yaml")
        let formsPath = Self.sibling(path, suffix, ".forms.yaml")
        capture(path) {
            guard Files.exists(typesPath) else {
                throw CLIError("no type definition \(typesPath) to check these values against")
            }
            var configs = try Checker.loadModel(typesPath)
            // The forms file's own errors are its check's: reported once, there; the values
            // are then checked against the types alone.
            if Files.exists(formsPath), let text = try? Files.read(formsPath) {
                var withForms = configs
                if (try? ConfigLoader().apply(text: text, file: formsPath, to: &withForms)) != nil {
                    configs = withForms
                }
            }
            _ = try ValuesFile.read(
                text: try Files.read(path), file: path, typeName: configs.model.root, configs: configs)
        }
    }

    mutating func cells(_ path: String) {
        capture(path) { _ = try CellLayoutLoader().load(folders: [CLIEnvironment.current.path(path)]) }
        checked -= 1
        checked +=
            ((try? FileManager.default.contentsOfDirectory(atPath: CLIEnvironment.current.path(path))) ?? []).filter {
                $0.hasSuffix(".yaml")
            }.count
    }

    mutating func theme(_ path: String) {
        capture(path) { _ = try ThemeLoader().load(folder: CLIEnvironment.current.path(path)) }
    }
}
