import Foundation
import ModelForm
import Testing

/// Writes that must lose nothing and widen nothing: `apply` on files with modes, links and
/// no write permission, and `export` of deep data and of names that collide.
@Suite(.timeLimit(.minutes(10)))
struct HostileFileTests {
    static let apply = ["apply", "team.types.yaml", "--data", "team.values.yaml", "--set", "name=B"]

    func team() throws -> HostileFolder {
        try HostileFolder([
            "team.types.yaml": Data(HostileModels.team.utf8), "team.values.yaml": Data(HostileModels.teamValues.utf8),
        ])
    }

    func mode(_ path: String) -> mode_t {
        var info = stat()
        lstat(path, &info)
        return info.st_mode
    }

    func leftovers(_ folder: HostileFolder) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder.path).filter {
            $0.hasSuffix(".tmp") || $0.hasPrefix(".modelform-")
        }
    }

    @Test func applyKeepsModeOwnerAndGroup() throws {
        let folder = try team()
        defer { folder.remove() }
        chmod(folder.file("team.values.yaml"), 0o600)
        let before = folder.snapshot()["team.values.yaml"]!
        let run = folder.run(Self.apply)
        #expect(run.status == 0, "\(run.errors)")
        let after = folder.snapshot()["team.values.yaml"]!
        #expect(after.mode == before.mode && after.mode & 0o777 == 0o600)
        #expect(after.owner == before.owner && after.group == before.group)
        #expect(try folder.read("team.values.yaml").contains("name: B"))
        #expect(try leftovers(folder).isEmpty)
    }

    @Test func applyWritesThroughASymbolicLink() throws {
        let folder = try team()
        defer { folder.remove() }
        try FileManager.default.createDirectory(atPath: folder.file("real"), withIntermediateDirectories: true)
        try FileManager.default.moveItem(
            atPath: folder.file("team.values.yaml"), toPath: folder.file("real/team.values.yaml"))
        try FileManager.default.createSymbolicLink(
            atPath: folder.file("team.values.yaml"), withDestinationPath: "real/team.values.yaml")
        let run = folder.run(Self.apply)
        #expect(run.status == 0, "\(run.errors)")
        #expect(mode(folder.file("team.values.yaml")) & S_IFMT == S_IFLNK)
        #expect(try folder.read("real/team.values.yaml").contains("name: B"))
    }

    @Test func applyRefusesAReadOnlyFileAndChangesNothing() throws {
        let folder = try team()
        defer { folder.remove() }
        chmod(folder.file("team.values.yaml"), 0o444)
        let before = folder.snapshot()
        let run = folder.run(Self.apply)
        #expect(run.status == 2)
        #expect(run.errors == "team.values.yaml: error: the file is read-only; nothing was written\n")
        #expect(folder.snapshot() == before)
    }

    @Test func exportOfDeepDataNamesEveryFileWithinLimits() throws {
        var values = "name: p0\n"
        for level in 1..<100 {
            values +=
                String(repeating: "  ", count: level - 1) + "friend:\n" + String(repeating: "  ", count: level)
                + "name: p\(level)\n"
        }
        let folder = try HostileFolder([
            "deep.types.yaml": Data("root: Person\ntypes:\n  Person:\n    name: String\n    friend: Person?\n".utf8),
            "deep.values.yaml": Data(values.utf8),
        ])
        defer { folder.remove() }
        let run = folder.run(["export", "deep.types.yaml", "--output", "out"])
        #expect(run.status == 0, "\(run.errors.prefix(300))")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.file("out")).filter {
            $0 != ".modelform-export"
        }
        #expect(files.count == 101)
        #expect(run.output == "wrote 101 files to out\n")
        #expect(files.allSatisfy { $0.utf8.count <= 125 && !$0.hasPrefix(".") })
    }

    @Test func exportNamesNeverCollide() throws {
        let folder = try HostileFolder([
            "b.types.yaml": Data(
                """
                root: B
                types:
                  B:
                    b-c: C?
                    bc: C?
                    "0": C?
                    dots: ..?
                  C:
                    name: String
                  ..:
                    name: String

                """.utf8),
            "b.values.yaml": Data("b-c: {name: one}\nbc: {name: two}\n\"0\": {name: three}\ndots: {name: four}\n".utf8),
        ])
        defer { folder.remove() }
        let run = folder.run(["export", "b.types.yaml", "--output", "out"])
        #expect(run.status == 0, "\(run.errors.prefix(300))")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.file("out")).filter {
            $0 != ".modelform-export"
        }
        #expect(files.count == 6)
        #expect(run.output == "wrote 6 files to out\n")
        #expect(
            files.contains("C-bc.html") && files.contains("B.html") && !files.contains(".html")
                && files.allSatisfy { !$0.hasPrefix(".") })
        let pages = try files.map { try folder.read("out/" + $0) }
        for name in ["one", "two", "three", "four"] {
            #expect(pages.contains { $0.contains(">\(name)<") || $0.contains("\"\(name)\"") })
        }
    }

    @Test func aFailedExportLeavesEverythingAsItWas() throws {
        let folder = try HostileFolder([
            "out/index.html": Data("old index".utf8), "out/.modelform-export": Data("marker".utf8),
        ])
        defer { folder.remove() }
        let form = try Form(editing: TeamOfThree.sample)
        let export = form.export(fileExtension: "html")
        let before = folder.snapshot()
        var pages = 0
        #expect(throws: (any Error).self) {
            try export.write(
                to: folder.url.appendingPathComponent("out"),
                page: { _ in
                    pages += 1
                    if pages == 3 { throw CocoaError(.fileWriteOutOfSpace) }
                    return "page"
                }, index: "new index")
        }
        #expect(folder.snapshot() == before)
        #expect(throws: (any Error).self) {
            try export.write(
                to: folder.url.appendingPathComponent("fresh"), page: { _ in throw CocoaError(.fileWriteOutOfSpace) },
                index: "")
        }
        #expect(!FileManager.default.fileExists(atPath: folder.file("fresh")))
    }

    @Test func helpParagraphsAreWrappedOnce() {
        for command in ["render", "export", "describe", "check", "apply"] {
            let help = CLIRun([command, "--help"]).output
            let overview = help.components(separatedBy: "USAGE:")[0]
            for paragraph in overview.components(separatedBy: "\n\n") where !paragraph.contains("Examples:") {
                let lines = paragraph.split(separator: "\n")
                // A paragraph wrapped twice has short lines before its last one.
                for line in lines.dropLast() { #expect(line.count >= 60, "\(command): '\(line)'") }
            }
        }
    }
}

/// A small model with relationships, for export tests.
struct TeamOfThree: Codable, Equatable {
    struct Member: Codable, Equatable { var name = "" }
    var name = ""
    var members: [Member] = []
    static let sample = TeamOfThree(name: "T", members: [Member(name: "a"), Member(name: "b"), Member(name: "c")])
}
