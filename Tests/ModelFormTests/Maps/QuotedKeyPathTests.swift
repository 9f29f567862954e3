import ModelForm
import Testing

/// A key may hold any character: a path writes a key that is not a plain name in brackets
/// and quotes (escaped as a JSON string), and reads it back as the same key.
@Suite struct QuotedKeyPathTests {
    @Test(arguments: [
        ("scripts.build", [FormPath.Component.key("scripts"), .key("build")]),
        (#"scripts["build:prod"]"#, [.key("scripts"), .key("build:prod")]),
        (#"env["a.b"].c"#, [.key("env"), .key("a.b"), .key("c")]),
        (#"m["say \"hi\""]"#, [.key("m"), .key(#"say "hi""#)]),
        (#"m["back\\slash"]"#, [.key("m"), .key(#"back\slash"#)]),
        (#"m["0"]"#, [.key("m"), .key("0")]),
        (#"m[""]"#, [.key("m"), .key("")]),
        (#"m["tab\there"]"#, [.key("m"), .key("tab\there")]),
        (#"m["bell\u0007"]"#, [.key("m"), .key("bell\u{7}")]),
        (#"m["\u202Eevil"]"#, [.key("m"), .key("\u{202E}evil")]),
        (#"m["tag\uDB40\uDC01"]"#, [.key("m"), .key("tag\u{E0001}")]),
        (#"["top:level"].x"#, [.key("top:level"), .key("x")]),
        ("friends[2].name", [.key("friends"), .index(2), .key("name")]),
        ("prénom", [.key("prénom")]),
    ])
    func aPathReadsAndWritesBack(_ text: String, _ components: [FormPath.Component]) throws {
        let path = try FormPath(parsing: text)
        #expect(path.components == components)
        #expect(try FormPath(parsing: path.description) == path)
        #expect(path.description == text)
    }

    @Test(arguments: [
        (#"m["open"#, "a quoted key is not closed"),
        (#"m["x"y"#, "expected ']' after a quoted key"),
        (#"m["\q"]"#, "is not an escape"),
        (#"m["\u12"]"#, "4 hexadecimal digits"),
        ("m[x]", "expected a non-negative index or a quoted key"),
        ("a..b", "expected a name after '.'"),
        ("a.", "expected a name after '.'"),
        (#"m["a"]b"#, "expected '.' or '['"),
    ])
    func aBadPathSaysWhy(_ text: String, _ problem: String) {
        do {
            _ = try FormPath(parsing: text)
            Issue.record("read '\(text)'")
        } catch {
            #expect("\(error)".contains(problem), "\(error)")
        }
    }

    @Test func aTenKilobyteKeyAndAControlCharacterRoundTrip() throws {
        let key = String(repeating: "k:", count: 5_000) + "\u{1B}[2J"
        let path = FormPath([.key("m"), .key(key)])
        #expect(!path.description.contains("\u{1B}"))
        #expect(try FormPath(parsing: path.description) == path)
    }

    @Test(arguments: [
        (#"scripts["build:prod"]"#, [FormPath.Component.key("scripts"), .key("build:prod")]),
        ("friends[0][name]", [.key("friends"), .index(0), .key("name")]),
        (#"m["0"]"#, [.key("m"), .key("0")]),
        ("m[0]", [.key("m"), .index(0)]),
        ("email", [.key("email")]),
        (#"["build:prod"]"#, [.key("build:prod")]),
        ("[3][a]", [.index(3), .key("a")]),
        ("a[b][c][12]", [.key("a"), .key("b"), .key("c"), .index(12)]),
    ])
    func anInputNameReadsBack(_ name: String, _ components: [FormPath.Component]) {
        #expect(URLEncodedForm.name(for: FormPath(components)) == name)
    }
}
