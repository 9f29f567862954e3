import Foundation
import ModelForm
import ModelFormHTML
import ModelFormJSONSchema
import ModelFormMarkdown
import ModelFormTesting
import ModelFormText
import ModelFormYAML
import TestFixtures
import Testing

/// The RJSF and JSON Forms samples (`../shared/corpora/form-samples`): every schema imports or
/// fails with a located message; every one imports fully and renders to text, Markdown and
/// HTML; for every sample with data, the validator's verdict and failing locations equal the
/// Python `jsonschema` package's (recorded in each sample). Without the corpus the suite is
/// skipped, and says so.
@Suite(.enabled(if: PackagePaths.corpora != nil, "the form samples are not beside the checkout (../shared/corpora)"))
struct FormSampleTests {
    struct Sample {
        var name: String
        var json: JSONValue
        var text: String
    }

    static func samples() throws -> [Sample] {
        let folder = try #require(PackagePaths.corpora).appendingPathComponent("form-samples")
        var result: [Sample] = []
        for library in ["rjsf", "jsonforms"] {
            let names = try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent(library).path)
                .filter { $0.hasSuffix(".json") }.sorted()
            for name in names {
                let text = try String(
                    contentsOf: folder.appendingPathComponent(library).appendingPathComponent(name), encoding: .utf8)
                result.append(
                    Sample(name: library + "/" + name, json: try JSONParser.parse(text, file: name).value, text: text))
            }
        }
        return result
    }

    /// A sample's form, imported and over its data as `render` reads data (values that do not
    /// parse, the samples' invalid data, are shown as written). Throws the import's located
    /// errors; `importing` says whether the import itself failed.
    static func form(_ sample: Sample, importing: inout Bool) throws -> Form<FormValue>? {
        guard let schema = sample.json["schema"] else { return nil }
        let file = sample.name + "#/schema"
        let schemaText = schema.json
        importing = true
        let document = try JSONParser.parse(schemaText, file: file)
        let uiText = sample.json["uiSchema"]?.json
        let uiFile = sample.name + "#/uiSchema"
        let ui = try uiText.map { try JSONParser.parse($0, file: uiFile) }
        let result = try JSONSchemaImporter.importSchema(
            document, file: file, name: "Sample", source: schemaText, ui: ui, uiFile: uiFile, uiSource: uiText)
        importing = false
        let configs = try result.configs()
        var format = ValuesFileFormat(typeName: result.root, configs: configs)
        format.keepsUnknownProperties = true
        format.wrapsValue = result.wrapsValue
        guard let data = sample.json["formData"] else {
            return Form<FormValue>(
                values: DefaultValues.record(for: result.root, configs: configs), configs: configs,
                typeName: result.root)
        }
        let (values, unparsed) = try format.readKeepingUnparsed(text: data.json, file: "formData")
        var form = Form<FormValue>(values: values, configs: configs, typeName: result.root)
        form.keepInvalidInput(
            Dictionary(unparsed.map { ($0.path, $0.text) }, uniquingKeysWith: { first, _ in first }),
            errors: unparsed.map { FieldError(path: $0.path, rule: "type", message: $0.message) })
        return form
    }

    @Test func everySampleImportsOrFailsWithALocatedMessage() throws {
        var imported = 0
        var rendered = 0
        var lines: [String] = []
        let samples = try Self.samples()
        for sample in samples {
            var importing = true
            do {
                guard let form = try Self.form(sample, importing: &importing) else { continue }
                imported += 1
                let outputs = [
                    TextRenderer().render(form), MarkdownRenderer().render(form), HTMLRenderer().render(form),
                ]
                #expect(outputs.allSatisfy { !$0.isEmpty })
                rendered += 1
            } catch let error as DiagnosticList {
                let message = error.diagnostics.first.map { "\($0)" } ?? ""
                lines.append("\(sample.name): \(message.split(separator: "\n").first ?? "")")
                #expect(
                    !importing || error.diagnostics.allSatisfy { $0.message.hasPrefix("#") && $0.mark.line > 0 },
                    "\(sample.name): \(message)")
                #expect(importing, "an imported sample does not render: \(sample.name): \(message)")
            }
        }
        print(
            "form samples: \(imported) of \(samples.count) import, \(rendered) render to text, Markdown and HTML\n  "
                + lines.joined(separator: "\n  "))
        #expect(rendered == samples.count, "\(rendered) of \(samples.count) samples import fully and render")
    }

    /// Every fully imported sample: its export validates against both drafts' meta-schemas,
    /// and export, import, export again gives the same schema.
    @Test func everyImportedSampleExportsStably() throws {
        var checked = 0
        for sample in try Self.samples() {
            var importing = true
            guard let form = try? Self.form(sample, importing: &importing) else { continue }
            for draft in JSONSchemaDraft.allCases {
                let first = JSONSchemaExporter(configs: form.configs, draft: draft).schema(root: form.typeName)
                let meta = try #require(JSONSchemaValidator.metaSchema(draft))
                #expect(meta.validate(first).isEmpty, "\(sample.name) \(draft): \(meta.validate(first).prefix(3))")
                let (again, root) = try Self.importing(first)
                let second = JSONSchemaExporter(configs: again, draft: draft).schema(root: root)
                #expect(
                    first.prettyJSON() == second.prettyJSON(),
                    "\(sample.name) \(draft): \(Golden.difference(first.prettyJSON(), second.prettyJSON()))"
                )
            }
            checked += 1
        }
        #expect(checked >= 58)
    }

    /// Every imported sample's HTML page through the Nu HTML Checker (with the external checks).
    @Test(.enabled(if: ProcessInfo.processInfo.environment["MODELFORM_EXTERNAL_CHECKS"] == "1"))
    func everyImportedSamplesPagePassesTheNuChecker() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "modelform-samples-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        var pages = 0
        for sample in try Self.samples() {
            var importing = true
            guard let form = try? Self.form(sample, importing: &importing) else { continue }
            let name = sample.name.replacingOccurrences(of: "/", with: "-").replacingOccurrences(
                of: ".json", with: ".html")
            try HTMLRenderer().render(form).write(
                to: folder.appendingPathComponent(name), atomically: true, encoding: .utf8)
            pages += 1
        }
        #expect(pages >= 58)
        try ExternalCheckers.check("check_outputs.py", "--html-only", folder.path)
    }

    @Test func theValidatorAgreesWithPythonJsonschemaOnEverySamplesData() throws {
        var compared = 0
        for sample in try Self.samples() {
            guard let schema = sample.json["schema"], let data = sample.json["formData"],
                case .bool(let expected)? = sample.json["formDataValid"]
            else { continue }
            let draft = sample.json["metaSchema"]?.string.flatMap(JSONSchemaDraft.init(uri:)) ?? .draft7
            var validator = JSONSchemaValidator(schema: schema, draft: draft)
            validator.assertsFormats = false
            let errors = validator.validate(data)
            compared += 1
            #expect(errors.isEmpty == expected, "\(sample.name): \(errors.prefix(3))")
            if !expected {
                // The corpus writes the root as "/"; a JSON pointer to the root is "".
                let theirs = Set(
                    (sample.json["formDataErrors"]?.array ?? []).compactMap { $0["path"]?.string }.map {
                        $0 == "/" ? "" : $0
                    })
                let ours = Set(errors.map(\.pointer))
                #expect(
                    theirs.isSubset(of: ours) && (theirs.count >= 20 || ours == theirs),
                    "\(sample.name): ours \(ours.sorted()), jsonschema's \(theirs.sorted())")
            }
        }
        #expect(compared >= 60)
    }

    static func importing(_ schema: JSONValue) throws -> (ConfigDictionary, String) {
        let text = schema.prettyJSON()
        let imported = try JSONSchemaImporter.importSchema(
            try JSONParser.parse(text, file: "exported.schema.json"), file: "exported.schema.json", name: "Form",
            source: text)
        return (try imported.configs(), imported.root)
    }
}
