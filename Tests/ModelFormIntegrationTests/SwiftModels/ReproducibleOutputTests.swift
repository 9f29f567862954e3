import Foundation
import ModelForm
import ModelFormHTML
import ModelFormMarkdown
import ModelFormText
import Testing

/// A Swift dictionary and a set have no order of their own (their hash order changes from
/// process to process): drawn in key order and in value order, the same model gives the
/// same bytes in every process.
@Suite struct ReproducibleOutputTests {
    struct Pantry: Codable {
        enum Tag: String, Codable, CaseIterable { case vegan, spicy, sweet, sour, bitter, salty, umami, hot }
        var nutrition: [String: String] = Dictionary(
            uniqueKeysWithValues: (0..<40).map { ("nutrient \($0)", "\($0) g") })
        var tags: Set<Tag> = Set(Tag.allCases)
        var codes: Set<String> = Set((0..<40).map { "code-\($0)" })
        var counts: [String: Int] = ["b": 2, "a": 1, "c": 3]
    }

    /// The pantry in text, Markdown and HTML.
    static func rendering() throws -> String {
        let form = try Form(editing: Pantry())
        return TextRenderer().render(form) + MarkdownRenderer().render(form) + HTMLRenderer().render(form)
    }

    /// In a process of its own (this test run again with `MODELFORM_RENDER_TO` set), the
    /// rendering is written to that file.
    @Test func writeTheRenderingWhenAsked() throws {
        guard let path = ProcessInfo.processInfo.environment["MODELFORM_RENDER_TO"] else { return }
        try Self.rendering().write(toFile: path, atomically: true, encoding: .utf8)
    }

    @Test func threeProcessesDrawTheSameBytes() throws {
        guard ProcessInfo.processInfo.environment["MODELFORM_RENDER_TO"] == nil else { return }
        let here = try Self.rendering()
        #expect(here.contains("nutrient 0") && here.contains("code-39"))
        let binary = ProcessInfo.processInfo.arguments[0]
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("reproducible-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        var renderings: [String] = []
        for run in 0..<3 {
            let output = folder.appendingPathComponent("\(run).txt").path
            let process = Process()
            process.executableURL = URL(fileURLWithPath: binary)
            process.arguments = ["--testing-library", "swift-testing", "--filter", "writeTheRenderingWhenAsked"]
            var environment = ProcessInfo.processInfo.environment
            environment["MODELFORM_RENDER_TO"] = output
            environment.removeValue(forKey: "SWIFT_DETERMINISTIC_HASHING")
            process.environment = environment
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            process.waitUntilExit()
            try #require(process.terminationStatus == 0, "the child run of \(binary) failed")
            renderings.append(try String(contentsOfFile: output, encoding: .utf8))
        }
        #expect(renderings.allSatisfy { $0 == here }, "every process draws the same bytes")
    }

    /// The encoder itself writes a set's members in order (what a store saves is reproducible too).
    @Test func theEncoderOrdersASetsMembers() throws {
        let codes = Set((0..<40).map { "code-\($0)" })
        let expected = codes.sorted().map { FormValue.string($0) }
        #expect(try FormValueEncoder().encode(codes) == .list(expected))
        #expect(try FormValueEncoder().encode(Set([10, 9, 100])) == .list([.int(9), .int(10), .int(100)]))
    }
}
