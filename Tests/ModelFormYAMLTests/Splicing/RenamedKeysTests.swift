import Foundation
import ModelForm
import Testing

@testable import ModelFormYAML

/// A map entry renamed (the same entries, one key changed where it stands) is edited in
/// place, in YAML and JSON: the key's bytes replaced in its own quoting, its value, its
/// comments and every other byte kept. A rename with other keys added or removed, or one
/// that moves an entry, is written as before.
@Suite struct RenamedKeysTests {
    static func format() throws -> ValuesFileFormat {
        let types = "types:\n  R: {name: String?, scripts: '[String: String]?'}\n"
        return ValuesFileFormat(
            typeName: "R", configs: ConfigDictionary(try TypeDefinitionLoader.load(text: types, file: "r.types.yaml")))
    }

    static let cases: [(name: String, original: String, scripts: FormRecord, expected: String?)] = [
        (
            "a plain key", "name: Ada\nscripts:\n  # how to build\n  build: make  # b\n  test: make test\n",
            ["compile": .string("make"), "test": .string("make test")],
            "name: Ada\nscripts:\n  # how to build\n  compile: make  # b\n  test: make test\n"
        ),
        (
            "a quoted key keeps its quotes", "scripts:\n  \"build:prod\": make  # p\n",
            ["ship": .string("make")], "scripts:\n  \"ship\": make  # p\n"
        ),
        (
            "a key that needs quotes gets them", "scripts: {build: make, test: t}  # flow\n",
            ["build: all": .string("make"), "test": .string("t")], "scripts: {'build: all': make, test: t}  # flow\n"
        ),
        // A new key with a new value: an entry removed and another added, in place too.
        (
            "a renamed key and a changed value", "scripts:\n  build: make\n",
            ["compile": .string("ninja")], "scripts:\n  compile: ninja\n"
        ),
        (
            "JSON", "{\n  \"scripts\": {\n    \"build\": \"make\",\n    \"test\": \"t\"\n  }\n}\n",
            ["build": .string("make"), "check": .string("t")],
            "{\n  \"scripts\": {\n    \"build\": \"make\",\n    \"check\": \"t\"\n  }\n}\n"
        ),
        (
            "JSON, a key with a quote", "{\"scripts\": {\"a\": \"x\"}}", ["say \"hi\"": .string("x")],
            "{\"scripts\": {\"say \\\"hi\\\"\": \"x\"}}"
        ),
        ("two keys swapped", "scripts:\n  a: x\n  b: y\n", ["b": .string("x"), "a": .string("y")], nil),
    ]

    @Test(arguments: cases.map(\.name))
    func aRenameIsEditedInPlace(_ name: String) throws {
        let edit = try #require(Self.cases.first { $0.name == name })
        let format = try Self.format()
        let json = edit.original.hasPrefix("{")
        let file = json ? "r.json" : "r.yaml"
        var values = try format.read(text: edit.original, file: file)
        try values.set(.record(edit.scripts), at: "scripts")
        let text = try format.text(values, syntax: json ? .json : .yaml, editing: edit.original)
        let whole = try format.text(values, syntax: json ? .json : .yaml)
        #expect(text == (edit.expected ?? whole))
        #expect(try format.read(text: text, file: file) == values)
    }
}
