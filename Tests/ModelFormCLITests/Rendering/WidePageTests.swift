import Foundation
import Testing

/// A page larger than the pieces `render --format html` writes while it draws (64 KiB) comes
/// out whole, to a file as to standard output, and a file that cannot be replaced is left
/// as it was.
@Suite struct WidePageTests {
    static func wideType(fields: Int) -> String {
        "root: Wide\ntypes:\n  Wide:\n" + (0..<fields).map { "    field\($0)Name: String\n" }.joined()
    }

    struct Case: Sendable, CustomTestStringConvertible {
        var fields: Int
        var options: [String]
        var start: String
        var end: String
        var testDescription: String { options.joined(separator: " ") }
    }

    /// HTML, text and Markdown (drawn while their rows are made too), each longer than a few
    /// pieces.
    @Test(arguments: [
        Case(
            fields: 3_000, options: ["--format", "html"], start: "<!DOCTYPE html>",
            end: "Cancel</button></div>\n</form>\n\n</main>\n</body>\n</html>\n"),
        Case(
            fields: 12_000, options: ["--width", "60"], start: "Wide\n====\n",
            end: "Field 11999 Name\n\n[ Save ]  [ Cancel ]\n"),
        Case(
            fields: 6_000, options: ["--format", "markdown"], start: "# Wide\n\n| Field | Value |\n",
            end: "| Field 5999 Name | — |\n\nActions: **Save** · **Cancel**\n"),
    ])
    func aPageOfManyPiecesComesOutWhole(_ page: Case) throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        try Self.wideType(fields: page.fields).write(
            toFile: scratch.file("wide.types.yaml"), atomically: true, encoding: .utf8)
        let written = CLIRun(
            ["render", "wide.types.yaml", "--output", "out"] + page.options, directory: scratch.path)
        #expect(written.status == 0 && written.errors.isEmpty)
        let text = try scratch.read("out")
        #expect(text.utf8.count > 2 * 65_536)
        #expect(text.hasPrefix(page.start) && text.hasSuffix(page.end))
        #expect(text.contains("Field \(page.fields - 1) Name"))
        #expect(text == CLIRun(["render", "wide.types.yaml"] + page.options, directory: scratch.path).output)
    }

    @Test func aFileThatCannotBeReplacedIsLeftAsItWas() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        try Self.wideType(fields: 1_000).write(
            toFile: scratch.file("wide.types.yaml"), atomically: true, encoding: .utf8)
        try "old page\n".write(toFile: scratch.file("out.html"), atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: scratch.file("out.html"))
        let refused = CLIRun(
            ["render", "wide.types.yaml", "--format", "html", "--output", "out.html"], directory: scratch.path)
        #expect(refused.status != 0)
        #expect(refused.errors.contains("out.html: error: the file is read-only; nothing was written"))
        #expect(try scratch.read("out.html") == "old page\n")
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: scratch.path).filter { $0.hasSuffix(".tmp") }.isEmpty)
    }
}
