import Foundation
import ModelForm
import Testing

private func field(_ type: FieldType, _ valueType: ValueType, options: [String] = []) -> Field {
    Field(
        key: "f", type: type, options: options.map { FieldOption(value: .string($0.lowercased()), title: $0) },
        valueType: valueType)
}

@Suite struct InputParserTests {
    static let parser = InputParser()

    @Test(arguments: [
        (field(.integer, .integer(bits: 64)), "42", FormValue.int(42)),
        (field(.integer, .integer(bits: 64)), " -7 ", .int(-7)),
        (field(.integer, .integer(bits: 8)), "127", .int(127)),
        (field(.unsigned, .unsigned(bits: 64)), "+5", .uint(5)),
        (field(.float, .float(bits: 64)), "2.5e3", .double(2500)),
        (field(.float, .float(bits: 64)), "-0.25", .double(-0.25)),
        (field(.number, .decimal), "12.34", .decimal(Decimal(string: "12.34")!)),
        (field(.boolean, .bool), "Yes", .bool(true)),
        (field(.boolean, .bool), "off", .bool(false)),
        (field(.boolean, .bool), "1", .bool(true)),
        (field(.date, .date), "2024-02-29", .date(Date(timeIntervalSince1970: 1_709_164_800))),
        (field(.time, .date), "01:02:03", .date(Date(timeIntervalSince1970: 3723))),
        (field(.dateTime, .date), "2024-02-29T10:30", .date(Date(timeIntervalSince1970: 1_709_202_600))),
        (field(.dateTime, .date), "2024-02-29T12:30+02:00", .date(Date(timeIntervalSince1970: 1_709_202_600))),
        (field(.dateTime, .date), "2024-02-29 10:30:00Z", .date(Date(timeIntervalSince1970: 1_709_202_600))),
        (field(.url, .url), "https://example.com/a?b=c", .string("https://example.com/a?b=c")),
        (field(.email, .string), " a@b.co ", .string("a@b.co")),
        (field(.options, .string, options: ["Red", "Green"]), "green", .string("green")),
        (field(.options, .string, options: ["Red", "Green"]), "RED", .string("red")),
        (field(.options, .string, options: ["Red", "Green"]), "1", .string("green")),
        (field(.options, .integer(bits: 64), options: ["Low", "High"]), "High", .int(1)),
        (
            field(.multiSelect, .array(.string), options: ["Red", "Green"]), "green, Red",
            .list([.string("green"), .string("red")])
        ),
        (field(.multiSelect, .array(.string), options: ["Red", "Green"]), "", .list([])),
        (field(.image, .data), "data:image/png;base64,AAEC", .data(Data([0, 1, 2]))),
        (field(.longText, .string), "line 1\nline 2", .string("line 1\nline 2")),
        (field(.text, .string), "", .string("")),
        (field(.text, .optional(.string)), "", .null),
        (field(.integer, .optional(.integer(bits: 64))), " ", .null),
    ])
    func parsesValidInput(field: Field, text: String, expected: FormValue) throws {
        #expect(try Self.parser.parse(text, for: field, at: "f") == expected)
    }

    @Test(arguments: [
        (field(.integer, .integer(bits: 64)), "4.2", "'4.2' is not a whole number"),
        (field(.integer, .integer(bits: 64)), "99999999999999999999", "'99999999999999999999' is too large"),
        (field(.integer, .integer(bits: 8)), "128", "must be between -128 and 127"),
        (field(.unsigned, .unsigned(bits: 64)), "-1", "must not be negative"),
        (field(.unsigned, .unsigned(bits: 8)), "256", "must be between 0 and 255"),
        (field(.integer, .integer(bits: 64)), "", "a value is required"),
        (field(.float, .float(bits: 64)), "1,5", "'1,5' is not a number"),
        (field(.float, .float(bits: 64)), "nan", "'nan' is not a number"),
        (field(.float, .float(bits: 32)), "1e300", "'1e300' is out of range"),
        (field(.boolean, .bool), "maybe", "'maybe' is not a yes/no value (use true/false, yes/no, on/off or 1/0)"),
        (field(.date, .date), "2023-02-29", "'2023-02-29' is not a date (YYYY-MM-DD)"),
        (field(.date, .date), "29/02/2024", "'29/02/2024' is not a date (YYYY-MM-DD)"),
        (field(.time, .date), "25:00", "'25:00' is not a time (HH:MM or HH:MM:SS)"),
        (field(.url, .url), "example.com", "'example.com' is not an absolute URL"),
        (field(.email, .string), "a@b", "'a@b' is not an email address"),
        (field(.options, .string, options: ["Red"]), "Blue", "'Blue' is not one of the options (Red)"),
        (field(.image, .data), "%%%", "not base64-encoded image data"),
        (field(.subform, .model("A")), "x", "a subform field is not edited from text"),
    ])
    func rejectsInvalidInputWithAMessage(field: Field, text: String, message: String) {
        #expect(throws: FieldError(path: "f", rule: "parse", message: message)) {
            try Self.parser.parse(text, for: field, at: "f")
        }
    }

    @Test func bitfieldsCombineNamedBits() throws {
        let options = [("Email", 1), ("SMS", 2), ("Push", 4)].map { FieldOption(value: .uint(UInt64($1)), title: $0) }
        let field = Field(
            key: "n", type: .bitfield, options: options, valueType: .optionSet(.init(name: "N", options: options)))
        #expect(try Self.parser.parse("Email, push", for: field, at: "n") == .uint(5))
        #expect(try Self.parser.parse("6", for: field, at: "n") == .uint(6))
        #expect(try Self.parser.parse(["2", "SMS"], for: field, at: "n") == .uint(2))
        #expect(throws: FieldError.self) { try Self.parser.parse("8", for: field, at: "n") }
    }

    @Test func bitfieldWithoutNumericValuesUsesTheIndex() throws {
        let options = ["A", "B", "C"].map { FieldOption(value: .string($0), title: $0) }
        let field = Field(key: "n", type: .bitfield, options: options, valueType: .unsigned(bits: 64))
        #expect(try Self.parser.parse("A, C", for: field, at: "n") == .uint(5))
    }
}
