import Foundation
import ModelFormTesting
import Testing

/// README's example, run as written: `apply` on the commented `dependabot.yml` of
/// `Examples/Dependabot`, found by its modeline in `MODELFORM_SCHEMA_PATH`, changes the one
/// line README's diff shows and no other byte.
@Suite struct DependabotExampleTests {
    static let command =
        "MODELFORM_SCHEMA_PATH=schemas modelform apply .github/dependabot.yml --set 'updates[0].schedule.interval=daily'"

    @Test func applyChangesTheOneLineTheReadmeShows() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let example = scratch.url.appendingPathComponent("Dependabot")
        try FileManager.default.copyItem(at: PackagePaths.url("Examples/Dependabot"), to: example)
        let original = try PackagePaths.text("Examples/Dependabot/.github/dependabot.yml")
        let run = CLIRun(
            ["apply", ".github/dependabot.yml", "--set", "updates[0].schedule.interval=daily"], directory: example.path,
            variables: ["MODELFORM_SCHEMA_PATH": "schemas"])
        #expect(run.status == 0, "\(run.errors)")
        let edited = try String(contentsOf: example.appendingPathComponent(".github/dependabot.yml"), encoding: .utf8)
        #expect(
            edited
                == original.replacingOccurrences(
                    of: "      interval: weekly   # Mondays are quiet\n",
                    with: "      interval: daily   # Mondays are quiet\n"))
        let readme = try PackagePaths.text("README.md")
        #expect(readme.contains(Self.command))
        #expect(
            readme.contains(
                "-      interval: weekly   # Mondays are quiet\n+      interval: daily   # Mondays are quiet\n"))
        // The same file, edited in the terminal, needs no other argument either.
        let checked = CLIRun(
            ["check", ".github/dependabot.yml"], directory: example.path,
            variables: ["MODELFORM_SCHEMA_PATH": "schemas"])
        #expect(checked.status == 0, "\(checked.errors)")
    }
}
