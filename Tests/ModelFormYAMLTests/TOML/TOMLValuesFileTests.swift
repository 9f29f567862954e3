import Foundation
import ModelForm
import ModelFormTesting
import Testing

@testable import ModelFormYAML

/// A TOML values file read into a model's values, written whole, and edited in place: the
/// values the YAML example holds, the changed values' bytes replaced in the way each was
/// written, every other byte kept.
@Suite struct TOMLValuesFileTests {
    static let commented = """
        #:schema ./registration.schema.json
        # Ada's registration
        email = "ada@example.com"
        password = 'correct horse battery'
        repeatPassword = "correct horse battery"
        name = 'Ada Lovelace'   # as signed
        gender = "female"
        age = 36
        dateOfBirth = 1815-12-10
        language = "english"
        interests = ["computers", "socializing"]  # two of them
        notifications = ["Email"]
        about = \"\"\"
        Mathematician and writer.
        First to publish an algorithm for a machine.
        \"\"\"
        homepageURL = "https://example.com/ada"
        rememberMe = true
        agreedToTerms = true

        [address]  # where she lived
        street = "12 St James's Square"
        city = "London"
        postcode = "SW1Y 4JH"

        """

    static func format() throws -> ValuesFileFormat { try ValuesSpliceTests.format() }

    @Test func readsTheValuesTheYAMLExampleHolds() throws {
        let format = try Self.format()
        let toml = try format.read(text: Self.commented, file: "r.values.toml")
        let yaml = try format.read(text: try PackagePaths.text("config/registration.values.yaml"), file: "r.yaml")
        #expect(toml.keysSorted == yaml.keysSorted)
        #expect(toml["dateOfBirth"] == .date(try #require(ISODate.parseDate("1815-12-10"))))
    }

    @Test func onlyTheChangedValuesBytesChangeInTheWayEachWasWritten() throws {
        let format = try Self.format()
        var values = try format.read(text: Self.commented, file: "r.values.toml")
        try values.set(.string("Grace Hopper"), at: "name")
        try values.set(.string("Grace \"G\""), at: "repeatPassword")
        try values.set(.string("hunter2"), at: "password")
        try values.set(.uint(37), at: "age")
        try values.set(.date(try #require(ISODate.parseDate("1906-12-09"))), at: "dateOfBirth")
        try values.set(.string("Admiral.\nCompiler pioneer.\n"), at: "about")
        try values.set(.string("Paris"), at: "address.city")
        try values.set(.list([.string("computers")]), at: "interests")
        let text = try format.text(values, syntax: .toml, editing: Self.commented)
        let expected = Self.commented
            .replacingOccurrences(of: "'Ada Lovelace'", with: "'Grace Hopper'")
            .replacingOccurrences(
                of: "repeatPassword = \"correct horse battery\"", with: "repeatPassword = \"Grace \\\"G\\\"\""
            )
            .replacingOccurrences(of: "'correct horse battery'", with: "'hunter2'")
            .replacingOccurrences(of: "age = 36", with: "age = 37")
            .replacingOccurrences(of: "1815-12-10", with: "1906-12-09")
            .replacingOccurrences(
                of: "Mathematician and writer.\nFirst to publish an algorithm for a machine.\n",
                with: "Admiral.\nCompiler pioneer.\n"
            )
            .replacingOccurrences(of: "\"London\"", with: "\"Paris\"")
            .replacingOccurrences(of: "[\"computers\", \"socializing\"]", with: "[\"computers\"]")
        #expect(text == expected)
        #expect(try format.read(text: text, file: "r.values.toml") == values)
        // And back: the original bytes.
        let original = try format.read(text: Self.commented, file: "r.values.toml")
        #expect(try format.text(original, syntax: .toml, editing: text) == Self.commented)
    }

    /// An optional cleared is a key removed, with its comment; one set is a line added after
    /// its table's last: both in place.
    @Test func optionalsClearedAndSetAreEditedInPlace() throws {
        let format = try Self.format()
        let original = Self.commented.replacingOccurrences(of: "dateOfBirth", with: "# born\ndateOfBirth")
        var values = try format.read(text: original, file: "r.values.toml")
        try values.set(.null, at: "dateOfBirth")
        try values.set(.string("+44 20 7946 0000"), at: "phoneNumber")
        try values.set(.string("UK"), at: "address.country")
        let (text, inPlace) = try format.edited(values, syntax: .toml, editing: original)
        #expect(inPlace)
        let expected = Self.commented.replacingOccurrences(of: "dateOfBirth = 1815-12-10\n", with: "")
            .replacingOccurrences(
                of: "agreedToTerms = true\n", with: "agreedToTerms = true\nphoneNumber = \"+44 20 7946 0000\"\n"
            )
            .replacingOccurrences(of: "postcode = \"SW1Y 4JH\"\n", with: "postcode = \"SW1Y 4JH\"\ncountry = \"UK\"\n")
        #expect(text == expected)
        let back = try format.read(text: text, file: "r.values.toml")
        #expect(back["dateOfBirth"] == nil && back["phoneNumber"] == .string("+44 20 7946 0000"))
    }

    /// Each kind of TOML scalar changed in place: written as it was where the new value
    /// allows it.
    @Test(arguments: [
        ("age = 0x1F\n", "age", FormValue.uint(255), "age = 0xFF\n"),
        ("age = 0o17  # mode\n", "age", FormValue.int(8), "age = 0o10  # mode\n"),
        ("age = 0x1f\n", "age", FormValue.int(-1), "age = -1\n"),
        ("name = 'a'\n", "name", FormValue.string("it's"), "name = \"it's\"\n"),
        ("name = '''\nx\n'''\n", "name", FormValue.string("C:\\y\n"), "name = '''\nC:\\y\n'''\n"),
        ("name = \"\"\"one\"\"\"\n", "name", FormValue.string("two"), "name = \"\"\"two\"\"\"\n"),
        ("name = \"x\"\r\nage = 1\r\n", "age", FormValue.uint(2), "name = \"x\"\r\nage = 2\r\n"),
        ("a = {name = \"x\", age = 1}\n", "a.age", FormValue.uint(2), "a = {name = \"x\", age = 2}\n"),
        (
            "at = 1979-05-27T07:32:00  # local\n", "at", FormValue.date(Date(timeIntervalSince1970: 0)),
            "at = 1970-01-01T00:00:00  # local\n"
        ),
    ])
    func eachKindOfScalarIsWrittenAsItWas(_ original: String, _ path: String, _ value: FormValue, _ expected: String)
        throws
    {
        let text = try TOMLSplice.edit(original, values: Self.replacing(original, path, value))
        #expect(text == expected)
    }

    static func replacing(_ original: String, _ path: String, _ value: FormValue) throws -> FormValue {
        var values = JSONValue(try TOMLReader.parseDocument(original, file: "t.toml")).formValue
        try values.set(value, at: FormPath(parsing: path))
        return values
    }

    @Test func aFileWrittenWholeReadsBackAndPythonReadsItAlike() throws {
        let format = try Self.format()
        var values = try format.read(text: Self.commented, file: "r.values.toml")
        try values.set(.string("line \"one\"\ttab\nline two\u{1}"), at: "about")
        let text = try format.text(values, syntax: .toml)
        #expect(text.contains("dateOfBirth = 1815-12-10\n"))
        #expect(text.contains("\n[address]\nstreet = "))
        #expect(try format.read(text: text, file: "w.values.toml").keysSorted == values.keysSorted)
        guard PythonTOML.isAvailable else { return }
        let python = try PythonTOML.read(text)
        let ours = JSONValue(try TOMLReader.parseDocument(text, file: "w.toml"))
        #expect(python == ours)
    }

    @Test func aListHoldingNullIsRefusedForTOML() throws {
        #expect(throws: TOMLWriter.Refusal.self) { try TOMLWriter.write(.record(["a": .list([.int(1), .null])])) }
    }
}

/// Python's `tomllib` (3.11 and later) as the reference reader: each TOML text's values as
/// JSON (dates as ISO text), or `nil` for a text it refuses; all in one Python process.
enum PythonTOML {
    static let isAvailable: Bool = (try? readAll(["a = 1"])) == [["a": 1]]

    static func read(_ text: String) throws -> JSONValue? { try readAll([text])[0] }

    static func readAll(_ texts: [String]) throws -> [JSONValue?] {
        let script = """
            import datetime, json, sys, tomllib
            def plain(v):
                if isinstance(v, datetime.datetime):
                    return v.isoformat().replace("+00:00", "Z")
                if isinstance(v, (datetime.date, datetime.time)):
                    return v.isoformat()
                if isinstance(v, dict):
                    return {k: plain(x) for k, x in v.items()}
                if isinstance(v, list):
                    return [plain(x) for x in v]
                return v
            def read(text):
                try:
                    return plain(tomllib.loads(text))
                except tomllib.TOMLDecodeError:
                    return None
            print(json.dumps([read(text) for text in json.load(sys.stdin)]))
            """
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", script]
        let input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        input.fileHandleForWriting.write(Data(JSONValue.array(texts.map { .string($0) }).json.utf8))
        try input.fileHandleForWriting.close()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let results = try JSONParser.parse(String(decoding: data, as: UTF8.self), file: "python").value
        return (results.array ?? []).map { value -> JSONValue? in value == .null ? Optional.none : value }
    }
}
