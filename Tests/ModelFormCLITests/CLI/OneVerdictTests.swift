import Foundation
import ModelFormTesting
import Testing

/// `check` and the commands that read the same files give one verdict, with one message
/// (one reader for values files): a lone surrogate, an invalid pattern, values nested past
/// the values files' 128 levels.
@Suite struct OneVerdictTests {
    static let cases: [(name: String, schema: String, values: String)] = [
        ("surrogate", #"{"type": "object", "properties": {"a": {"type": "string"}}}"#, #"{"a": "x\ud800y"}"#),
        ("pattern", #"{"type": "object", "properties": {"a": {"type": "string", "pattern": "(ab"}}}"#, #"{"a": "ab"}"#),
        (
            "nesting", #"{"type": "object", "properties": {"a": {}}}"#,
            #"{"a": "# + String(repeating: "[", count: 200) + String(repeating: "]", count: 200) + "}"
        ),
    ]

    @Test(arguments: cases.map(\.name))
    func checkAgreesWithRender(_ name: String) throws {
        let item = try #require(Self.cases.first { $0.name == name })
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "modelform-verdict-\(UUID().uuidString)"
        ).path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try item.schema.write(toFile: folder + "/t.schema.json", atomically: true, encoding: .utf8)
        try item.values.write(toFile: folder + "/t.values.json", atomically: true, encoding: .utf8)
        let check = CLIRun(["check", "t.schema.json"], directory: folder)
        let render = CLIRun(["render", "t.schema.json"], directory: folder)
        #expect(
            check.status == 1 && render.status == 1,
            "check \(check.status): \(check.errors.prefix(300)) render \(render.status): \(render.errors.prefix(300))")
        #expect(
            check.errors.split(separator: "\n").first == render.errors.split(separator: "\n").first,
            "\(check.errors.prefix(300)) | \(render.errors.prefix(300))")
    }
}
