import Foundation
import ModelForm
import ModelFormJSONSchema
import ModelFormTesting
import ModelFormYAML
import Testing

/// The official JSON Schema Test Suite (`../shared/corpora/json-schema-test-suite`), drafts
/// 2020-12 and 07: tier 1 keywords pass every test, tier 2 keywords 95% together, the
/// formats forms use (date, time, date-time, email, uri) 95% together. Each run prints the
/// figures per keyword. Without the corpus the suite is skipped, and says so.
@Suite(
    .enabled(
        if: PackagePaths.corpora != nil, "the JSON Schema Test Suite is not beside the checkout (../shared/corpora)"))
struct JSONSchemaTestSuiteTests {
    static let tier1 = [
        "type", "properties", "required", "enum", "const", "minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum",
        "multipleOf",
        "minLength", "maxLength", "pattern", "items", "minItems", "maxItems", "uniqueItems",
    ]
    static let tier2 = [
        "ref", "refRemote", "defs", "definitions", "allOf", "anyOf", "oneOf", "not", "if-then-else",
        "dependentRequired", "dependentSchemas",
        "dependencies", "additionalProperties", "additionalItems", "patternProperties", "propertyNames", "prefixItems",
        "contains",
    ]
    static let formats = ["date", "time", "date-time", "email", "uri"]

    @Test(arguments: ["draft2020-12", "draft7"])
    func theSuitePasses(draft: String) throws {
        let suite = try #require(PackagePaths.corpora).appendingPathComponent("json-schema-test-suite")
        let remotes = try Self.remotes(suite.appendingPathComponent("remotes"))
        let folder = suite.appendingPathComponent("tests/\(draft)")
        var lines: [String] = ["| \(draft) keyword | tier | passed | tests | % |", "|---|---|---|---|---|"]
        var tiers: [String: (passed: Int, total: Int)] = [:]
        for (tier, names, subfolder) in [
            ("1", Self.tier1, ""), ("2", Self.tier2, ""), ("format", Self.formats, "optional/format/"),
        ] {
            for name in names {
                let file = folder.appendingPathComponent(subfolder + name + ".json")
                guard FileManager.default.fileExists(atPath: file.path) else { continue }
                let result = try Self.run(file, remotes: remotes, draft: draft == "draft7" ? .draft7 : .draft2020)
                tiers[tier, default: (0, 0)].passed += result.passed
                tiers[tier, default: (0, 0)].total += result.total
                lines.append(
                    "| \(name) | \(tier) | \(result.passed) | \(result.total) | \(Self.percent(result.passed, result.total)) |"
                )
                if tier == "1" { #expect(result.failures.isEmpty, "\(draft) \(name): \(result.failures.prefix(5))") }
                if !result.failures.isEmpty {
                    print("\(draft) \(name) failures:\n  " + result.failures.prefix(12).joined(separator: "\n  "))
                }
            }
        }
        for tier in ["1", "2", "format"] {
            let (passed, total) = tiers[tier] ?? (0, 0)
            lines.append("| **tier \(tier)** | | \(passed) | \(total) | \(Self.percent(passed, total)) |")
        }
        print(lines.joined(separator: "\n"))
        let tier2 = tiers["2"] ?? (0, 1)
        let format = tiers["format"] ?? (0, 1)
        #expect(Double(tier2.passed) >= 0.95 * Double(tier2.total), "tier 2: \(tier2.passed) of \(tier2.total)")
        #expect(Double(format.passed) >= 0.95 * Double(format.total), "formats: \(format.passed) of \(format.total)")
    }

    static func percent(_ passed: Int, _ total: Int) -> String {
        total == 0 ? "-" : String(format: "%.1f", 100 * Double(passed) / Double(total))
    }

    /// Every test of one file: each group's schema against each test's data.
    static func run(_ file: URL, remotes: [String: JSONValue], draft: JSONSchemaDraft) throws -> (
        passed: Int, total: Int, failures: [String]
    ) {
        let groups =
            try JSONParser.parse(String(contentsOf: file, encoding: .utf8), file: file.lastPathComponent).value.array
            ?? []
        var passed = 0
        var total = 0
        var failures: [String] = []
        for group in groups {
            guard let schema = group["schema"], let tests = group["tests"]?.array else { continue }
            let validator = JSONSchemaValidator(
                schema: schema, baseURI: "urn:modelform:test-suite", remotes: remotes, draft: draft)
            for test in tests {
                guard let data = test["data"], case .bool(let expected)? = test["valid"] else { continue }
                total += 1
                let errors = validator.validate(data)
                if errors.isEmpty == expected {
                    passed += 1
                } else {
                    failures.append(
                        "\(group["description"]?.string ?? "") / \(test["description"]?.string ?? ""): expected \(expected ? "valid" : "invalid")\(errors.isEmpty ? "" : " (\(errors.prefix(2)))")"
                    )
                }
            }
        }
        return (passed, total, failures)
    }

    /// The remote documents, as the suite serves them from `http://localhost:1234/`.
    static func remotes(_ folder: URL) throws -> [String: JSONValue] {
        var result: [String: JSONValue] = [:]
        let enumerator = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)
        while let url = enumerator?.nextObject() as? URL {
            guard url.pathExtension == "json" else { continue }
            let relative = String(url.standardizedFileURL.path.dropFirst(folder.standardizedFileURL.path.count + 1))
            result["http://localhost:1234/" + relative] = try JSONParser.parse(
                String(contentsOf: url, encoding: .utf8), file: relative
            ).value
        }
        return result
    }
}
