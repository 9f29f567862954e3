import Foundation
import Testing

/// A page larger than the pieces `render --format html` writes while it draws (64 KiB) comes
/// out whole, to a file as to standard output, and a file that cannot be replaced is left
/// as it was.
@Suite struct WidePageTests {
    static func wideType(fields: Int) -> String {
        "root: Wide\ntypes:\n  Wide:\n" + (0..<fields).map { "    field\($0)Name: String\n" }.joined()
    }

    @Test func aPageOfManyPiecesComesOutWhole() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        try Self.wideType(fields: 3_000).write(
            toFile: scratch.file("wide.types.yaml"), atomically: true, encoding: .utf8)
        let written = CLIRun(
            ["render", "wide.types.yaml", "--format", "html", "--output", "out.html"], directory: scratch.path)
        #expect(written.status == 0 && written.errors.isEmpty)
        let page = try scratch.read("out.html")
        #expect(page.utf8.count > 8 * 65_536)
        #expect(page.hasPrefix("<!DOCTYPE html>") && page.hasSuffix("</html>\n"))
        #expect(page.contains("Field 2999 Name") && page.contains("id=\"f-field0Name\""))
        #expect(page == CLIRun(["render", "wide.types.yaml", "--format", "html"], directory: scratch.path).output)
    }

    /// Text is drawn while its rows are made too: whole, to a file as to standard output.
    @Test func aLongTextComesOutWhole() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        try Self.wideType(fields: 12_000).write(
            toFile: scratch.file("wide.types.yaml"), atomically: true, encoding: .utf8)
        let written = CLIRun(
            ["render", "wide.types.yaml", "--width", "60", "--output", "out.txt"], directory: scratch.path)
        #expect(written.status == 0 && written.errors.isEmpty)
        let text = try scratch.read("out.txt")
        #expect(text.utf8.count > 2 * 65_536)
        #expect(text.hasPrefix("Wide\n====\n") && text.contains("Field 11999 Name\n\n[ Save ]  [ Cancel ]\n"))
        #expect(text == CLIRun(["render", "wide.types.yaml", "--width", "60"], directory: scratch.path).output)
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
