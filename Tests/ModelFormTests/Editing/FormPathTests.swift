import ModelForm
import Testing

@Suite struct FormPathTests {
    @Test(arguments: [
        ("email", [FormPath.Component.key("email")]),
        ("address.street", [.key("address"), .key("street")]),
        ("friends[2].name", [.key("friends"), .index(2), .key("name")]),
        ("grid[0][1]", [.key("grid"), .index(0), .index(1)]),
    ])
    func parses(text: String, components: [FormPath.Component]) throws {
        let path = try FormPath(parsing: text)
        #expect(path.components == components)
        #expect(path.description == text)
    }

    @Test(arguments: ["a..b", "a.", ".a", "a[x]", "a[-1]", "a[1", "a.[0]"])
    func rejects(text: String) {
        #expect(throws: FormError.self) { try FormPath(parsing: text) }
    }

    @Test(arguments: [
        ("address[street]", "address.street"),
        ("friends[0][name]", "friends[0].name"),
        ("interests[]", "interests"),
        ("address.street", "address.street"),
    ])
    func bracketNames(name: String, path: String) throws {
        #expect(URLEncodedForm.path(forName: name) == (try FormPath(parsing: path)))
    }

    @Test func bracketNamesRoundTrip() {
        let path: FormPath = "friends[0].name"
        #expect(URLEncodedForm.name(for: path) == "friends[0][name]")
        #expect(URLEncodedForm.path(forName: URLEncodedForm.name(for: path)) == path)
    }

    @Test func urlDecoding() {
        let pairs = URLEncodedForm.pairs("a=1+2&b=%C3%A9t%C3%A9&c=&d&e=100%25&f=%zz")
        #expect(pairs.map(\.name) == ["a", "b", "c", "d", "e", "f"])
        #expect(pairs.map(\.value) == ["1 2", "été", "", "", "100%", "%zz"])
        #expect(URLEncodedForm.decode(Substring(URLEncodedForm.encode("a b&c=é/"))) == "a b&c=é/")
    }

    /// Unreserved characters as they are, a space as `+`, every other byte as `%XX`.
    @Test(arguments: [
        ("field42Name", "field42Name"), ("a-b.c_d~", "a-b.c_d~"), ("", ""), ("a b", "a+b"),
        ("tags[0]", "tags%5B0%5D"), ("é", "%C3%A9"), ("\u{0}\u{1F}\u{7F}", "%00%1F%7F"), ("100%", "100%25"),
        ("a+b&c=d/e", "a%2Bb%26c%3Dd%2Fe"), ("\"quoted\"", "%22quoted%22"),
    ])
    func urlEncoding(text: String, encoded: String) {
        #expect(URLEncodedForm.encode(text) == encoded)
        #expect(URLEncodedForm.decode(Substring(encoded)) == text)
    }

    /// A path's description is its components' parts in turn (the page's digests build it so).
    @Test func aDescriptionIsItsComponentsPartsInTurn() throws {
        for literal in ["name", "friends[2].name", #"scripts["build:prod"].command"#, #"["0"].a[1][2]"#, "a.b-c.$d"] {
            let path = try FormPath(parsing: literal)
            var text = ""
            for component in path.components {
                FormPath.appendDescription(of: component, first: text.isEmpty, to: &text)
            }
            #expect(text == path.description)
            #expect(text == literal)
        }
    }
}

/// The URL codec: a segment of digits is a position, and a key of digits is quoted, so
/// that no key is read as a position.
@Suite struct FormPathURLTests {
    @Test(arguments: [
        (FormPath([.key("members"), .index(2), .key("address")]), ["members", "2", "address"]),
        (FormPath([.key("years"), .key("2020")]), ["years", "\"2020\""]),
        (FormPath([.key("scripts"), .key("build:prod")]), ["scripts", "\"build:prod\""]),
        (FormPath([.key("env"), .key("a \"b\"")]), ["env", #""a \"b\"""#]),
    ])
    func segmentsReadBackAsThePath(_ path: FormPath, _ segments: [String]) {
        #expect(path.urlSegments == segments)
        #expect(FormPath(urlSegments: segments) == path)
    }

    @Test func aSegmentThatIsNeitherIsRefused() {
        #expect(FormPath(urlSegments: ["a b"]) == nil)
        #expect(FormPath(urlSegments: ["-1"]) == nil)
    }

    /// A key is written plain when it is a letter, `_` or `$`, then letters, digits, `_`, `-`
    /// and `$`: every ASCII byte first and second, against that definition by characters,
    /// and keys past ASCII by their Unicode properties.
    @Test func plainNamesAreThoseOfTheDefinition() {
        func letter(_ c: Character) -> Bool { c.isASCII && c.isLetter || c == "_" || c == "$" }
        func reference(_ key: String) -> Bool {
            guard let first = key.first, letter(first) else { return false }
            return key.dropFirst().allSatisfy { letter($0) || $0.isASCII && $0.isNumber || $0 == "-" }
        }
        for byte in UInt8(0)..<0x80 {
            let c = String(UnicodeScalar(byte))
            for key in [c, "a" + c, "a" + c + "b", "ab" + c, "_1" + c, c + "z"] {
                #expect(FormPath.isPlainName(key) == reference(key), "\(Array(key.utf8))")
            }
        }
        #expect(!FormPath.isPlainName(""))
        #expect(FormPath.isPlainName("naïve") && FormPath.isPlainName("été_2") && FormPath.isPlainName("名前"))
        #expect(!FormPath.isPlainName("1é") && !FormPath.isPlainName("é.b") && !FormPath.isPlainName("-é"))
    }
}
