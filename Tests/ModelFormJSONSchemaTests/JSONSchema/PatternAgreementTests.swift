import Foundation
import ModelForm
import ModelFormJSONSchema
import ModelFormTesting
import ModelFormYAML
import Testing

/// JSON Schema's `pattern` is a search; the form rule imported from it must accept exactly
/// what the schema does, so that `check` and every front end (`apply`, `edit`, `serve`,
/// which validate with the form's rules) agree. Every `pattern` of the corpora (the test
/// suite, the form samples, the schemastore schemas) against texts made from it.
@Suite(.enabled(if: PackagePaths.corpora != nil, "the corpora are not beside the checkout (../shared/corpora)"))
struct PatternAgreementTests {
    /// Every `pattern` keyword's value in the JSON files below `folder`.
    static func patterns(in folder: URL) throws -> Set<String> {
        var found: Set<String> = []
        let files = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)
        while let file = files?.nextObject() as? URL {
            guard file.pathExtension == "json", let data = try? Data(contentsOf: file),
                let document = try? JSONParser.parse(String(decoding: data, as: UTF8.self), file: file.path)
            else { continue }
            collect(document.value, into: &found)
        }
        return found
    }

    static func collect(_ value: JSONValue, into found: inout Set<String>) {
        if let object = value.object {
            for (key, child) in object.pairs {
                if key == "pattern", let pattern = child.string { found.insert(pattern) }
                collect(child, into: &found)
            }
        } else if let items = value.array {
            for item in items { collect(item, into: &found) }
        }
    }

    /// Texts to try a pattern on: fixed ones, and the pattern's own literal runs (which often
    /// make a match) with text before and after.
    static func texts(for pattern: String) -> [String] {
        let literal = String(pattern.filter { $0.isLetter || $0.isNumber || "-_.@ ".contains($0) }.prefix(12))
        return [
            "", "a", "abc", "b", "ABC", "123", "x-1", "a b", "\n", "é", literal, "x" + literal + "y", literal + "\n",
            "12:30", "2024-01-02",
        ]
    }

    static func quoted(_ text: String) -> String {
        String(decoding: (try? JSONEncoder().encode(text)) ?? Data("null".utf8), as: UTF8.self)
    }

    @Test func theImportedRuleAcceptsWhatTheSchemaAccepts() throws {
        let corpora = try #require(PackagePaths.corpora)
        let patterns = try Self.patterns(in: corpora).sorted()
        var compared = 0
        var disagreements: [String] = []
        for pattern in patterns {
            let text =
                #"{"type": "object", "properties": {"v": {"type": "string", "pattern": "# + Self.quoted(pattern) + "}}}"
            guard let schema = try? JSONParser.parse(text, file: "pattern.schema.json"),
                let imported = try? JSONSchemaImporter.importSchema(schema, file: "pattern.schema.json", name: "P"),
                let configs = try? imported.configs()
            else { continue }
            let validator = JSONSchemaValidator(schema: schema.value)
            for text in Self.texts(for: pattern) {
                let values = FormValue.record(["v": .string(text)])
                // The form's own rule (which leaves empty text to `required`) never refuses
                // what the schema accepts, and the front ends (the rules and the schema's
                // check, as `apply`, `edit` and `serve` run them) decide as `check` does.
                var rulesOnly = Form(values: values, configs: configs)
                let ruleAccepts = !rulesOnly.validate().contains { $0.rule == "pattern" }
                var frontEnd = try imported.form(values: values)
                let frontEndAccepts = frontEnd.validate().isEmpty
                let instance = try JSONParser.parse(#"{"v": "# + Self.quoted(text) + "}", file: "instance.json").value
                let schemaAccepts = validator.validate(instance).isEmpty
                compared += 1
                if schemaAccepts && !ruleAccepts || frontEndAccepts != schemaAccepts {
                    disagreements.append(
                        "\(pattern) on \(text.debugDescription): rule \(ruleAccepts), front end \(frontEndAccepts), schema \(schemaAccepts)"
                    )
                }
            }
        }
        print("pattern agreement: \(patterns.count) patterns, \(compared) texts, \(disagreements.count) disagreements")
        #expect(patterns.count > 30)
        #expect(disagreements.isEmpty, "\(disagreements.prefix(20))")
    }

    /// The issue's case: `"pattern": "b"` accepts `abc` everywhere.
    @Test func anUnanchoredPatternSearches() throws {
        let schema = try JSONParser.parse(
            #"{"type": "object", "properties": {"v": {"type": "string", "pattern": "b"}}}"#, file: "b.schema.json")
        let imported = try JSONSchemaImporter.importSchema(schema, file: "b.schema.json", name: "B")
        var form = try imported.form(values: .record(["v": .string("abc")]))
        #expect(form.validate().isEmpty)
        try form.setText("xyz", at: "v")
        #expect(form.validate().map(\.rule).contains("pattern"))
    }

    /// A pattern no engine reads is a located error for every command (`check` skipped it
    /// and passed, `render` refused it).
    @Test func anInvalidPatternIsALocatedError() throws {
        let schema = try JSONParser.parse(
            #"{"type": "object", "properties": {"a": {"type": "string", "pattern": "(ab"}}}"#, file: "p.schema.json")
        var message = ""
        do { _ = try JSONSchemaImporter.importSchema(schema, file: "p.schema.json", name: "P") } catch {
            message = error.diagnostics.first.map(\.description) ?? ""
        }
        #expect(message == "p.schema.json:1:70: error: #/properties/a/pattern: '(ab' is not a valid regular expression")
    }
}
