import Foundation
import ModelForm
import Testing

private struct Plugin: Codable, Equatable {
    var name = "lint"
    var options: JSONValue = ["strict": true, "ignore": ["build", "dist"], "level": 2]
    var extra: JSONValue?
    var steps: [JSONValue] = []
    var settings: [String: JSONValue] = [:]
}

/// Free JSON (``JSONValue``): inferred from Swift as a `json` field, typed as JSON text,
/// shown on one line and indented in its input, committed back through `Codable`.
@Suite struct FreeJSONTests {
    @Test func aJSONValuePropertyIsAJSONField() throws {
        let configs = ConfigDictionary(try ModelDescription(type: Plugin.self))
        let options = try #require(configs.root.field("options"))
        #expect(options.type == .json)
        #expect(options.valueType == .json)
        #expect(configs.root.field("extra")?.valueType == .optional(.json))
    }

    @Test func theValueIsHeldAsAValueTreeAndShownAsJSON() throws {
        let form = try Form(editing: Plugin())
        let value = try #require(form.value(at: "options"))
        #expect(
            value
                == .record([
                    "strict": .bool(true), "ignore": .list([.string("build"), .string("dist")]), "level": .int(2),
                ]))
        let field = try form.configs.field(at: "options", in: form.typeName)
        let display = FieldDisplay(configs: form.configs)
        #expect(display.display(value, for: field) == #"{"strict": true, "ignore": ["build", "dist"], "level": 2}"#)
        #expect(
            display.inputValue(value, for: field)
                == "{\n  \"strict\": true,\n  \"ignore\": [\"build\", \"dist\"],\n  \"level\": 2\n}")
    }

    @Test func jsonTextIsParsedAndCommittedThroughCodable() throws {
        var form = try Form(editing: Plugin())
        try form.setText(#"{"retries": 3, "paths": ["a", "b"], "ratio": 0.25, "deep": {"x": null}}"#, at: "options")
        try form.setText("[1, 2]", at: "extra")
        let saved = try form.commit()
        #expect(saved.options == ["retries": 3, "paths": ["a", "b"], "ratio": 0.25, "deep": ["x": nil]])
        #expect(saved.options.object?.keys == ["retries", "paths", "ratio", "deep"])
        #expect(saved.extra == [1, 2])
    }

    @Test(arguments: [
        ("", JSONValue.null, "blank text is null"),
        ("\"text\"", .string("text"), "a string"),
        ("12345678901234567890", .number(JSONNumber("12345678901234567890")!), "an unsigned past Int64"),
    ])
    func scalarsAreJSONToo(_ text: String, _ expected: JSONValue, _ note: String) throws {
        var form = try Form(editing: Plugin())
        try form.setText(text, at: "options")
        #expect(JSONValue(try #require(form.value(at: "options"))) == expected, "\(note)")
    }

    @Test(arguments: [
        ("{\"a\": }", "not JSON: line 1, column 7"),
        ("{\"a\": 1,\n \"a\": 2}", "line 2, column"),
        ("[1, 2", "the JSON ends inside an array"),
        ("{\"big\": 1e400}", "1e400 is out of range"),
    ])
    func badJSONIsRefusedWithWhereItStops(_ text: String, _ message: String) throws {
        var form = try Form(editing: Plugin())
        let before = form.values
        do {
            try form.setText(text, at: "options")
            Issue.record("accepted \(text)")
        } catch {
            #expect("\(error)".contains(message), "\(error)")
            #expect("\(error)".contains("options"), "\(error)")
        }
        #expect(form.values == before)
    }

    @Test func aNewItemOrEntryOfFreeJSONIsNull() throws {
        var form = try Form(editing: Plugin())
        let item = try form.addItem(to: "steps")
        let entry = try form.addEntry("x", to: "settings")
        #expect(form.value(at: item) == .null && form.value(at: entry) == .null)
        let saved = try form.commit()
        #expect(saved.steps == [nil] && saved.settings == ["x": nil])
    }

    @Test func anHTMLSubmissionSetsFreeJSON() throws {
        var form = try Form(editing: Plugin())
        try form.apply(pairs: [("name", "lint"), ("options", "{\"on\": false}"), ("extra", "")])
        let saved = try form.commit()
        #expect(saved.options == ["on": false])
        #expect(saved.extra == nil)
    }

    @Test func jsonValueIsCodableAsTheJSONItHolds() throws {
        let value: JSONValue = ["b": [1, 2.5, "x", true, nil], "a": ["nested": "y"]]
        let data = try JSONEncoder().encode(value)
        let decoded = try JSONDecoder().decode(JSONValue.self, from: data)
        // Foundation's decoder keeps no key order: keys come back sorted, values equal.
        #expect(decoded == value)
        #expect(decoded.object?.keys == ["a", "b"])
        // A form's own encoder and decoder keep the order.
        let tree = try FormValueEncoder().encode(Plugin(options: value))
        guard case .record(let record) = tree, case .record(let options)? = record["options"] else {
            Issue.record("not a record: \(tree)")
            return
        }
        #expect(options.keys == ["b", "a"])
    }

    @Test(arguments: [
        (FormValue.date(Date(timeIntervalSince1970: 0)), JSONValue.string("1970-01-01T00:00:00Z")),
        (.data(Data([1, 2])), .string("AQI=")),
        (.uint(UInt64.max), .number(JSONNumber("18446744073709551615")!)),
        (.decimal(Decimal(string: "0.1")!), .number(JSONNumber("0.1")!)),
    ])
    func formValuesBecomeJSON(_ value: FormValue, _ json: JSONValue) {
        #expect(JSONValue(value) == json)
    }
}
