import Foundation
import ModelForm
import Testing

@testable import ModelFormYAML

/// A JSON values file whose objects and arrays gain or lose members is edited in place: the
/// members that stay keep their bytes, a new one takes its neighbours' spacing (indentation
/// and its unit, a space after the colon or none, one line or several, CR LF), a removed one
/// goes with its comma; a moved one keeps its bytes.
@Suite struct JSONMembersTests {
    static func format() throws -> ValuesFileFormat {
        let types =
            "types:\n  R: {note: String?, age: Double?, name: String?, interests: '[String]?', address: A?}\n"
            + "  A: {city: String?, country: String?}\n"
        return try ValuesFileFormat.omittingAbsent(types, typeName: "R")
    }

    static let ada: FormValue = .string("Ada")
    static let cases: [(name: String, original: String, values: FormRecord, expected: String?)] = [
        (
            "a key added last, four spaces", "{\n    \"note\": \"a@b.co\",\n    \"name\": \"Ada\"\n}\n",
            ["note": .string("a@b.co"), "name": ada, "interests": .list([.string("x")])],
            "{\n    \"note\": \"a@b.co\",\n    \"name\": \"Ada\",\n    \"interests\": [\n        \"x\"\n    ]\n}\n"
        ),
        (
            "a key added first", "{\n  \"note\": \"a@b.co\"  ,\n  \"name\":\"Ada\"\n}",
            ["age": .double(36), "note": .string("a@b.co"), "name": ada],
            "{\n  \"age\": 36,\n  \"note\": \"a@b.co\"  ,\n  \"name\":\"Ada\"\n}"
        ),
        (
            "a key removed from the middle, one line", "{\"note\": \"a@b.co\", \"age\": 36, \"name\": \"Ada\"}\n",
            ["note": .string("a@b.co"), "name": ada], "{\"note\": \"a@b.co\", \"name\": \"Ada\"}\n"
        ),
        (
            "the last key removed", "{\n  \"note\": \"a\",\n  \"name\": \"Ada\"\n}\n", ["note": .string("a")],
            "{\n  \"note\": \"a\"\n}\n"
        ),
        (
            "a nested object added, tabs", "{\n\t\"name\": \"Ada\"\n}\n",
            ["name": ada, "address": .record(["city": .string("London")])],
            "{\n\t\"name\": \"Ada\",\n\t\"address\": {\n\t\t\"city\": \"London\"\n\t}\n}\n"
        ),
        (
            "a key added inside a nested object on one line", "{\"address\": {\"city\": \"Oslo\"}, \"name\": \"Ada\"}",
            ["address": .record(["city": .string("Oslo"), "country": .string("NO")]), "name": ada],
            "{\"address\": {\"city\": \"Oslo\", \"country\": \"NO\"}, \"name\": \"Ada\"}"
        ),
        (
            "an item appended on one line", "{\"interests\": [\"a\", \"b\"]}\n",
            ["interests": .list([.string("a"), .string("b"), .string("c")])], "{\"interests\": [\"a\", \"b\", \"c\"]}\n"
        ),
        (
            "an item removed from the middle", "{\n  \"interests\": [\n    \"a\",\n    \"b\",\n    \"c\"\n  ]\n}\n",
            ["interests": .list([.string("a"), .string("c")])], "{\n  \"interests\": [\n    \"a\",\n    \"c\"\n  ]\n}\n"
        ),
        (
            "an empty array gains an item", "{\"interests\": [], \"name\": \"Ada\"}",
            ["interests": .list([.string("a")]), "name": ada], "{\"interests\": [\"a\"], \"name\": \"Ada\"}"
        ),
        (
            "every item removed", "{\"interests\": [\"a\", \"b\"], \"name\": \"Ada\"}",
            ["interests": .list([]), "name": ada], "{\"interests\": [], \"name\": \"Ada\"}"
        ),
        (
            "CR LF kept", "{\r\n  \"note\": \"a\"\r\n}\r\n", ["note": .string("a"), "name": ada],
            "{\r\n  \"note\": \"a\",\r\n  \"name\": \"Ada\"\r\n}\r\n"
        ),
        (
            "a key added and another removed", "{\n  \"note\": \"a\",  \n  \"age\": 3\n}\n",
            ["age": .double(3), "name": ada], "{\n  \"age\": 3,\n  \"name\": \"Ada\"\n}\n"
        ),
        (
            "keys reordered", "{\"name\": \"Ada\",  \"note\": \"a\"}", ["note": .string("a"), "name": ada],
            "{\"note\": \"a\",  \"name\": \"Ada\"}"
        ),
    ]

    @Test(arguments: cases.map(\.name))
    func eachReshapeIsEditedInPlaceOrWrittenWhole(_ name: String) throws {
        let edit = try #require(Self.cases.first { $0.name == name })
        let format = try Self.format()
        let values = FormValue.record(edit.values)
        let text = try format.text(values, syntax: .json, editing: edit.original)
        let whole = try format.text(values, syntax: .json)
        #expect(text == (edit.expected ?? whole))
        #expect(try format.read(text: text, file: "r.json") == format.read(text: whole, file: "r.json"))
    }

    /// Random objects (keys present or not, in the form's order) in random spacing, given
    /// random new values: what is written reads back as the whole file would, and a kept
    /// scalar member's bytes are still there.
    @Test func randomMembersAddedAndRemovedReadBackAndKeepTheirBytes() throws {
        let format = try Self.format()
        var dice = BlockEntriesTests.Dice(state: 1_969)
        let keys = ["note", "age", "name", "interests"]
        func value(_ key: String, _ round: Int) -> FormValue {
            switch key {
            case "age": return .double(Double(round))
            case "interests": return .list((0..<(round % 3)).map { .string("i\($0)") })
            default: return .string("\(key)\(round)")
            }
        }
        var inPlace = 0
        for round in 0..<300 {
            let separator = ["\n  ", "\n    ", "\n\t", " ", "", "\r\n  "][dice.roll(6)]
            let colon = [": ", ":", " : "][dice.roll(3)]
            let present = keys.filter { _ in dice.roll(2) == 0 }
            let members = present.map { "\"\($0)\"" + colon + JSONText.inline(value($0, round), colon: colon) }
            let closing = separator.contains("\n") ? String(separator.prefix { $0 == "\r" || $0 == "\n" }) : ""
            let original = "{" + separator + members.joined(separator: "," + separator) + closing + "}\n"
            var record = FormRecord()
            for key in keys where dice.roll(2) == 0 {
                record[key] = dice.roll(2) == 0 && present.contains(key) ? value(key, round) : value(key, round + 1)
            }
            let text = try format.text(.record(record), syntax: .json, editing: original)
            let whole = try format.text(.record(record), syntax: .json)
            #expect(
                try format.read(text: text, file: "r.json") == format.read(text: whole, file: "r.json"),
                "round \(round):\n\(original)\n→\n\(text)")
            guard text != whole else { continue }
            inPlace += 1
            for key in present where record[key] == value(key, round) && key != "interests" {
                let member = "\"\(key)\"" + colon + JSONText.inline(value(key, round), colon: colon)
                #expect(text.contains(member), "round \(round): \(member) in\n\(text)")
            }
        }
        #expect(inPlace > 150, "\(inPlace) of 300 edited in place")
    }
}
