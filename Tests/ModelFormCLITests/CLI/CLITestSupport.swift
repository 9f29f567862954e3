import Foundation
import ModelFormCLI
import ModelFormTesting

/// Runs `modelform` in-process in a capturing environment.
struct CLIRun {
    let status: Int32
    let output: String
    let errors: String

    init(
        _ arguments: [String], directory: String = PackagePaths.root.path, input: String = "",
        variables: [String: String] = [:], terminal: Bool = false
    ) {
        let (environment, captured) = CLIEnvironment.capturing(
            input: input, variables: variables, terminal: terminal, directory: directory)
        status = CLIEnvironment.$current.withValue(environment) { ModelFormCLI.run(arguments) }
        output = captured.output
        errors = captured.errors
    }
}

/// A temporary folder holding copies of the bundled example files.
struct Scratch {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("modelform-\(UUID().uuidString)")
        try FileManager.default.createDirectory(
            at: url.appendingPathComponent("config"), withIntermediateDirectories: true)
        for name in [
            "registration.types.yaml", "registration.forms.yaml", "registration.values.yaml", "settings.types.yaml",
            "settings.forms.yaml", "settings.values.yaml",
        ] {
            try FileManager.default.copyItem(
                at: PackagePaths.url("config/\(name)"), to: url.appendingPathComponent("config/\(name)"))
        }
        try FileManager.default.copyItem(at: PackagePaths.url("Cells"), to: url.appendingPathComponent("Cells"))
        try FileManager.default.copyItem(at: PackagePaths.url("Themes"), to: url.appendingPathComponent("Themes"))
    }

    var path: String { url.path }
    func file(_ name: String) -> String { url.appendingPathComponent(name).path }
    func read(_ name: String) throws -> String { try String(contentsOfFile: file(name), encoding: .utf8) }
    func remove() { try? FileManager.default.removeItem(at: url) }
}
