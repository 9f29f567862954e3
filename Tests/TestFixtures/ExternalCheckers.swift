import Foundation
import ModelFormTesting
import Testing

/// The real checkers of `Tests/checkers` (Nu, axe-core, Chromium, cmark-gfm, jsonschema).
public enum ExternalCheckers {
    /// Runs a checker script of Tests/checkers; it prints PASS / FAIL lines and ends with
    /// `N passed, M failed`.
    public static func check(_ script: String, _ arguments: String...) throws {
        let (status, output) = try run(script, arguments)
        verify(status: status, output: output)
    }

    /// Checks served pages (file name stem, HTML) with the Nu HTML Checker and axe-core
    /// (`check_outputs.py --pages`), from a folder of their own that is removed after.
    public static func checkPages(_ pages: [(name: String, html: String)]) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("modelform-pages-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        for page in pages {
            try page.html.write(
                to: folder.appendingPathComponent(page.name + ".html"), atomically: true, encoding: .utf8)
        }
        try check("check_outputs.py", "--pages", folder.path)
    }

    /// Runs a checker script of Tests/checkers: its exit status and output (no expectation
    /// recorded, so that it may run on a thread of its own).
    public static func run(_ script: String, _ arguments: [String]) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", PackagePaths.url("Tests/checkers/\(script)").path] + arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, output)
    }

    /// Expects a checker's run to have passed: exit 0 and `N passed, 0 failed`.
    public static func verify(status: Int32, output: String) {
        let summary = output.split(separator: "\n").last.map(String.init) ?? ""
        #expect(
            status == 0,
            Comment(
                rawValue: output.split(separator: "\n").filter { $0.hasPrefix("FAIL") || $0.contains("Error") }.joined(
                    separator: "\n")))
        #expect(summary.hasSuffix(" 0 failed") && !summary.hasPrefix("0 passed"), Comment(rawValue: summary))
    }
}
