import Foundation
import ModelForm
import ModelFormHTML
import ModelFormJSONSchema
import ModelFormMarkdown
import ModelFormTesting
import ModelFormText
import ModelFormYAML
import Testing

/// Real configuration-file schemas and their example files (`../shared/corpora/schemastore`):
/// each schema imports or fails with errors located in it; each example of an imported schema
/// renders to text, Markdown and HTML; ModelForm's verdict on every example equals the Python
/// `jsonschema` package's; and a no-op edit (a value set to itself) writes back the same
/// document. A table per schema is printed. Without the corpus, or without Python's
/// `jsonschema`, the suite is skipped and says so.
@Suite(
    .enabled(if: PackagePaths.corpora != nil, "the corpora are not beside the checkout (../shared/corpora)"),
    .enabled(if: PythonJsonschema.isInstalled, "Python's jsonschema package is not installed"))
struct SchemastoreCorpusTests {

    /// One example file of a schema, read as JSON by ModelForm's readers (a TOML file's
    /// reading compared with Python's `tomllib`).
    struct Example {
        var schema: String
        var file: URL
        var data: JSONValue?
        var verdict: Bool?
    }

    /// One schema's row of the table.
    struct Row {
        var name: String
        var imports = false
        var examples = 0
        var rendered = 0
        var agreed = 0
        var compared = 0
        var lossless = 0
        var problem = ""
    }

    static var folder: URL {
        (PackagePaths.corpora ?? URL(fileURLWithPath: "/nonexistent")).appendingPathComponent("schemastore")
    }

    /// Examples a no-op edit still changes, and why: each must keep failing (else it leaves
    /// this list), and none other may.
    static let knownLossy: [String: String] = [
        "pubspec/platforms.yaml":
            "`android: null` where the schema's only value is null: null and absent are one in a form, and an absent optional property is left out",
        "lefthook/lefthook-2.yml":
            "`skip_output` is a set (`uniqueItems` of an enum): a document written whole lists it in the enum's order, not the file's (an in-place save keeps it)",
    ]

    /// Every example with Python's verdict (`nil` where it cannot reach one).
    static func examples(schemas: [String]) throws -> [Example] {
        var examples: [Example] = []
        var requests: [JSONValue] = []
        for name in schemas {
            let tests = folder.appendingPathComponent("tests/\(name)")
            let files = (try? FileManager.default.contentsOfDirectory(atPath: tests.path)) ?? []
            for file in files.sorted() {
                let url = tests.appendingPathComponent(file)
                let schemaPath = JSONValue.string(folder.appendingPathComponent("schemas/\(name).json").path)
                let text = try String(contentsOf: url, encoding: .utf8)
                let data = try? JSONParser.Document(yaml: ValuesFile.parseDocument(text, file: url.path)).value
                if url.pathExtension == "toml" {
                    // Read by ModelForm's reader, and by Python's, which must agree.
                    examples.append(Example(schema: name, file: url, data: data))
                    requests.append(.object(JSONObject([("schema", schemaPath), ("toml", .string(url.path))])))
                    continue
                }
                examples.append(Example(schema: name, file: url, data: data))
                requests.append(.object(JSONObject([("schema", schemaPath), ("data", data ?? .null)])))
            }
        }
        let results = try PythonJsonschema.verdicts(requests)
        for (index, result) in results.enumerated() where examples.indices.contains(index) {
            if case .bool(let valid)? = result["valid"] { examples[index].verdict = valid }
            if examples[index].file.pathExtension == "toml" {
                #expect(result["data"] == examples[index].data, "\(examples[index].file.path): tomllib reads otherwise")
            }
        }
        return examples
    }

    /// The corpus's schemas by name (`schemas/NAME.json`), in order.
    static func schemaNames() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("schemas").path)
            .filter { $0.hasSuffix(".json") }.map { String($0.dropLast(5)) }.sorted()
    }

    /// How `modelform` reads and writes a schema's data: unknown properties kept, absent
    /// ones left out, a root that is one value as that value.
    static func format(_ imported: ImportedSchema, configs: ConfigDictionary) -> ValuesFileFormat {
        var format = ValuesFileFormat(typeName: imported.root, configs: configs)
        format.keepsUnknownProperties = true
        format.omitsAbsentValues = true
        format.wrapsValue = imported.wrapsValue
        return format
    }

    @Test func everySchemaImportsItsExamplesRenderAndVerdictsAgree() throws {
        let folder = Self.folder
        let schemas = try Self.schemaNames()
        let examples = try Self.examples(schemas: schemas)
        var rows: [Row] = []
        for name in schemas {
            var row = Row(name: name)
            let path = folder.appendingPathComponent("schemas/\(name).json").path
            let text = try String(contentsOfFile: path, encoding: .utf8)
            let document = try JSONParser.parse(text, file: path)
            var imported: ImportedSchema?
            var configs: ConfigDictionary?
            do {
                let bundle = try SchemaBundle.load(document, file: path)
                let schema = try JSONSchemaImporter.importSchema(bundle, name: name, source: text)
                configs = try schema.configs()
                imported = schema
                row.imports = true
            } catch let error as DiagnosticList {
                let first = error.diagnostics.first
                row.problem = first.map { "\($0.mark.line):\($0.mark.column) \($0.message)" } ?? ""
                #expect(
                    error.diagnostics.allSatisfy { $0.mark.line > 0 && $0.message.contains("#") },
                    "\(name): an error not located in the schema: \(first.map { "\($0)" } ?? "")")
            }
            var validator =
                imported?.validator ?? JSONSchemaValidator(schema: document.value, baseURI: "file://" + path)
            validator.assertsFormats = false
            for example in examples where example.schema == name {
                row.examples += 1
                guard let data = example.data else { continue }
                if let verdict = example.verdict {
                    row.compared += 1
                    let ours = validator.validate(data)
                    if ours.isEmpty == verdict {
                        row.agreed += 1
                    } else {
                        Issue.record(
                            "\(name)/\(example.file.lastPathComponent): jsonschema says \(verdict ? "valid" : "invalid"), ModelForm \(ours.prefix(2))"
                        )
                    }
                }
                guard let imported, let configs else { continue }
                switch Self.renderAndEdit(data, imported: imported, configs: configs) {
                case .success(let lossless):
                    row.rendered += 1
                    let id = "\(name)/\(example.file.lastPathComponent)"
                    if lossless { row.lossless += 1 }
                    if lossless == (Self.knownLossy[id] != nil) {
                        Issue.record(
                            lossless
                                ? "\(id): a no-op edit keeps the document now: take it off knownLossy"
                                : "\(id): a no-op edit changed the document")
                    }
                case .failure(let error):
                    if row.problem.isEmpty { row.problem = "\(example.file.lastPathComponent): \(error)" }
                }
            }
            rows.append(row)
        }
        print(Self.table(rows))
        let importing = rows.filter(\.imports)
        let examplesOfImported = importing.reduce(0) { $0 + $1.examples }
        let rendered = importing.reduce(0) { $0 + $1.rendered }
        // All but drone, which refers to `kubernetes-definitions.json`, a file the corpus lacks.
        #expect(importing.count >= 23, "\(importing.count) of \(rows.count) schemas import")
        #expect(
            Double(rendered) >= 0.95 * Double(examplesOfImported),
            "\(rendered) of \(examplesOfImported) examples of imported schemas render")
        #expect(rows.reduce(0) { $0 + $1.compared } >= 300)
    }

    /// The example read as the imported types read data, rendered three ways, then one of
    /// its values set to itself and the document written: whether it reads back equal.
    static func renderAndEdit(_ data: JSONValue, imported: ImportedSchema, configs: ConfigDictionary) -> Result<
        Bool, Error
    > {
        do {
            let format = format(imported, configs: configs)
            let (values, unparsed) = try format.readKeepingUnparsed(text: data.json, file: "example.json")
            var form = Form<FormValue>(values: values, configs: configs, typeName: imported.root)
            form.keepInvalidInput(
                Dictionary(unparsed.map { ($0.path, $0.text) }, uniquingKeysWith: { first, _ in first }),
                errors: unparsed.map { FieldError(path: $0.path, rule: "type", message: $0.message) })
            let outputs = [TextRenderer().render(form), MarkdownRenderer().render(form), HTMLRenderer().render(form)]
            guard outputs.allSatisfy({ !$0.isEmpty }) else { return .success(false) }
            guard unparsed.isEmpty else { return .success(true) }
            // `apply --set` of a value to itself: the first scalar the form shows.
            let display = FieldDisplay(configs: configs)
            for field in configs[imported.root]?.fields ?? [] {
                guard let key = field.key, field.shape == .single, !field.readOnly,
                    let value = values[FormPath([.key(key)])],
                    value != .null
                else { continue }
                try form.setText(display.inputValue(value, for: field), at: FormPath([.key(key)]))
                break
            }
            let written = try JSONParser.parse(try format.text(form.values, syntax: .json), file: "written.json").value
            return .success(Self.canonical(written) == Self.canonical(data))
        } catch {
            return .failure(error)
        }
    }

    /// A JSON value's text with object keys sorted and numbers as doubles: equal documents
    /// have equal texts whatever their key order.
    static func canonical(_ value: JSONValue) -> String {
        switch value {
        case .object(let object):
            let pairs = object.pairs.sorted { $0.key < $1.key }.map {
                "\(JSONValue.string($0.key).json):\(canonical($0.value))"
            }
            return "{" + pairs.joined(separator: ",") + "}"
        case .array(let items): return "[" + items.map(canonical).joined(separator: ",") + "]"
        case .number(let number): return "\(number.double)"
        default: return value.json
        }
    }

    static func table(_ rows: [Row]) -> String {
        var lines = [
            "schemastore corpus: \(rows.filter(\.imports).count) of \(rows.count) schemas import",
            "| schema | imports | examples | render | verdicts equal | no-op lossless | first problem |",
            "| --- | --- | --- | --- | --- | --- | --- |",
        ]
        for row in rows {
            let problem = row.problem.split(separator: "\n").first.map { String($0.prefix(90)) } ?? ""
            lines.append(
                "| \(row.name) | \(row.imports ? "yes" : "no") | \(row.examples) | \(row.rendered) | \(row.agreed)/\(row.compared) | \(row.lossless)/\(row.rendered) | \(problem) |"
            )
        }
        return lines.joined(separator: "\n")
    }
}

/// Python and its `jsonschema` package, the reference validator.
enum PythonJsonschema {
    static var isInstalled: Bool { (try? run(["python3", "-c", "import jsonschema, referencing, tomllib"])) == 0 }

    /// Python `jsonschema`'s verdict on each request (`{"schema": PATH, "data": VALUE}`, see
    /// `Tests/checkers/jsonschema_verdicts.py`): one result each, in order.
    static func verdicts(_ requests: [JSONValue]) throws -> [JSONValue] {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("verdicts-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let input = scratch.appendingPathComponent("requests.json")
        let output = scratch.appendingPathComponent("results.json")
        try JSONValue.array(requests).json.write(to: input, atomically: true, encoding: .utf8)
        let script = PackagePaths.url("Tests/checkers/jsonschema_verdicts.py").path
        try #require(try run(["python3", script, input.path, output.path]) == 0)
        return try JSONParser.parse(String(contentsOf: output, encoding: .utf8), file: "results.json").value.array ?? []
    }

    @discardableResult
    static func run(_ arguments: [String]) throws -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        return process.terminationStatus
    }
}
