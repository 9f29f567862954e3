import Foundation
import ModelForm
import ModelFormJSONSchema
import ModelFormYAML
import Testing

/// `\u` escapes read exactly: four hexadecimal digits, surrogate pairs as one character,
/// and a surrogate alone refused at its place (no string holds it; every reader agrees).
@Suite struct JSONEscapeTests {
    @Test(arguments: [
        (#""a\u0041""#, "aA"), (#""\ud83d\ude00""#, "😀"), (#""\u00e9\u00E9""#, "éé"),
    ])
    func escapesRead(_ text: String, _ expected: String) throws {
        #expect(try JSONParser.parse(text, file: "s.json").value == .string(expected))
    }

    @Test(arguments: [
        (#""\u+041""#, 4, "'\\u' must be followed by four hexadecimal digits"),
        (#""\u 041""#, 4, "'\\u' must be followed by four hexadecimal digits"),
        (#""T\ud800\u0041Z""#, 3, "'\\ud800' is half of a surrogate pair, not a character"),
        (#""\udc00""#, 2, "'\\udc00' is half of a surrogate pair, not a character"),
        (#""\ud800""#, 2, "'\\ud800' is half of a surrogate pair, not a character"),
    ])
    func badEscapesAreLocatedErrors(_ text: String, _ column: Int, _ message: String) throws {
        let error = #expect(throws: DiagnosticList.self) { try JSONParser.parse(text, file: "s.json") }
        let first = try #require(error?.diagnostics.first)
        #expect(first.message == message)
        #expect(first.mark.line == 1 && first.mark.column == column, "\(first.mark)")
    }
}
