import Foundation
import ModelForm
import Testing

/// Every defect of the hostile-input issue, through the command line: the input, the exit
/// status, what the message says, and that nothing outside the intended writes changed.
/// Each case once ran for minutes, took gigabytes or crashed; the time limit is generous
/// (a bound against a regression to that, not a timing).
@Suite(.timeLimit(.minutes(10)))
struct HostileInputTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var name: String
        var files: [String: Data]
        var arguments: [String]
        var input = ""
        var status: Int32
        var errorsContain: [String] = []
        var outputContains: [String] = []
        /// The most lines standard error may have (one error, not millions).
        var maxErrorLines = 200
        /// Files the command may change; everything else must stay byte for byte.
        var writes: Set<String> = []
        var testDescription: String { name }
    }

    static func text(_ files: [String: String]) -> [String: Data] { files.mapValues { Data($0.utf8) } }
    static let team = text(["team.types.yaml": HostileModels.team, "team.values.yaml": HostileModels.teamValues])
    static let apply = ["apply", "team.types.yaml", "--data", "team.values.yaml"]

    static let cases: [Case] = [
        Case(
            name: "1. a 25-byte body cannot make ten million items", files: team,
            arguments: apply + ["--form-body", "-"],
            input: "friends[10000000][name]=Z", status: 1,
            errorsContain: ["friends[10000000]: index 10000000 is out of range (1 items; a new item takes index 1)"],
            maxErrorLines: 1),
        Case(
            name: "1. --set refuses the same index", files: team,
            arguments: apply + ["--set", "friends[10000000].name=Z"], status: 1,
            errorsContain: ["index 10000000 is out of range (1 items)"], maxErrorLines: 1),
        Case(
            name: "1. a body may add the next item", files: team, arguments: apply + ["--form-body", "-"],
            input: "name=A&friends[0][name]=Ann&friends[1][name]=Bo", status: 0, outputContains: ["friends = 2 items"],
            writes: ["team.values.yaml"]),
        Case(
            name: "2. names nested 5,000 levels are refused at once", files: team,
            arguments: apply + ["--form-body", "-"],
            input: "friends[0]" + String(repeating: "[friends][0]", count: 5000) + "[name]=Z", status: 1,
            errorsContain: ["nests more than 64 levels"], maxErrorLines: 1),
        Case(
            name: "2. --set paths nested past 64 levels are refused", files: team,
            arguments: apply + ["--set", "friends[0]" + String(repeating: ".friends[0]", count: 100) + ".name=Z"],
            status: 1,
            errorsContain: ["more than 64 levels"], maxErrorLines: 1),
        Case(
            name: "5. text wraps a 400 KB word in linear time",
            files: text([
                "team.types.yaml": HostileModels.team,
                "long.values.yaml": "name: " + String(repeating: "x", count: 400_000) + "\nfriends: []\n",
            ]),
            arguments: ["render", "team.types.yaml", "--data", "long.values.yaml"], status: 0),
        Case(
            name: "6. a field listed 10,000 times: the first 100 errors and a count",
            files: text([
                "team.types.yaml": HostileModels.team,
                "team.forms.yaml": "Team:\n  sections:\n    - fields:\n"
                    + String(repeating: "        - name\n", count: 10_000),
            ]),
            arguments: ["check", "team.forms.yaml"], status: 1,
            errorsContain: ["… and 9899 more errors (the first 100 are shown)"], maxErrorLines: 302),
        Case(
            name: "6. a body of 1,000 unknown names: the first 100 errors and a count", files: team,
            arguments: apply + ["--form-body", "-"],
            input: (0..<1000).map { "unknown\($0)=1" }.joined(separator: "&"), status: 1,
            errorsContain: ["… and 900 more errors (the first 100 are shown)"], maxErrorLines: 101),
        Case(
            name: "7. a chain of 10,000 required relationships renders",
            files: text(["chain.types.yaml": HostileModels.chain(10_000)]),
            arguments: ["render", "chain.types.yaml"], status: 0),
        Case(
            name: "9. control characters in values are shown in caret notation", files: team,
            arguments: apply + ["--set", "name=\u{1B}[2Jx\u{07}"], status: 0, outputContains: ["name = ^[[2Jx^G"],
            writes: ["team.values.yaml"]),
        Case(
            name: "9. control characters in submitted names are shown escaped", files: team,
            arguments: apply + ["--form-body", "-"],
            input: "na%1B%5D0%3Bpwned%07me=1", status: 1, errorsContain: [#"["na\u001B]0;pwned\u0007me"]"#]),
        Case(
            name: "10. invalid UTF-8 is invalid input at its line and column",
            files: team.merging([
                "bad.values.yaml": Data("name: A\nfriends: []\n# caf".utf8) + Data([0xFF]) + Data("\n".utf8)
            ]) { a, _ in a },
            arguments: ["render", "team.types.yaml", "--data", "bad.values.yaml"], status: 1,
            errorsContain: ["bad.values.yaml:3:6: error: the file is not UTF-8 text (byte 0xFF)"], maxErrorLines: 1),
        Case(
            name: "11. apply refuses values nested deeper than a values file may be",
            files: text([
                "deep.types.yaml": HostileModels.chain(140, optionalFirst: true),
                "deep.values.yaml": "name: x\nnext: null\n",
            ]),
            arguments: ["apply", "deep.types.yaml", "--data", "deep.values.yaml", "--set", "next.name=y"], status: 1,
            errorsContain: ["more than the 128 a values file may have"]),
        Case(
            name: "12. check MODEL checks the forms beside it",
            files: text([
                "team.types.yaml": HostileModels.team, "team.forms.yaml": "Team:\n  overrides:\n    nmae: {title: N}\n",
            ]),
            arguments: ["check", "team.types.yaml"], status: 1, errorsContain: ["team.forms.yaml:3:5: error:"]),
    ]

    @Test(arguments: cases)
    func hostileInputEndsInAClearResult(_ item: Case) throws {
        let folder = try HostileFolder(item.files)
        defer { folder.remove() }
        let before = folder.snapshot()
        let run = folder.run(item.arguments, input: item.input)
        #expect(run.status == item.status, "\(run.errors.prefix(500))")
        for expected in item.errorsContain { #expect(run.errors.contains(expected), "\(run.errors.prefix(2000))") }
        for expected in item.outputContains { #expect(run.output.contains(expected), "\(run.output.prefix(500))") }
        #expect(run.errors.split(separator: "\n").count <= item.maxErrorLines)
        #expect(!run.errors.contains("\u{1B}") && !run.output.contains("\u{1B}"))
        var after = folder.snapshot()
        for name in item.writes { after[name] = before[name] }
        #expect(after == before, "files changed: \(Set(after.keys).symmetricDifference(before.keys))")
    }
}
