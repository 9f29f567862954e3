import ModelForm
import Testing

@testable import ModelFormYAML

/// A TOML file's tables gain and lose keys, tables and array elements in place: every byte
/// the change does not touch stays, a removed entry goes with the comments right above it.
struct TOMLReshapeTests {
    static let cases: [(name: String, original: String, changes: [(String, FormValue)], expected: String?)] = [
        (
            "an optional cleared", "[address]\nstreet = \"x\"\n# the city\ncity = \"London\"\npostcode = \"p\"\n",
            [("address.city", .null)], "[address]\nstreet = \"x\"\npostcode = \"p\"\n"
        ),
        (
            "a value added to the root", "name = 'a'  # n\n\n[t]\nx = 1\n", [("age", .int(3))],
            "name = 'a'  # n\nage = 3\n\n[t]\nx = 1\n"
        ),
        (
            "a value added to a root of comments only", "#:schema x.json\n\n# T\n[t]\nx = 1\n", [("a", .int(1))],
            "#:schema x.json\n\na = 1\n# T\n[t]\nx = 1\n"
        ),
        ("a table added to the root", "a = 1\n", [("t", .record(["x": .int(1)]))], "a = 1\n\n[t]\nx = 1\n"),
        (
            "a table added to a table", "[a]\nx = 1\n\n[b]\ny = 2\n", [("a.c", .record(["z": .int(1)]))],
            "[a]\nx = 1\n\n[a.c]\nz = 1\n\n[b]\ny = 2\n"
        ),
        (
            "a table removed with its comment and its tables",
            "a = 1\n\n# T\n[t]\nx = 1\n[t.in]\nz = 0\n\n[u]\ny = 2\n",
            [("t", .null)], "a = 1\n\n[u]\ny = 2\n"
        ),
        (
            "an element added to an array of tables", "[[p]]\nn = 'a'\n\n[[p]]\nn = 'b'\n",
            [("p", .list(["a", "b", "c"].map { .record(["n": .string($0)]) }))],
            "[[p]]\nn = 'a'\n\n[[p]]\nn = 'b'\n\n[[p]]\nn = \"c\"\n"
        ),
        (
            "an element removed from an array of tables",
            "[[p]]\nn = 'a'\n\n[[p]]  # b\nn = 'b'\n[p.d]\nw = 1\n\n[[p]]\nn = 'c'\n",
            [("p", .list([.record(["n": .string("a")]), .record(["n": .string("c")])]))],
            "[[p]]\nn = 'a'\n\n[[p]]\nn = 'c'\n"
        ),
        (
            "an element removed, the next one's comment kept", "[[p]]\nn = 'a'\n\n# about b\n[[p]]\nn = 'b'\n",
            [("p", .list([.record(["n": .string("b")])]))], "# about b\n[[p]]\nn = 'b'\n"
        ),
        (
            "elements swapped, their comments with them",
            "x = 1\n\n# first\n[[p]]\nn = 'a'\n\n# second\n[[p]]  # b\nn = 'b'\n",
            [("p", .list([.record(["n": .string("b")]), .record(["n": .string("a")])]))],
            "x = 1\n\n# second\n[[p]]  # b\nn = 'b'\n\n# first\n[[p]]\nn = 'a'\n"
        ),
        (
            "an element changed and another added keeps its comment", "[[p]]  # one\nn = 'a'\n",
            [("p", .list([.record(["n": .string("z")]), .record(["n": .string("c")])]))],
            "[[p]]  # one\nn = 'z'\n\n[[p]]\nn = \"c\"\n"
        ),
        (
            "CR LF kept", "a = 1\r\n[t]\r\nx = 1\r\n", [("t.y", .int(2)), ("b", .bool(true))],
            "a = 1\r\nb = true\r\n[t]\r\nx = 1\r\ny = 2\r\n"
        ),
        ("a last line without a line break", "a = 1", [("b", .int(2))], "a = 1\nb = 2\n"),
        ("indentation followed", "[t]\n  x = 1\n", [("t.y", .int(2))], "[t]\n  x = 1\n  y = 2\n"),
        (
            "a table before an array of tables", "[t0]\nv0 = 406\nv1 = 'lit 24'\n\n[[p]]\ne0 = 1\n",
            [("t0.added1", .int(1))], "[t0]\nv0 = 406\nv1 = 'lit 24'\nadded1 = 1\n\n[[p]]\ne0 = 1\n"
        ),
        (
            "a dotted key's table gains a key", "fruit.color = 'red'  # c\nfruit . shape = 'round'\nn = 1\n",
            [("fruit.size", .int(2))], "fruit.color = 'red'  # c\nfruit . shape = 'round'\nfruit . size = 2\nn = 1\n"
        ),
        (
            "a dotted key's table loses a key, with its comment",
            "[package]\nname = 'x'\n# docs\nmetadata.docs.all = true\nmetadata.docs.os = ['linux']\n",
            [("package.metadata.docs.all", .null)], "[package]\nname = 'x'\nmetadata.docs.os = ['linux']\n"
        ),
        (
            "a dotted key's nested table gains a key, indented", "[t]\n  a.b.c = 1\n  a.d = 2\n",
            [("t.a.b.e", .string("x"))], "[t]\n  a.b.c = 1\n  a.b.e = \"x\"\n  a.d = 2\n"
        ),
        (
            "a dotted key's table loses every key", "fruit.color = 'red'\nfruit.shape = 'round'\nn = 1\n",
            [("fruit", .null)], "n = 1\n"
        ),
        (
            "a dotted key's table left empty", "n = 1\nfruit . color = 'red'  # c\n", [("fruit.color", .null)],
            "n = 1\nfruit = {}\n"
        ),
        (
            "a dotted key's table gains a table, inline", "f.c = 1\n", [("f.t", .record(["x": .int(1)]))],
            "f.c = 1\nf.t = { x = 1 }\n"
        ),
        (
            "an item added to an array over lines",
            "[project]\ndependencies = [\n    'httpx>=0.27',  # client\n    \"rich\",\n]\nname = 'x'\n",
            [("project.dependencies", .list([.string("httpx>=0.27"), .string("rich"), .string("typer")]))],
            "[project]\ndependencies = [\n    'httpx>=0.27',  # client\n    \"rich\",\n    \"typer\",\n]\nname = 'x'\n"
        ),
        (
            "an item removed from an array over lines, with its comment",
            "deps = [\n  \"a\",  # first\n  \"b\",  # second\n]\n", [("deps", .list([.string("b")]))],
            "deps = [\n  \"b\",  # second\n]\n"
        ),
        (
            "the last item removed, no trailing comma", "deps = [\n  \"a\",\n  \"b\"\n]\n",
            [("deps", .list([.string("a")]))], "deps = [\n  \"a\"\n]\n"
        ),
        (
            "items moved in an array with a comment", "deps = [\"a\",  # x\n  \"b\"]\n",
            [("deps", .list([.string("b"), .string("a")]))], "deps = [  # x\n  \"b\",\n  \"a\"]\n"
        ),
        (
            "a header's prefix table gains a value", "n = 1\n\n# B\n[a.b]\nx = 1\n", [("a.y", .int(2))],
            "n = 1\n\n[a]\ny = 2\n\n# B\n[a.b]\nx = 1\n"
        ),
        (
            "a header's prefix table loses a table", "[a.b]\nx = 1\n\n[a.c]\nz = 3\n", [("a.b", .null)],
            "[a.c]\nz = 3\n"
        ),
    ]

    @Test(arguments: cases.indices)
    func editsInPlace(_ index: Int) throws {
        let (name, original, changes, expected) = Self.cases[index]
        var values = JSONValue(try TOMLReader.parseDocument(original, file: "t.toml")).formValue
        for (path, value) in changes { try values.set(value, at: FormPath(parsing: path)) }
        let text = TOMLSplice.edit(original, values: values)
        #expect(text == expected, "\(name)")
        if let text {
            let back = JSONValue(try TOMLReader.parseDocument(text, file: "t.toml")).formValue
            #expect(back.keysSorted == values.withoutNulls.keysSorted, "\(name)")
        }
    }
}
