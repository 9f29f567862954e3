import Foundation
import ModelForm
import Testing

@testable import ModelFormYAML

/// A map entry renamed (the same entries, one key changed where it stands) is edited in
/// place, in YAML and JSON: the key's bytes replaced in its own quoting, its value, its
/// comments and every other byte kept, with other keys added or removed beside it. A
/// rename that moves an entry is written as before.
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
        (
            "a key renamed and another added", "scripts:\n  # how to build\n  build: make  # b\n  test: t\n",
            ["compile": .string("make"), "test": .string("t"), "lint": .string("l")],
            "scripts:\n  # how to build\n  compile: make  # b\n  test: t\n  lint: l\n"
        ),
        (
            "a key renamed and the one before it removed", "scripts:\n  a: x  # a\n  build: make  # b\n  test: t\n",
            ["compile": .string("make"), "test": .string("t")], "scripts:\n  compile: make  # b\n  test: t\n"
        ),
        (
            "two keys renamed, one added between them", "scripts:\n  a: x\n  b: y\n",
            ["c": .string("x"), "n": .string("new"), "d": .string("y")], "scripts:\n  c: x\n  n: new\n  d: y\n"
        ),
        (
            "a flow mapping: a key renamed and another added", "scripts: {build: make}  # flow\n",
            ["compile": .string("make"), "test": .string("t")], "scripts: {compile: make, test: t}  # flow\n"
        ),
        (
            "JSON, a key renamed and another removed",
            "{\n  \"scripts\": {\n    \"build\": \"make\",\n    \"lint\": \"l\",\n    \"test\": \"t\"\n  }\n}\n",
            ["compile": .string("make"), "test": .string("t")],
            "{\n  \"scripts\": {\n    \"compile\": \"make\",\n    \"test\": \"t\"\n  }\n}\n"
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
