import ModelForm
import Testing

@testable import ModelFormYAML

/// The issue's bad input, each edited exactly or refused with a located error, never
/// written so that it reads as other values than intended: tabs, mixed line endings, several
/// documents, a flow mapping over lines, a comment between a key and its value, an alias to
/// an anchor not yet defined (YAML has no cycles), TOML's duplicate table and a dotted key
/// that redefines a table. (Invalid UTF-8 is refused where it is before any of this:
/// `HostileInputTests`, case 10.)
struct HostileEditTests {
    static let cases: [(name: String, file: String, original: String, path: String, value: FormValue, error: String?)] =
        [
            ("tabs", "t.yaml", "a: 1\t# c\nb:\t2\n", "b", .int(5), nil),
            ("mixed line endings", "t.yaml", "a: 1\r\nb: 2\nc: 3\rd: 4\n", "c", .string("x"), nil),
            (
                "several documents", "t.yaml", "a: 1\n---\nb: 2\n", "a", .int(2),
                "t.yaml:3:1: error: expected one document"
            ),
            ("a flow mapping over lines", "t.yaml", "m: {a: 1,\n  b: 2}  # m\n", "m.c", .int(3), nil),
            ("a comment between a key and its value", "t.yaml", "a:  # note\n  1\nb: 2\n", "a", .int(5), nil),
            ("an alias before its anchor", "t.yaml", "a: *x\nb: &x [1]\n", "b", .int(1), "t.yaml:1:4"),
            ("an anchor inside itself", "t.yaml", "a: &x [*x]\n", "a", .int(1), "t.yaml:1:8"),
            (
                "a TOML table defined twice", "t.toml", "[a]\nx = 1\n[a]\ny = 2\n", "a.x", .int(2),
                "t.toml:3:1: error: the table 'a' is defined twice"
            ),
            (
                "a dotted key redefining a table", "t.toml", "[a.b]\nx = 1\n[a]\nb.y = 2\n", "a.b.x", .int(2),
                "t.toml:4:1"
            ),
            ("TOML tabs and CR LF", "t.toml", "a\t=\t1\t# c\r\n[t]\r\nb = 2\r\n", "t.b", .int(3), nil),
        ]

    @Test(arguments: cases.map(\.name))
    func eachIsEditedExactlyOrRefusedWhereItIs(_ name: String) throws {
        let edit = try #require(Self.cases.first { $0.name == name })
        let format = try AnchorTests.format()
        let syntax = ValuesSyntax(path: edit.file)
        let values: FormValue
        do {
            values = try format.read(text: edit.original, file: edit.file)
        } catch {
            let expected = try #require(edit.error, "\(name): \(error)")
            #expect("\(error)".contains(expected), "\(name): \(error)")
            return
        }
        #expect(edit.error == nil, "\(name) was read")
        var changed = values
        try changed.set(edit.value, at: FormPath(parsing: "value." + edit.path))
        let (text, inPlace) = try format.edited(changed, syntax: syntax, editing: edit.original)
        #expect(inPlace, "\(name): edited in place")
        #expect(try format.read(text: text, file: edit.file) == changed, "\(name):\n\(text)")
    }

    /// A key written with no value (pubspec's `platforms: {android: }`, a property of type
    /// `null`) is kept by a save that does not touch it, in place and in a whole write:
    /// absent and `null` are one in the values, but not in the file.
    @Test func aKeyWrittenWithoutAValueIsKept() throws {
        let format = try AnchorTests.format()
        let original = "# platforms\nname: my_name\nplatforms:\n  android:\n  ios:  # phones\n"
        var values = try format.read(text: original, file: "p.yaml")
        try values.set(.string("x"), at: "value.name")
        let (text, inPlace) = try format.edited(values, syntax: .yaml, editing: original)
        #expect(inPlace)
        #expect(text == original.replacingOccurrences(of: "my_name", with: "x"))
        let typed = try ValuesFileFormat.omittingAbsent(
            "types:\n  R: {web: String?, name: String?, gone: String?}\n", typeName: "R")
        let json = "{\"web\": null, \"name\": \"a\", \"gone\": \"g\"}"
        var jsonValues = try typed.read(text: json, file: "p.json")
        try jsonValues.set(.null, at: "gone")
        try jsonValues.set(.string("b"), at: "name")
        let edited = try typed.text(jsonValues, syntax: .json, editing: json)
        #expect(edited == "{\"web\": null, \"name\": \"b\"}", "a null the values gained is left out")
    }
}
