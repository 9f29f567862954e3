import ModelForm
import Testing

@testable import ModelFormYAML

/// The TOML reader, case by case: what each construct of TOML 1.0 reads as (as JSON, the
/// way a values file sees it), and where each kind of invalid document is refused.
struct TOMLReaderTests {
    static func json(_ text: String) throws -> String {
        JSONValue(try TOMLReader.parseDocument(text, file: "t.toml")).json
    }

    static let valid: [(String, String)] = [
        ("a = 1\nb = 'x'\nc = \"y\\tz\"", #"{"a":1,"b":"x","c":"y\tz"}"#),
        ("n = 0x1F\no = 0o17\nb = 0b101\nu = 1_000\nneg = -7", #"{"n":31,"o":15,"b":5,"u":1000,"neg":-7}"#),
        ("f = 1.5\ne = 6.02e23\ng = -0.0_1\ni = inf", #"{"f":1.5,"e":6.02e23,"g":-0.01,"i":"inf"}"#),
        ("t = true\nf = false", #"{"t":true,"f":false}"#),
        (
            "d = 1979-05-27\ndt = 1979-05-27 07:32:00Z\nl = 1979-05-27T07:32:00.5\nt = 07:32:00\no = 1979-05-27T00:32:00-07:00",
            #"{"d":"1979-05-27","dt":"1979-05-27T07:32:00Z","l":"1979-05-27T07:32:00.5","t":"07:32:00","o":"1979-05-27T00:32:00-07:00"}"#
        ),
        ("s = \"\"\"\nline one\nline two\\\n   joined\"\"\"", #"{"s":"line one\nline twojoined"}"#),
        ("s = '''\nC:\\path\n'''\nq = \"\"\"a \"quoted\" b\"\"\"\"\"", #"{"s":"C:\\path\n","q":"a \"quoted\" b\"\""}"#),
        ("a.b.c = 1\na.b.d = 2\n\"x y\".'z' = 3", #"{"a":{"b":{"c":1,"d":2}},"x y":{"z":3}}"#),
        ("[server]\nhost = 'h'\n[server.tls]\non = true", #"{"server":{"host":"h","tls":{"on":true}}}"#),
        (
            "[[p]]\nname = 'a'\n[p.dim]\nw = 1\n[[p]]\nname = 'b'",
            #"{"p":[{"name":"a","dim":{"w":1}},{"name":"b"}]}"#
        ),
        (
            "a = [1, [2, 3], {x = 1}, ]\nb = [\n  # a comment\n  'x', # another\n]",
            #"{"a":[1,[2,3],{"x":1}],"b":["x"]}"#
        ),
        ("[a.b.c]\nz = 1\n[a]\ny = 2", #"{"a":{"b":{"c":{"z":1}},"y":2}}"#),
        (
            "[fruit]\napple.color = 'red'\n[fruit.apple.texture]\nsmooth = true",
            #"{"fruit":{"apple":{"color":"red","texture":{"smooth":true}}}}"#
        ),
        ("\u{FEFF}a = 1\r\nb = 2\r\n", #"{"a":1,"b":2}"#),
        ("", "{}"),
    ]

    @Test(arguments: valid)
    func readsAsJSON(_ text: String, _ expected: String) throws {
        #expect(try Self.json(text) == expected)
    }

    static let invalid: [(String, String, String, String)] = [
        ("a = 1\na = 2", "1:1", "2:1", "the key 'a' is defined twice"),
        ("[t]\n[t]", "", "2:1", "the table 't' is defined twice"),
        ("[fruit]\napple.color = 'red'\n[fruit.apple]", "", "3:1", "the table 'fruit.apple' is defined twice"),
        ("[a.b.c]\n[a]\nb.c.t = 1", "", "3:1", "'b' is already defined: a dotted key cannot add to it"),
        ("a = {x = 1}\n[a]", "", "2:1", "the table 'a' is defined twice"),
        ("a = {x = 1}\n[a.b]", "", "2:2", "'a' is not a table"),
        ("a = [1]\n[[a]]", "", "2:1", "'a' is already defined, not as an array of tables"),
        ("a = b", "", "1:5", "'b' is not a TOML value"),
        ("a = 2021-02-30", "", "1:5", "'2021-02-30' is not a valid date"),
        ("a = 9223372036854775808", "", "1:5", "is not a TOML value"),
        ("a = 01", "", "1:5", "is not a TOML value"),
        ("a = 'x", "", "1:7", "a string that does not end"),
        ("a = \"x\ny\"", "", "1:7", "a line end in a one-line string"),
        ("a = \"\\q\"", "", "1:6", "an unknown escape"),
        ("a = 1 b = 2", "", "1:7", "expected the end of the line"),
        ("a = {x = 1,}", "", "1:12", "expected a key"),
        ("a = {x = 1,\n y = 2}", "", "1:12", "expected a key"),
        ("a = 1\r", "", "1:6", "a carriage return not followed by a line feed"),
        ("a = 1 # \u{7}", "", "1:9", "a control character in a comment"),
        ("[a\nb = 1", "", "1:3", "expected ']' to close the table's name"),
    ]

    @Test(arguments: invalid)
    func refusesWithAPlace(_ text: String, _ unused: String, _ place: String, _ message: String) throws {
        let error = try #require(throws: DiagnosticList.self) { try TOMLReader.parseDocument(text, file: "t.toml") }
        let first = try #require(error.diagnostics.first)
        #expect("\(first.mark.line):\(first.mark.column)" == place, "\(first.message)")
        #expect(first.message.contains(message), "\(first.message)")
    }

    /// Python's `tomllib` reads each valid text alike (but those with dates and infinities,
    /// which it writes in other words, and a byte order mark, which it refuses) and refuses
    /// each invalid one (but an integer beyond 64 bits, which Python's integers hold).
    @Test(.enabled(if: PythonTOML.isAvailable, "Python's tomllib is not there"))
    func pythonAgrees() throws {
        let valid = Self.valid.filter { !$0.0.contains("1979") && !$0.0.contains("inf") && !$0.0.hasPrefix("\u{FEFF}") }
        let invalid = Self.invalid.filter { !$0.0.contains("9223372036854775808") }
        let results = try PythonTOML.readAll(valid.map(\.0) + invalid.map(\.0))
        for ((text, expected), result) in zip(valid, results) {
            #expect(result?.json == expected, "\(text)")
        }
        for ((text, _, _, _), result) in zip(invalid, results.dropFirst(valid.count)) {
            #expect(result == Optional.none, "Python reads \(text)")
        }
    }

    @Test func nestingDeeperThanTheLimitIsRefused() throws {
        let deep = "a = " + String(repeating: "[", count: 200) + String(repeating: "]", count: 200)
        let error = try #require(throws: DiagnosticList.self) { try TOMLReader.parseDocument(deep, file: "t.toml") }
        #expect(error.diagnostics.first?.message.contains("deeper than 128") == true)
        let dotted = (0..<200).map { "k\($0)" }.joined(separator: ".") + " = 1"
        #expect(throws: DiagnosticList.self) { try TOMLReader.parseDocument(dotted, file: "t.toml") }
    }

    @Test func eachValueIsMarkedWhereItIsWritten() throws {
        let node = try TOMLReader.parseDocument("# head\n[server]\nport = 80\n[[p]]\nx = 'é' # c\n", file: "t.toml")
        #expect(node["server"]?["port"]?.mark.description == "t.toml:3:8")
        #expect(node["p"]?.sequence?.first?["x"]?.mark.description == "t.toml:5:5")
    }
}
