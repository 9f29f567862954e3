import ModelForm
import Testing

@testable import ModelFormYAML

/// An edit in place that reads back as the very values saved is kept, even where the whole
/// text would read back otherwise (a free JSON value's `1.` or `1.0` is written whole as `1`,
/// an integer when read back): the file keeps its comments, its line ends and its `1.`.
@Suite struct SavedValuesTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var syntax: ValuesSyntax
        var file: String
        var path: String
        var expected: String
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(
            name: "YAML list, CR LF, 1.", syntax: .yaml, file: "# numbers\r\n- 1.\r\n- a\r\n", path: "value[1]",
            expected: "# numbers\r\n- 1.\r\n- b\r\n"),
        Case(
            name: "YAML mapping, 2.0", syntax: .yaml, file: "ratio: 2.0  # kept\nname: a\n", path: "value.name",
            expected: "ratio: 2.0  # kept\nname: b\n"),
        Case(
            name: "JSON object, 1.0", syntax: .json, file: "{\n  \"n\": 1.0,\n  \"s\": \"a\"\n}\n", path: "value.s",
            expected: "{\n  \"n\": 1.0,\n  \"s\": \"b\"\n}\n"),
        Case(
            name: "TOML, 1.0", syntax: .toml, file: "# t\nn = 1.0\ns = \"a\"\n", path: "value.s",
            expected: "# t\nn = 1.0\ns = \"b\"\n"),
    ]

    @Test(arguments: cases) func anEditThatReadsBackAsTheValuesSavedIsKept(_ example: Case) throws {
        let format = try AnchorTests.format()
        let file = example.syntax.fileName
        var values = try format.read(text: example.file, file: file)
        try values.set(.string("b"), at: FormPath(parsing: example.path))
        let edited = try format.edited(values, syntax: example.syntax, editing: example.file)
        #expect(edited.inPlace && edited.text == example.expected, "\(edited.text.debugDescription)")
        #expect(try format.read(text: edited.text, file: file) == values)
    }

    /// A change no edit in place makes (a list become a mapping) is still written whole, and
    /// reads back as the values.
    @Test func aChangeNoEditMakesIsWrittenWhole() throws {
        let format = try AnchorTests.format()
        let original = "- 1.\n- a\n"
        var values = try format.read(text: original, file: "a.yaml")
        try values.set(.record(["k": .int(1)]), at: FormPath(parsing: "value"))
        let edited = try format.edited(values, syntax: .yaml, editing: original)
        #expect(!edited.inPlace && edited.text == "k: 1\n", "\(edited.text.debugDescription)")
        #expect(try format.read(text: edited.text, file: "a.yaml") == values)
    }
}
