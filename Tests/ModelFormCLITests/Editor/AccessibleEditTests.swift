import Foundation
import ModelForm
import ModelFormEditor
import ModelFormTesting
import ModelFormYAML
import TestFixtures
import Testing

/// `modelform edit` without a terminal: one prompt per field, through a pipe.
@Suite struct AccessibleEditTests {
    /// One answer for one field of the `kinds` fixture, and what the values file then holds.
    struct Case: CustomTestStringConvertible, Sendable {
        var prompt: String
        var answers: [String]
        var path: FormPath
        /// The field's line in the values file written.
        var expected: String
        var testDescription: String { prompt }
    }

    static let cases: [Case] = [
        Case(prompt: "Text [Ada]", answers: ["Grace"], path: "text", expected: "text: Grace"),
        Case(
            prompt: "Email [ada@example.com]", answers: ["nope", "grace@example.com"], path: "email",
            expected: "email: grace@example.com"),
        Case(prompt: "Password [••••••••]", answers: ["hunter22"], path: "password", expected: "password: hunter22"),
        Case(
            prompt: "URL [https://example.com]", answers: ["https://example.org/a"], path: "url",
            expected: "url: https://example.org/a"),
        Case(
            prompt: "Phone [+44 20 7946 0000]", answers: ["+1 555 0100"], path: "phone", expected: "phone: +1 555 0100"),
        Case(prompt: "Number [1.5]", answers: ["x", "2.75"], path: "number", expected: "number: 2.75"),
        Case(prompt: "Integer [-3]", answers: ["-4"], path: "integer", expected: "integer: -4"),
        Case(prompt: "Unsigned [7]", answers: ["-1", "8"], path: "unsigned", expected: "unsigned: 8"),
        Case(prompt: "Float [2.25]", answers: ["3.5"], path: "float", expected: "float: 3.5"),
        Case(prompt: "Boolean [y/N]", answers: ["y"], path: "boolean", expected: "boolean: true"),
        Case(
            prompt: "Date (YYYY-MM-DD) [2026-12-01]", answers: ["2026-13-01", "2027-01-02"], path: "date",
            expected: "date: 2027-01-02"),
        Case(prompt: "Time (HH:MM) [09:30]", answers: ["10:45"], path: "time", expected: "time: 10:45"),
        Case(
            prompt: "Date Time (YYYY-MM-DD HH:MM) [2026-12-01 09:30]", answers: ["2027-01-02 10:45"], path: "dateTime",
            expected: "dateTime: 2027-01-02T10:45:00Z"),
        Case(
            prompt: "Long Text [Line one.]", answers: ["Line two."], path: "longText", expected: "longText: Line two."),
        Case(prompt: "Options (a number) [Small]", answers: ["9", "3"], path: "options", expected: "options: large"),
        Case(
            prompt: "Multi Select (numbers, separated by commas) [Cheese]", answers: ["2,3"], path: "multiSelect",
            expected: "multiSelect: [olives, basil]"),
        Case(
            prompt: "Bitfield (numbers, separated by commas) [Mon]", answers: ["0"], path: "bitfield",
            expected: "bitfield: []"),
        Case(
            prompt: "Image (base64 or a data: URL)", answers: ["%%%", "aGVsbG8="], path: "image",
            expected: "image: aGVsbG8="),
        Case(
            prompt: "Subform › Name [Home]", answers: ["Office"], path: "subform.name",
            expected: "subform:\n  name: Office"),
        Case(
            prompt: "Collection 1 › Name [Paris]", answers: ["Berlin"], path: "collection[0].name",
            expected: "collection:\n- name: Berlin"),
        Case(prompt: "Tags 1 [a]", answers: ["b"], path: "tags[0]", expected: "tags: [b]"),
    ]

    /// Answers each prompt from the case when it is the case's prompt, `y` to the save
    /// question and nothing (keep) to every other.
    @Test(arguments: cases)
    func everyKindOfFieldIsAskedAndTaken(_ test: Case) throws {
        var form = try YAMLFixtures.form("kinds")
        var written = ""
        var lastPrompt = ""
        var answers = test.answers[...]
        var asked = 0
        var refusals = 0
        let editor = AccessibleEditor(
            readLine: {
                if lastPrompt.hasPrefix("Save changes?") { return "y" }
                if lastPrompt.hasPrefix(test.prompt + ": "), let answer = answers.popFirst() {
                    asked += 1
                    return answer
                }
                return ""
            },
            write: { text in
                if text.hasPrefix("! ") { refusals += 1 }
                written += text
                lastPrompt = String(text.split(separator: "\n", omittingEmptySubsequences: false).last ?? "")
            })
        let outcome = editor.run(&form)
        #expect(asked == test.answers.count, "asked \(asked) times:\n\(written)")
        guard case .saved(let values)? = outcome else {
            Issue.record("not saved:\n\(written)")
            return
        }
        let (configs, typeName) = try YAMLFixtures.configs("kinds")
        let text = try ValuesFile.text(values, typeName: typeName, configs: configs, syntax: .yaml)
        #expect(text.contains(test.expected + "\n"), "\(text)")
        #expect(!written.contains("\u{1B}"))
        // Every answer but the last was refused, with its error on a line of its own.
        #expect(refusals == test.answers.count - 1)
    }

    func folder() throws -> HostileFolder {
        let source = "Tests/Golden/editor/fixtures/kinds"
        return try HostileFolder([
            "kinds.types.yaml": Data(try PackagePaths.text("\(source).types.yaml").utf8),
            "kinds.forms.yaml": Data(try PackagePaths.text("\(source).forms.yaml").utf8),
            "kinds.values.yaml": Data(try PackagePaths.text("\(source).values.yaml").utf8),
        ])
    }

    @Test func aWholeSessionThroughAPipe() throws {
        let folder = try folder()
        defer { folder.remove() }
        let answers = [
            "\u{1B}[2JGrace", "", "", "", "", "", "", "", "", "y", "", "", "", "", "", "", "", "", "Office", "London",
            "1", "y", "Berlin", "n", "b", "", "y", "c", "n", "y",
        ]
        let run = folder.run(["edit", "kinds.types.yaml"], input: answers.joined(separator: "\n") + "\n")
        #expect(run.status == 0, "\(run.errors)")
        #expect(!run.output.contains("\u{1B}") && !run.errors.contains("\u{1B}"))
        #expect(
            run.output.contains(
                "Collection: remove an item? Its number (1), or Enter for none: Collection: add an item? [y/N]: Collection 1 › Name: "
            ))
        #expect(
            run.output.hasSuffix(
                "Save changes? [y/N]: text = ^[[2JGrace\nboolean = Yes\nsubform.name = Office\ncollection[0].name = Berlin\ntags = 2 items\n"
            ), "\(run.output)")
        let saved = try folder.read("kinds.values.yaml")
        for line in [
            "text: \"\\e[2JGrace\"", "boolean: true", "subform:\n  name: Office", "collection:\n- name: Berlin",
            "tags: [b, c]",
        ] {
            #expect(saved.contains(line), "\(line) in\n\(saved)")
        }
    }

    @Test func theEndOfInputCancels() throws {
        let folder = try folder()
        defer { folder.remove() }
        let before = folder.snapshot()
        let run = folder.run(["edit", "kinds.types.yaml"], input: "Bob\n")
        #expect(run.status == 130)
        #expect(run.output.hasSuffix("cancelled at the end of input; kinds.values.yaml is unchanged\n"))
        #expect(folder.snapshot() == before)
    }

    @Test func focusStartsTheQuestionsThere() throws {
        let folder = try folder()
        defer { folder.remove() }
        let run = folder.run(
            ["edit", "kinds.types.yaml", "--focus", "subform", "--accessible"], input: "Office\n\n\n\n\n\n\ny\n")
        #expect(run.status == 0, "\(run.errors)")
        #expect(run.output.hasPrefix("Subform › Name [Home]: Collection 1 › Name [Paris]: "))
        #expect(run.output.hasSuffix("Save changes? [y/N]: subform.name = Office\n"))
    }

    @Test func aRefusedSaveListsTheErrorsAndAsksTheirFieldsAgain() throws {
        var form = try YAMLFixtures.form("registration")
        // Emptied, the name is refused at once and asked again; kept empty, the save refuses it.
        var answers = ["-", ""] + Array(repeating: "", count: 16) + ["y", "Ada King", "y"]
        var written = ""
        let outcome = AccessibleEditor(
            readLine: { answers.isEmpty ? nil : answers.removeFirst() }, write: { written += $0 }
        ).run(&form, from: "name")
        #expect(written.hasPrefix("Name [Ada Lovelace]: ! is required\nName: "), "\(written)")
        #expect(
            written.hasSuffix("Save changes? [y/N]: ! name: is required\nName: Save changes? [y/N]: "), "\(written)")
        guard case .saved(let values)? = outcome else {
            Issue.record("not saved")
            return
        }
        #expect(values["name"] == .string("Ada King"))
        #expect(answers.isEmpty)
    }

    /// A rule the value breaks is said when the field is confirmed, as a parse error is,
    /// and the field is asked again; a password is read through `readSecret`.
    @Test func aRuleErrorIsSaidWhenTheFieldIsConfirmed() throws {
        var form = try YAMLFixtures.form("registration")
        var answers = ["5", "abc", "37"] + Array(repeating: "", count: 30)
        var secrets = 0
        var written = ""
        var editor = AccessibleEditor(
            readLine: { answers.isEmpty ? nil : answers.removeFirst() }, write: { written += $0 })
        editor.readSecret = {
            secrets += 1
            return ""
        }
        _ = editor.run(&form, from: "age")
        // 5 is refused by the rule, abc by the parser, 37 taken (the next field is asked).
        #expect(
            written.hasPrefix(
                "Age [36]: ! must be between 13 and 130\nAge [5]: ! 'abc' is not a whole number\nAge [5]: Date Of Birth"
            ), "\(written.prefix(300))")
        // The fixture's two passwords come after the age: read without echo.
        var fromStart = try YAMLFixtures.form("registration")
        answers = Array(repeating: "", count: 40)
        _ = editor.run(&fromStart)
        #expect(secrets == 2)
    }

    @Test func aMistypedFocusIsAnErrorWithASuggestion() throws {
        let folder = try folder()
        defer { folder.remove() }
        let run = folder.run(["edit", "kinds.types.yaml", "--focus", "txet"], input: "")
        #expect(run.status == 1)
        #expect(run.errors == "error: --focus txet: 'txet' is not a field of this form; did you mean 'text'?\n")
    }

    @Test func fullScreenWithoutATerminalStopsWithStatus2() throws {
        let folder = try folder()
        defer { folder.remove() }
        let before = folder.snapshot()
        let run = folder.run(["edit", "kinds.types.yaml", "--full-screen"], input: "")
        #expect(run.status == 2)
        #expect(
            run.errors.contains("error: modelform edit --full-screen needs a terminal on standard input and output"))
        #expect(folder.snapshot() == before)
    }
}
