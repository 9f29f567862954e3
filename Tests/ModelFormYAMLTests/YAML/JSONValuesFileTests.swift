import ModelForm
import ModelFormYAML
import Testing

/// A `.json` values file is read by the JSON parser into the nodes YAML would give: a key of
/// any length (libyaml stops a key at 1,024 characters and refused valid JSON), numbers as
/// written, errors at their place, and YAML's limits on nesting.
@Suite struct JSONValuesFileTests {
    static func configs() throws -> ConfigDictionary {
        ConfigDictionary(
            try TypeDefinitionLoader.load(
                text: "types:\n  P:\n    scripts: \"[String: String]\"\n    port: Int\n    ratio: Double\n",
                file: "p.types.yaml"))
    }

    @Test(arguments: [1_024, 1_025, 10_240])
    func aKeyOfAnyLengthReadsAndWritesBack(_ length: Int) throws {
        let key = String(repeating: "k", count: length)
        let text = #"{"scripts": {"\#(key)": "make", "a\u001b": "b"}, "port": 8080, "ratio": 0.1}"#
        let configs = try Self.configs()
        let values = try ValuesFile.read(text: text, file: "p.json", typeName: "P", configs: configs)
        #expect(values["scripts"] == .record([key: .string("make"), "a\u{1B}": .string("b")]))
        #expect(values["port"] == .int(8080) && values["ratio"] == .double(0.1))
        let written = try ValuesFile.text(values, typeName: "P", configs: configs, syntax: .json)
        #expect(try ValuesFile.read(text: written, file: "again.json", typeName: "P", configs: configs) == values)
    }

    @Test(arguments: [
        (#"{"port": "x"}"#, "p.json:1:10: error: 'x' is not a whole number for 'port' (Int)"),
        (#"{"port": 1,}"#, "p.json:1:12: error:"),
        (
            #"{"scripts": "# + String(repeating: "[", count: 128) + String(repeating: "]", count: 128) + "}",
            "p.json:1:140: error: nesting is deeper than 128 levels"
        ),
    ])
    func mistakesAreErrorsAtTheirPlace(_ text: String, _ message: String) throws {
        let configs = try Self.configs()
        do throws(DiagnosticList) {
            _ = try ValuesFile.read(text: text, file: "p.json", typeName: "P", configs: configs)
            Issue.record("read \(text)")
        } catch {
            #expect(error.diagnostics.first?.description.hasPrefix(message) == true, "\(error.diagnostics)")
        }
    }

    /// The same text read as YAML stops at the same place with the same message.
    @Test(arguments: [127, 128])
    func nestingIsLimitedAsInYAML(_ depth: Int) throws {
        let text = #"{"scripts": "# + String(repeating: "[", count: depth) + String(repeating: "]", count: depth) + "}"
        func firstError(_ file: String) -> String? {
            do throws(DiagnosticList) {
                _ = try ValuesFile.parseDocument(text, file: file)
                return nil
            } catch {
                return error.diagnostics.first.map { "\($0.mark.line):\($0.mark.column) \($0.message)" }
            }
        }
        #expect(firstError("p.json") == firstError("p.yaml"))
        #expect((firstError("p.json") == nil) == (depth < 128))
    }
}
