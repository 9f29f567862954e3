import Foundation
import ModelFormYAML
import Testing

@testable import ModelForm

/// Each of ``InputLimits`` at the limit (accepted) and one past it (refused, saying so).
@Suite(.timeLimit(.minutes(10)))
struct InputLimitTests {
    @Test func fileBytes() throws {
        let folder = try HostileFolder()
        defer { folder.remove() }
        let limit = InputLimits.fileBytes
        try folder.write("at.yaml", "#" + String(repeating: "x", count: limit - 2) + "\n")
        try folder.write("past.yaml", "#" + String(repeating: "x", count: limit - 1) + "\n")
        #expect(folder.run(["check", "at.yaml"]).status == 0)
        let past = folder.run(["check", "past.yaml"])
        #expect(past.status == 1)
        #expect(
            past.errors.contains(
                "past.yaml:1:1: error: the file is \(limit + 1) bytes, more than the limit of \(limit)"))
    }

    @Test func yamlDepth() throws {
        let depth = InputLimits.yamlDepth
        let at = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
        #expect(try YAMLParser.parse(at, file: "at.yaml").count == 1)
        let past = "[" + at + "]"
        #expect(throws: DiagnosticList.self) { try YAMLParser.parse(past, file: "past.yaml") }
    }

    @Test func yamlAliasExpansion() throws {
        func aliases(_ count: Int) -> String {
            "a: &a x\nb: [" + Array(repeating: "*a", count: count).joined(separator: ", ") + "]\n"
        }
        #expect(try YAMLParser.parse(aliases(InputLimits.yamlAliasExpansion), file: "at.yaml").count == 1)
        do {
            _ = try YAMLParser.parse(aliases(InputLimits.yamlAliasExpansion + 1), file: "past.yaml")
            Issue.record("expected a refusal")
        } catch {
            #expect(
                error.diagnostics.first?.message == "aliases expand to more than 100000 nodes; refusing to continue")
        }
    }

    @Test func bodyBytes() throws {
        // At the limit the size check passes (parsing 16 MiB in a debug build takes long,
        // so the whole body is applied only past the limit, where it is refused unread).
        try FormSession.checkBodySize(InputLimits.bodyBytes)
        let form = try Form(editing: TeamOfThree.sample)
        var refused = form
        do {
            _ = try refused.apply(submission: "name=" + String(repeating: "x", count: InputLimits.bodyBytes - 4))
            Issue.record("expected a refusal")
        } catch {
            #expect(
                "\(error)".contains(
                    "the body is \(InputLimits.bodyBytes + 1) bytes, more than the limit of \(InputLimits.bodyBytes)"))
        }
        #expect(refused.values == form.values)
        var accepted = form
        _ = try accepted.apply(submission: "name=" + String(repeating: "x", count: 100_000))
        #expect(accepted.values["name"]?.stringValue?.utf8.count == 100_000)
    }

    @Test func nameDepth() throws {
        let limit = InputLimits.nameDepth
        let at = "a" + String(repeating: "[b]", count: limit - 1)
        #expect(URLEncodedForm.path(forName: at)?.components.count == limit)
        #expect(
            URLEncodedForm.path(forName: at + "[b]") == nil && URLEncodedForm.isTooDeep(at + "[b]")
                && !URLEncodedForm.isTooDeep(at))
        let dotted = "a" + String(repeating: ".b", count: limit - 1)
        #expect(try FormPath(parsing: dotted).components.count == limit)
        #expect(throws: FormError.self) { try FormPath(parsing: dotted + ".b") }
    }

    @Test func collectionIndex() throws {
        let form = try Form(editing: TeamOfThree.sample)
        var added = form
        _ = try added.apply(
            submission: "name=T&members[0][name]=a&members[1][name]=b&members[2][name]=c&members[3][name]=d")
        #expect({ if case .list(let items)? = added.values["members"] { items.count } else { 0 } }() == 4)
        var refused = form
        do {
            _ = try refused.apply(submission: "name=T&members[4][name]=e")
            Issue.record("expected a refusal")
        } catch {
            #expect(
                error.fieldErrors.map(\.description) == [
                    "members[4]: index 4 is out of range (3 items; a new item takes index 3)"
                ])
        }
        #expect(refused.values == form.values)
    }

    @Test func printedDiagnostics() {
        let limit = InputLimits.printedDiagnostics
        func list(_ count: Int) -> DiagnosticList {
            DiagnosticList((1...count).map { Diagnostic("bad", at: SourceMark(file: "f.yaml", line: $0, column: 1)) })
        }
        let at = list(limit).description
        #expect(at.split(separator: "\n").count == limit && !at.contains("more error"))
        let past = list(limit + 1).description
        #expect(past.split(separator: "\n").count == limit + 1)
        #expect(past.hasSuffix("… and 1 more error (the first 100 are shown)"))
    }
}
