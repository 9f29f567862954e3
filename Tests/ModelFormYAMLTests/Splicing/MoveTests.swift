import Foundation
import ModelForm
import Testing

@testable import ModelFormYAML

/// A list whose items moved (reordered, as `apply --move` and the editor's move do), or a
/// mapping whose keys did, is edited in place: each moved item's or entry's own bytes, its
/// comments too, go where it now is; the rest stay.
@Suite struct MoveTests {
    static func format() throws -> ValuesFileFormat {
        let types = "types:\n  W: {tags: '[String]?', steps: '[S]?'}\n  S: {uses: String?, run: String?}\n"
        return try ValuesFileFormat.omittingAbsent(types, typeName: "W")
    }

    static let a = FormValue.string("a")
    static let b = FormValue.string("b")
    static let c = FormValue.string("c")
    static let checkout = FormValue.record(["uses": .string("actions/checkout@v4")])
    static let build = FormValue.record(["run": .string("make")])

    static let cases: [(name: String, syntax: ValuesSyntax, original: String, values: FormRecord, expected: String)] = [
        (
            "two items swapped, their comments with them", .yaml,
            "tags:\n  # first\n  - a  # one\n  - 'b'\n  - c\n",
            ["tags": .list([b, a, c])], "tags:\n  - 'b'\n  # first\n  - a  # one\n  - c\n"
        ),
        (
            "the last item moved first, no final line break", .yaml, "tags:\n- a\n- b\n- \"c\"",
            ["tags": .list([c, a, b])], "tags:\n- \"c\"\n- a\n- b"
        ),
        (
            "a step moved down", .yaml,
            "steps:\n  # get the code\n  - uses: actions/checkout@v4  # pinned\n  - run: make\n",
            ["steps": .list([build, checkout])],
            "steps:\n  - run: make\n  # get the code\n  - uses: actions/checkout@v4  # pinned\n"
        ),
        (
            "an item moved and another added", .yaml, "tags:\n  - a  # one\n  - b\n",
            ["tags": .list([b, c, a])], "tags:\n  - b\n  - c\n  - a  # one\n"
        ),
        (
            "a mapping's entries moved, their comments with them", .yaml,
            "tags: [a]  # t\n# the steps\nsteps:\n  - run: make\n", ["steps": .list([build]), "tags": .list([a])],
            "# the steps\nsteps:\n  - run: make\ntags: [a]  # t\n"
        ),
        (
            "a flow list reordered", .yaml, "tags: [a, b]  # two\n", ["tags": .list([b, a])], "tags: [b, a]  # two\n"
        ),
        (
            "JSON items swapped", .json, "{\n  \"tags\": [\n    \"a\",\n    \"b\",\n    \"c\"\n  ]\n}\n",
            ["tags": .list([c, b, a])], "{\n  \"tags\": [\n    \"c\",\n    \"b\",\n    \"a\"\n  ]\n}\n"
        ),
        (
            "a JSON object moved, CR LF", .json,
            "{\"steps\": [\r\n  {\"uses\" : \"actions/checkout@v4\"},\r\n  {\r\n    \"run\": \"make\"\r\n  }\r\n]}",
            ["steps": .list([build, checkout])],
            "{\"steps\": [\r\n  {\r\n    \"run\": \"make\"\r\n  },\r\n  {\"uses\" : \"actions/checkout@v4\"}\r\n]}"
        ),
    ]

    @Test(arguments: cases.map(\.name))
    func movedItemsKeepTheirBytes(_ name: String) throws {
        let edit = try #require(Self.cases.first { $0.name == name })
        let format = try Self.format()
        let values = FormValue.record(edit.values)
        let (text, inPlace) = try format.edited(values, syntax: edit.syntax, editing: edit.original)
        #expect(text == edit.expected)
        #expect(inPlace)
    }

    /// A value changed in place is not a move: the comment stays on its line.
    @Test func aChangedItemStaysWhereItIs() throws {
        let original = "tags:\n  - a  # one\n  - b\n  - c\n"
        let values = FormValue.record(["tags": .list([.string("x"), Self.b, Self.c])])
        let text = try Self.format().text(values, syntax: .yaml, editing: original)
        #expect(text == "tags:\n  - x  # one\n  - b\n  - c\n")
    }
}
