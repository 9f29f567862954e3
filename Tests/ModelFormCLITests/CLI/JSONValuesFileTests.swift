import Foundation
import Testing

/// A `NAME.values.json` is JSON: one written as YAML (which the YAML reader would take) is
/// an error at the first place JSON does not allow, for `check` as for every other command.
@Suite struct JSONValuesFileTests {
    func folder(values: String) throws -> HostileFolder {
        try HostileFolder([
            "team.types.yaml": Data(HostileModels.team.utf8), "team.values.json": Data(values.utf8),
        ])
    }

    @Test(arguments: [
        ("name: A\nfriends: []\n", "team.values.json:1:1: error: 'name' is not a JSON value"),
        ("{\"name\": 'A', \"friends\": []}\n", "team.values.json:1:10: error:"),
        ("{\"name\": \"A\", \"friends\": [],}\n", "team.values.json:1:"),
    ])
    func yamlInAJSONFileIsAnError(values: String, message: String) throws {
        let folder = try folder(values: values)
        defer { folder.remove() }
        for arguments in [
            ["check", "team.types.yaml", "team.values.json"],
            ["render", "team.types.yaml", "--data", "team.values.json"],
        ] {
            let run = folder.run(arguments)
            #expect(run.status == 1, "\(arguments): \(run.errors)")
            #expect(run.errors.contains(message), "\(arguments): \(run.errors)")
        }
    }

    @Test func jsonStillReads() throws {
        let folder = try folder(values: "{\"name\": \"A\", \"friends\": []}\n")
        defer { folder.remove() }
        #expect(folder.run(["check", "team.types.yaml", "team.values.json"]).status == 0)
    }
}
