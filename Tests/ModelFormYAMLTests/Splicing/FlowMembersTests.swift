import Foundation
import ModelForm
import Testing

@testable import ModelFormYAML

/// A YAML flow list or mapping written over several lines, or with comments in it, that
/// gains or loses members is reshaped member by member: the members that stay keep their
/// bytes and comments, a new one takes its neighbours' spacing, a removed one goes with its
/// comma and a comment on its line.
@Suite struct FlowMembersTests {
    static func format() throws -> ValuesFileFormat {
        try .omittingAbsent(
            "types:\n  W: {branches: '[String]?', env: '[String: String]?', name: String?}\n", typeName: "W")
    }

    static let main = FormValue.string("main")
    static let dev = FormValue.string("dev")

    static let cases: [(name: String, original: String, values: FormRecord, expected: String)] = [
        (
            "an item appended, one per line", "branches: [\n  main,\n  'dev',\n]\nname: ci\n",
            ["branches": .list([main, dev, .string("release/1")]), "name": .string("ci")],
            "branches: [\n  main,\n  'dev',\n  release/1,\n]\nname: ci\n"
        ),
        (
            "an item removed with the comment on its line", "branches: [main,  # default\n  dev,  # work\n  x]\n",
            ["branches": .list([main, .string("x")])], "branches: [main,  # default\n  x]\n"
        ),
        (
            "the first item removed", "branches: [\n  main,\n  dev\n]\n", ["branches": .list([dev])],
            "branches: [\n  dev\n]\n"
        ),
        (
            "a comment inside a one-line list", "branches: [main, dev]  # where\nname: ci\n",
            ["branches": .list([main]), "name": .string("ci")], "branches: [main]  # where\nname: ci\n"
        ),
        (
            "an entry added to a mapping over lines", "env: {\n  A: '1',  # first\n  B: two\n}\n",
            ["env": .record(["A": .string("1"), "B": .string("two"), "C: d": .string("x, y")])],
            "env: {\n  A: '1',  # first\n  B: two,\n  \"C: d\": \"x, y\"\n}\n"
        ),
        (
            "an entry removed from a mapping, CR LF", "env: {A: a,\r\n  B: b,\r\n  C: c}\r\n",
            ["env": .record(["A": .string("a"), "C": .string("c")])], "env: {A: a,\r\n  C: c}\r\n"
        ),
        (
            "an item changed and another added", "branches: [\n  main,  # m\n  dev\n]\n",
            ["branches": .list([.string("trunk"), dev, .string("x")])], "branches: [\n  trunk,  # m\n  dev,\n  x\n]\n"
        ),
    ]

    @Test(arguments: cases.map(\.name))
    func aFlowCollectionIsReshapedInPlace(_ name: String) throws {
        let edit = try #require(Self.cases.first { $0.name == name })
        let format = try Self.format()
        let (text, inPlace) = try format.edited(.record(edit.values), syntax: .yaml, editing: edit.original)
        #expect(text == edit.expected)
        #expect(inPlace)
    }
}
