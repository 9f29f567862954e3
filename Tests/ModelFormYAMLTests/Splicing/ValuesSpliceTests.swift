import Foundation
import ModelForm
import ModelFormTesting
import Testing

@testable import ModelFormYAML

/// A values file whose values changed is edited, not regenerated: outside the changed
/// scalars every byte stays (comments, blank lines, quoting, flow style, CRLF); a change of
/// shape writes the file whole, as before.
@Suite struct ValuesSpliceTests {
    static func configs() throws -> ConfigDictionary {
        let types = try PackagePaths.text("config/registration.types.yaml")
        return ConfigDictionary(try TypeDefinitionLoader.load(text: types, file: "registration.types.yaml"))
    }

    static func format() throws -> ValuesFileFormat {
        ValuesFileFormat(typeName: "RegistrationForm", configs: try configs())
    }

    static let commented =
        "# Ada's registration\r\n"
        + ((try? PackagePaths.text("config/registration.values.yaml")) ?? "")
        .replacingOccurrences(of: "age: 36\n", with: "age: 36   # years\n")
        .replacingOccurrences(of: "name: Ada Lovelace\n", with: "name: 'Ada Lovelace'\n\n")
        .replacingOccurrences(of: "  city: London\n", with: "  city: \"London\"  # capital\n")

    @Test func onlyTheChangedValuesBytesChange() throws {
        let format = try Self.format()
        var values = try format.read(text: Self.commented, file: "r.yaml")
        try values.set(.string("Grace O'Hara"), at: "name")
        try values.set(.uint(37), at: "age")
        try values.set(.string("Paris"), at: "address.city")
        let text = try format.text(values, json: false, editing: Self.commented)
        let expected = Self.commented.replacingOccurrences(of: "'Ada Lovelace'", with: "'Grace O''Hara'")
            .replacingOccurrences(of: "age: 36 ", with: "age: 37 ")
            .replacingOccurrences(of: "\"London\"", with: "\"Paris\"")
        #expect(text == expected)
        #expect(try format.read(text: text, file: "r.yaml") == values)
    }

    /// Each edit, on a file of each style: the file after it, or `nil` where the file is
    /// written whole.
    static let edits: [(name: String, original: String, path: FormPath, value: FormValue, expected: String?)] = [
        (
            "json", "{\n    \"email\":\"a@b.co\",  \"age\": 36,\n    \"name\": \"Ada\"\n}",
            "name", .string("Grace \"G\""),
            "{\n    \"email\":\"a@b.co\",  \"age\": 36,\n    \"name\": \"Grace \\\"G\\\"\"\n}"
        ),
        ("json number", "{\"age\": 36, \"name\": \"Ada\"}", "age", .double(40.5), "{\"age\": 40.5, \"name\": \"Ada\"}"),
        (
            "plain that must be quoted", "name: Ada   # first\nage: 36\n", "name", .string("true"),
            "name: \"true\"   # first\nage: 36\n"
        ),
        (
            "flow list item", "interests: [computers, sports]  # two\n", "interests[1]", .string("socializing"),
            "interests: [computers, socializing]  # two\n"
        ),
        (
            "a list made longer", "interests: [computers]\n", "interests",
            .list([.string("computers"), .string("sports")]), nil
        ),
        ("an alias", "name: &n Ada\nabout: *n\n", "name", .string("Grace"), nil),
        (
            "a block scalar", "about: |  # bio\n    one\n    two\n\nname: Ada\n", "about", .string("three\n\nfour\n"),
            "about: |  # bio\n    three\n\n    four\n\nname: Ada\n"
        ),
        (
            "a block scalar that loses its last line break", "about: |\n  one\nname: Ada\n", "about",
            .string("one\ntwo"), "about: |-\n  one\n  two\nname: Ada\n"
        ),
        (
            "a block scalar at the end", "name: Ada\nabout: |\n  one\n", "about", .string("two\n"),
            "name: Ada\nabout: |\n  two\n"
        ),
        (
            "lone CR line breaks", "email: a@b.co\rname: Ada # n\rage: 3\r", "name", .string("Grace"),
            "email: a@b.co\rname: Grace # n\rage: 3\r"
        ),
        (
            "a block with CR LF", "about: |\r\n  one\r\n\r\nname: Ada\r\n", "about", .string("two\nthree\n"),
            "about: |\r\n  two\r\n  three\r\n\r\nname: Ada\r\n"
        ),
        (
            "a number written its own way", "age: 36.50\nname: Ada\n", "name", .string("Grace"),
            "age: 36.50\nname: Grace\n"
        ),
        ("text a block cannot hold", "about: |\n  one\nname: Ada\n", "about", .string(" lead\nx"), nil),
        (
            "beside a block scalar", "about: |\n  one\n  two\nname: Ada # n\n", "name", .string("Grace"),
            "about: |\n  one\n  two\nname: Grace # n\n"
        ),
    ]

    @Test(arguments: edits.map(\.name))
    func eachStyleIsEditedOrWrittenWhole(_ name: String) throws {
        let edit = try #require(Self.edits.first { $0.name == name })
        let types =
            "types:\n  R: {email: String?, age: Double?, name: String?, interests: '[String]?', about: String?}\n"
        var format = ValuesFileFormat(
            typeName: "R", configs: ConfigDictionary(try TypeDefinitionLoader.load(text: types, file: "r.types.yaml")))
        format.omitsAbsentValues = true
        let json = edit.original.hasPrefix("{")
        let file = json ? "r.json" : "r.yaml"
        var values = try format.read(text: edit.original, file: file)
        try values.set(edit.value, at: edit.path)
        let text = try format.text(values, json: json, editing: edit.original)
        let whole = try format.text(values, json: json)
        #expect(text == (edit.expected ?? whole))
        #expect(try format.read(text: text, file: file) == values)
    }

    /// The library's write edits an existing file the same way.
    @Test func theLibrarysWriteEditsTheFile() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("modelform-splice-\(UUID())").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/r.values.yaml"
        try Self.commented.write(toFile: path, atomically: true, encoding: .utf8)
        let format = try Self.format()
        var values = try format.read(text: Self.commented, file: path)
        try values.set(.uint(40), at: "age")
        try ValuesFile.write(values, to: path, typeName: "RegistrationForm", configs: try Self.configs())
        #expect(
            try String(contentsOfFile: path, encoding: .utf8)
                == Self.commented.replacingOccurrences(of: "age: 36 ", with: "age: 40 "))
    }
}
