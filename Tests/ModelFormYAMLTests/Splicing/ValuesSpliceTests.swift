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
        let text = try format.text(values, syntax: .yaml, editing: Self.commented)
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
            "a flow list made longer", "interests: [computers]  # i\nname: Ada\n", "interests",
            .list([.string("computers"), .string("sports")]), "interests: [computers, sports]  # i\nname: Ada\n"
        ),
        // A flow list on one line written again in its place, in its own spacing.
        (
            "a flow list made shorter, no spaces", "interests: [a,b,c]\n", "interests",
            .list([.string("a"), .string("c")]), "interests: [a,c]\n"
        ),
        (
            "a padded flow list", "interests: [ a ]\n", "interests", .list([.string("a"), .string("b: c, d")]),
            "interests: [ a, \"b: c, d\" ]\n"
        ),
        ("a flow list emptied", "interests: [a]\n", "interests", .list([]), "interests: []\n"),
        (
            "a flow list with a comment inside", "interests: [a,  # x\n  b]\n", "interests", .list([.string("a")]),
            "interests: [a,  # x\n]\n"
        ),
        ("a flow list over lines", "interests: [a,\n  b]\n", "interests", .list([.string("a")]), "interests: [a]\n"),
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
        (
            "text a block cannot hold", "about: |  # bio\n  one\n\nname: Ada\n", "about", .string(" lead\nx"),
            "about: \" lead\\nx\"  # bio\n\nname: Ada\n"
        ),
        (
            "lines given to a quoted scalar over lines", "about: 'one\n\n  two'  # bio\nname: Ada\n", "about",
            .string("x\ny"), "about: \"x\\ny\"  # bio\nname: Ada\n"
        ),
        (
            "lines given to a plain scalar over lines", "about: one\n  two\nname: Ada\n", "about", .string("a\n\tb"),
            "about: \"a\\n\\tb\"\nname: Ada\n"
        ),
        // A folded block: one line stays folded; several become a literal block, which keeps them.
        (
            "a folded block given one line", "about: >  # bio\n  a long\n  line\nname: Ada\n", "about",
            .string("a longer line\n"), "about: >  # bio\n  a longer line\nname: Ada\n"
        ),
        (
            "a folded block given several lines", "about: >-\n    one\nname: Ada\n", "about", .string("one\ntwo"),
            "about: |-\n    one\n    two\nname: Ada\n"
        ),
        (
            "beside a block scalar", "about: |\n  one\n  two\nname: Ada # n\n", "name", .string("Grace"),
            "about: |\n  one\n  two\nname: Grace # n\n"
        ),
        // Entries added (a set key comes last) and removed: every other byte stays.
        (
            "a key added after the last", "# who\nemail: a@b.co  # mail\n\nname: Ada\n", "age", .double(36),
            "# who\nemail: a@b.co  # mail\n\nname: Ada\nage: 36\n"
        ),
        (
            "a key added at the end of a file without a last line break", "email: a@b.co", "name", .string("Ada"),
            "email: a@b.co\nname: Ada"
        ),
        (
            "a key added with CR LF", "email: a@b.co\r\nname: Ada\r\n", "age", .double(36),
            "email: a@b.co\r\nname: Ada\r\nage: 36\r\n"
        ),
        (
            "a list added as the emitter writes it", "email: a@b.co  # e\nname: Ada\n", "interests",
            .list([.string("maths"), .string("poetry")]),
            "email: a@b.co  # e\nname: Ada\ninterests: [maths, poetry]\n"
        ),
        (
            "a key removed with the comment above it", "email: a@b.co\n# her name\nname: Ada  # n\n\nage: 36\n",
            "name", .null, "email: a@b.co\n\nage: 36\n"
        ),
        (
            "a block scalar removed", "about: |\n  one\n  two\n# age\nage: 36\n", "about", .null, "# age\nage: 36\n"
        ),
        ("the last key removed without a last line break", "email: a@b.co\nname: Ada", "name", .null, "email: a@b.co"),
        // Items added and removed in a block list.
        (
            "an item added to a block list", "interests:\n- computers  # c\n- sports\nname: Ada\n", "interests",
            .list([.string("computers"), .string("sports"), .string("maths")]),
            "interests:\n- computers  # c\n- sports\n- maths\nname: Ada\n"
        ),
        (
            "an item added between two", "interests:\n  - a\n\n  - c  # c\n", "interests",
            .list([.string("a"), .string("b"), .string("c")]), "interests:\n  - a\n  - b\n\n  - c  # c\n"
        ),
        (
            "an item removed with its comment", "interests:\n# the first\n- computers\n- sports  # s\n", "interests",
            .list([.string("sports")]), "interests:\n- sports  # s\n"
        ),
        (
            "an item changed and another added", "interests:\n- a  # a\n- b\n", "interests",
            .list([.string("a"), .string("x"), .string("b")]), "interests:\n- a  # a\n- x\n- b\n"
        ),
        (
            "every item removed", "interests:  # what\n- a\n  # b\n- b\nname: Ada\n", "interests", .list([]),
            "interests: []  # what\nname: Ada\n"
        ),
    ]

    @Test(arguments: edits.map(\.name))
    func eachStyleIsEditedOrWrittenWhole(_ name: String) throws {
        let edit = try #require(Self.edits.first { $0.name == name })
        let types =
            "types:\n  R: {email: String?, age: Double?, name: String?, interests: '[String]?', about: String?}\n"
        let format = try ValuesFileFormat.omittingAbsent(types, typeName: "R")
        let json = edit.original.hasPrefix("{")
        let file = json ? "r.json" : "r.yaml"
        var values = try format.read(text: edit.original, file: file)
        try values.set(edit.value, at: edit.path)
        let text = try format.text(values, syntax: json ? .json : .yaml, editing: edit.original)
        let whole = try format.text(values, syntax: json ? .json : .yaml)
        #expect(text == (edit.expected ?? whole))
        #expect(try format.read(text: text, file: file) == format.read(text: whole, file: file))
    }

    /// A nested mapping gains its last entry at its own indentation, and the next top-level
    /// entry is added after it: both in place.
    @Test func aNestedEntryAndTheNextOneAreAddedInOrder() throws {
        let types = "types:\n  R: {name: String?, address: A?, age: Double?}\n  A: {city: String?, country: String?}\n"
        let format = try ValuesFileFormat.omittingAbsent(types, typeName: "R")
        let original = "name: Ada\naddress:\n    city: London  # capital\n\n# the end\n"
        var values = try format.read(text: original, file: "r.yaml")
        try values.set(.string("UK"), at: "address.country")
        try values.set(.double(36), at: "age")
        let text = try format.text(values, syntax: .yaml, editing: original)
        #expect(text == "name: Ada\naddress:\n    city: London  # capital\n    country: UK\nage: 36\n\n# the end\n")
        #expect(try format.read(text: text, file: "r.yaml") == values)
    }

    /// Values in the form's order (as a form's save gives them): a new entry goes after the
    /// entry before it, or first; a flow mapping gains it at its end; a list item's mapping is
    /// written whole.
    @Test func aNewEntryGoesWhereTheFormsOrderPutsIt() throws {
        let types =
            "types:\n  R: {email: String?, name: String?, age: Double?, tags: '[T]?'}\n  T: {k: String?, v: String?}\n"
        let format = try ValuesFileFormat.omittingAbsent(types, typeName: "R")
        func saved(_ original: String, _ record: FormRecord) throws -> String {
            try format.text(.record(record), syntax: .yaml, editing: original)
        }
        #expect(
            try saved("# who\n\nname: Ada  # n\n", ["email": .string("a@b.co"), "name": .string("Ada")])
                == "# who\n\nemail: a@b.co\nname: Ada  # n\n")
        #expect(
            try saved(
                "email: a@b.co\n\n# age\nage: 3\n",
                ["email": .string("a@b.co"), "name": .string("Ada"), "age": .double(3)])
                == "email: a@b.co\nname: Ada\n\n# age\nage: 3\n")
        let flow = "{email: a@b.co}\n"
        let grown: FormRecord = ["email": .string("a@b.co"), "name": .string("Ada")]
        #expect(try saved(flow, grown) == "{email: a@b.co, name: Ada}\n")
        let item = "tags:\n- k: a  # first\n  v: b\n"
        let shrunk: FormRecord = ["tags": .list([.record(["v": .string("b")])])]
        #expect(try saved(item, shrunk) == format.text(.record(shrunk), syntax: .yaml))
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
