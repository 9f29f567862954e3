import Foundation
import ModelFormTesting
import Testing

/// Runs the built `modelform` binary as a separate process.
@Suite struct EndToEndTests {
    struct Result {
        var status: Int32
        var output: String
        var errors: String
    }

    static var binary: URL {
        let productsFolder = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        let candidates = [productsFolder, productsFolder.deletingLastPathComponent()].map {
            $0.appendingPathComponent("modelform")
        }
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) } ?? candidates[0]
    }

    static func run(_ arguments: [String], in directory: String, input: String = "") throws -> Result {
        let process = Process()
        process.executableURL = binary
        process.arguments = arguments
        process.currentDirectoryURL = URL(fileURLWithPath: directory)
        var environment = ProcessInfo.processInfo.environment
        environment["NO_COLOR"] = "1"
        environment.removeValue(forKey: "COLUMNS")
        process.environment = environment
        let output = Pipe()
        let errors = Pipe()
        let stdin = Pipe()
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = stdin
        try process.run()
        stdin.fileHandleForWriting.write(Data(input.utf8))
        try stdin.fileHandleForWriting.close()
        let out = output.fileHandleForReading.readDataToEndOfFile()
        let err = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Result(
            status: process.terminationStatus, output: String(decoding: out, as: UTF8.self),
            errors: String(decoding: err, as: UTF8.self))
    }

    @Test func theBinaryExists() {
        #expect(
            FileManager.default.isExecutableFile(atPath: Self.binary.path),
            "build the package first: \(Self.binary.path)")
    }

    @Test(arguments: ["text", "markdown", "html"])
    func renderEachFormat(format: String) throws {
        let result = try Self.run(["render", "--format", format], in: PackagePaths.root.path)
        #expect(result.status == 0)
        #expect(result.errors.isEmpty)
        let expected = [
            "text": "Create Your Account\n===", "markdown": "# Create Your Account\n",
            "html": "<!DOCTYPE html>\n<html lang=\"en\">",
        ][format]!
        #expect(result.output.hasPrefix(expected))
        if format != "text" {
            // The process writes HTML from the renderer's bytes: exactly the page drawn in-process.
            #expect(result.output == CLIRun(["render", "--format", format]).output)
        }
    }

    @Test func exportedLinksResolveToExistingFiles() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        for format in ["html", "markdown"] {
            let folder = "site-\(format)"
            let result = try Self.run(
                ["export", "config/settings.types.yaml", "--format", format, "--output", folder], in: scratch.path)
            #expect(result.status == 0, Comment(rawValue: result.errors))
            let files = try FileManager.default.contentsOfDirectory(atPath: scratch.file(folder)).filter {
                !$0.hasPrefix(".")
            }
            #expect(files.count == 4)
            var links: [String] = []
            for file in files {
                let text = try scratch.read("\(folder)/\(file)")
                let pattern = format == "html" ? /href="([^"#?]+)[^"]*"/ : /\]\(([^)#?]+)[^)]*\)/
                links += text.matches(of: pattern).map { String($0.output.1) }
            }
            #expect(links.count >= 5)
            for link in links where !link.contains(":") {
                #expect(
                    FileManager.default.fileExists(atPath: scratch.file("\(folder)/\(link)")),
                    "\(folder): \(link) does not exist")
            }
        }
    }

    @Test func applySucceedsAndFailsWithoutTouchingTheFile() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let path = scratch.file("config/settings.values.yaml")
        let ok = try Self.run(
            [
                "apply", "config/settings.types.yaml", "--data", "config/settings.values.yaml", "--set", "volume=40",
                "--set", "display.quality=Medium",
            ], in: scratch.path)
        #expect(ok.status == 0)
        #expect(ok.output == "volume = 40\ndisplay.quality = Medium\n")
        #expect(try scratch.read("config/settings.values.yaml").contains("volume: 40\n"))
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        let bad = try Self.run(
            ["apply", "config/settings.types.yaml", "--data", "config/settings.values.yaml", "--set", "volume=400"],
            in: scratch.path)
        #expect(bad.status == 1)
        #expect(bad.errors == "config/settings.values.yaml: error: volume: must be between 0 and 100 [range]\n")
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
        let files = try FileManager.default.contentsOfDirectory(atPath: scratch.file("config"))
        #expect(!files.contains { $0.hasSuffix(".tmp") })
    }
}
