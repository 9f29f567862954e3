import ModelForm
import Testing

@testable import ModelFormJSONSchema

/// The validator reads an object schema's keywords from where its one pass over the members
/// found them: the first eight by position, the rest (a ninth keyword, or one past the
/// 1,023rd member) by name. Each way must find the same keyword and its own value.
@Suite struct SchemaKeywordLookupTests {
    /// Ten keywords, in an order unlike the validator's, with annotations between them.
    static let tenKeywords: [(String, JSONValue)] = [
        ("title", .string("ten")), ("maxLength", .number(JSONNumber(5))), ("$comment", .string("x")),
        ("minLength", .number(JSONNumber(2))), ("pattern", .string("^a")), ("type", .string("string")),
        ("format", .string("x-unchecked")), ("const", .string("abc")),
        ("enum", .array([.string("abc"), .string("abd")])),
        ("not", .object(JSONObject([("const", .string("abd"))]))), ("allOf", .array([.bool(true)])),
        ("description", .string("d")),
    ]

    @Test func everyKeywordIsFoundWithItsOwnValue() {
        let schema = JSONObject(Self.tenKeywords)
        let keywords = SchemaKeywords(schema)
        for keyword in Keyword.allCases {
            #expect(keywords[keyword] == schema[keyword.name], "\(keyword.name)")
        }
    }

    @Test func keywordsPastTheFirstThousandMembersAreFound() {
        let annotations = (0..<1_100).map { ("x-note\($0)", JSONValue.string("n")) }
        let schema = JSONObject(annotations + Self.tenKeywords)
        let keywords = SchemaKeywords(schema)
        for keyword in Keyword.allCases {
            #expect(keywords[keyword] == schema[keyword.name], "\(keyword.name)")
        }
        let validator = JSONSchemaValidator(schema: .object(schema))
        #expect(validator.validate(.string("abc")).isEmpty)
        #expect(validator.validate(.string("abd")).map(\.keyword).sorted() == ["const", "not"])
        #expect(validator.validate(.string("abcdefg")).map(\.keyword).sorted() == ["const", "enum", "maxLength"])
    }

    /// Numbers are ordered by their `Double`s where those differ, by their exact decimals
    /// where they are equal: 0.1 and a longer decimal that rounds to the same `Double`.
    @Test(arguments: [
        ("0.1", "0.10000000000000000001", true), ("0.10000000000000000001", "0.1", false), ("1", "2", true),
        ("2", "1", false), ("-1", "-0.5", true), ("1", "1.0", false), ("1e2", "100.5", true), ("5", "5", false),
    ])
    func numbersAreOrderedExactly(_ smaller: String, _ larger: String, _ isLess: Bool) throws {
        let a = try #require(JSONNumber(smaller))
        let b = try #require(JSONNumber(larger))
        #expect((a < b) == isLess, "\(smaller) < \(larger)")
    }

    @Test(arguments: [
        ("1", true), ("-12", true), ("1.0", true), ("1.5", false), ("1e2", true), ("1.00000000000000000001", false),
        ("123456789012345678901234567890", true), ("1e400", false),
    ])
    func wholeNumbers(_ text: String, _ isWhole: Bool) throws {
        #expect(try #require(JSONNumber(text)).isInteger == isWhole, "\(text)")
    }
}
