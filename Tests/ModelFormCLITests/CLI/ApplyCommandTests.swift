import Foundation
import ModelForm
import ModelFormTesting
import Testing

/// `modelform apply`: edits by path, list verbs and form bodies, written only when the whole
/// edit validates, every error reported at once.
@Suite struct ApplyCommandTests {
    @Test func applySetsValidatesWritesAndPrintsOnlyChanges() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let before = try scratch.read("config/registration.values.yaml")
        let run = CLIRun(
            [
                "apply", "--data", "config/registration.values.yaml", "--set", "age=37", "--set", "address.city=Paris",
                "--set", "gender=Female",
            ], directory: scratch.path)
        #expect(run.status == 0)
        #expect(run.output == "age = 37\naddress.city = Paris\n")
        let after = try scratch.read("config/registration.values.yaml")
        #expect(
            after
                == before.replacingOccurrences(of: "age: 36", with: "age: 37").replacingOccurrences(
                    of: "city: London", with: "city: Paris"
                )
                .replacingOccurrences(of: "about: |\n", with: "about: |\n"))
        let none = CLIRun(
            ["apply", "--data", "config/registration.values.yaml", "--set", "age=37"], directory: scratch.path)
        #expect(none.output == "no changes\n")
    }

    /// The case: a person's comments, blank lines and quotes survive an edit of
    /// values; only the changed values' bytes differ.
    @Test func applyKeepsAPersonsCommentsAndStyle() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let path = "config/registration.values.yaml"
        let commented =
            try "# Who signed up\n\n"
            + scratch.read(path)
            .replacingOccurrences(of: "age: 36\n", with: "age: 36   # years\n")
            .replacingOccurrences(of: "name: Ada Lovelace\n", with: "name: \"Ada Lovelace\"  # as signed\n")
        try commented.write(toFile: scratch.file(path), atomically: true, encoding: .utf8)
        let run = CLIRun(
            ["apply", "--data", path, "--set", "age=37", "--set", "name=Ada King"], directory: scratch.path)
        #expect(run.status == 0 && run.output == "name = Ada King\nage = 37\n", "\(run.errors)")
        #expect(
            try scratch.read(path)
                == commented.replacingOccurrences(of: "age: 36 ", with: "age: 37 ").replacingOccurrences(
                    of: "\"Ada Lovelace\"", with: "\"Ada King\""))
    }

    /// An edit that adds an item to a flow list over two lines writes the file whole: the
    /// comments it loses are counted in a note, not dropped in silence.
    /// A value an alias shares, changed at one place only, is refused where the alias is and
    /// nothing is written; changed alike at both, it is written once, at the anchor.
    @Test func aSharedValueIsEditedAtItsAnchorOrRefused() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let path = "config/registration.values.yaml"
        let shared = try scratch.read(path).replacingOccurrences(
            of: "name: Ada Lovelace", with: "name: &n Ada Lovelace"
        )
        .replacingOccurrences(
            of: "about: |\n  Mathematician and writer.\n  First to publish an algorithm for a machine.\n",
            with: "about: *n  # the same\n")
        try shared.write(toFile: scratch.file(path), atomically: true, encoding: .utf8)
        let refused = CLIRun(["apply", "--data", path, "--set", "about=Grace"], directory: scratch.path)
        #expect(refused.status == 1)
        #expect(
            refused.errors.hasPrefix("\(path):11:8: error: 'about' is the alias *n of 'name' (line 4)"),
            "\(refused.errors)")
        #expect(try scratch.read(path) == shared)
        let saved = CLIRun(
            ["apply", "--data", path, "--set", "about=Grace", "--set", "name=Grace"], directory: scratch.path)
        #expect(saved.status == 0, "\(saved.errors)")
        #expect(try scratch.read(path) == shared.replacingOccurrences(of: "&n Ada Lovelace", with: "&n Grace"))
    }

    @Test func aWholeWriteSaysWhichCommentsItLost() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let path = "config/registration.values.yaml"
        let commented = try Self.commentRegistration(in: scratch)
        // A mapping with a merge key does not gain keys in place.
        try commented.replacingOccurrences(of: "  postcode: SW1Y 4JH\n", with: "  <<: {postcode: SW1Y 4JH}\n")
            .write(toFile: scratch.file(path), atomically: true, encoding: .utf8)
        let run = CLIRun(["apply", "--data", path, "--set", "address.country=FR"], directory: scratch.path)
        #expect(run.status == 0, "\(run.errors)")
        #expect(
            run.errors
                == "config/registration.values.yaml: note: the file was written whole (a mapping with a merge key gained or lost a key), and 2 of its comments are gone; an edit of values, keys, entries or items keeps them\n"
        )
        let values = CLIRun(["apply", "--data", path, "--set", "age=40"], directory: scratch.path)
        #expect(values.status == 0 && values.errors.isEmpty, "no comment is left to lose: \(values.errors)")
    }

    /// Setting an optional the file leaves out adds its line where the form puts it (a
    /// types file's values write a cleared one as `null`; a JSON Schema's leave it out, and
    /// its line goes): every other byte stays, with no note.
    @Test func anEntryAddedOrRemovedKeepsTheRestOfTheFile() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let path = "config/registration.values.yaml"
        let commented = try Self.commentRegistration(in: scratch)
        let added = CLIRun(["apply", "--data", path, "--set", "address.country=UK"], directory: scratch.path)
        #expect(added.status == 0 && added.errors.isEmpty, "\(added.errors)")
        #expect(
            try scratch.read(path)
                == commented.replacingOccurrences(
                    of: "  postcode: SW1Y 4JH\n", with: "  postcode: SW1Y 4JH\n  country: UK\n"))
        let removed = CLIRun(["apply", "--data", path, "--set", "address.country="], directory: scratch.path)
        #expect(removed.status == 0 && removed.errors.isEmpty, "\(removed.errors)")
        #expect(
            try scratch.read(path)
                == commented.replacingOccurrences(
                    of: "  postcode: SW1Y 4JH\n", with: "  postcode: SW1Y 4JH\n  country: null\n"))
    }

    /// The scratch folder's registration values with two comments; returns its text.
    static func commentRegistration(in scratch: Scratch) throws -> String {
        let path = "config/registration.values.yaml"
        let commented =
            try "# Who signed up\n"
            + scratch.read(path).replacingOccurrences(of: "age: 36\n", with: "age: 36   # years\n")
        try commented.write(toFile: scratch.file(path), atomically: true, encoding: .utf8)
        return commented
    }

    @Test func applyFailuresLeaveTheFileByteForByte() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let before = try Data(contentsOf: URL(fileURLWithPath: scratch.file("config/registration.values.yaml")))
        let cases: [([String], String)] = [
            (
                ["--set", "age=-1", "--set", "gender=robot"],
                "config/registration.values.yaml: error: age: must not be negative [parse]\nconfig/registration.values.yaml: error: gender: 'robot' is not one of the options (Male, Female, Other) [parse]\n"
            ),
            (
                ["--set", "password=short"],
                "config/registration.values.yaml: error: password: must be at least 8 characters [length]\nconfig/registration.values.yaml: error: repeatPassword: Passwords do not match. [equalTo]\n"
            ),
            (
                ["--set", "emial=x"],
                "config/registration.values.yaml: error: emial: is not a field of this form [unknown]\n"
            ),
            (["--set", "age"], "config/registration.values.yaml: error: 'age' is not PATH=VALUE [usage]\n"),
        ]
        for (edits, message) in cases {
            let run = CLIRun(["apply", "--data", "config/registration.values.yaml"] + edits, directory: scratch.path)
            #expect(run.status == 1)
            #expect(run.errors == message)
            #expect(run.output.isEmpty)
            #expect(
                try Data(contentsOf: URL(fileURLWithPath: scratch.file("config/registration.values.yaml"))) == before)
        }
        let usage = CLIRun(["apply", "--data", "config/registration.values.yaml"], directory: scratch.path)
        #expect(usage.status == 64)
        #expect(
            usage.errors.contains(
                "give either edits (--set, --add, --remove, --move) or --form-body, not both and not neither"))
    }

    /// Every error of every edit in one run: a value that does not parse, a read-only
    /// field, an unknown one, and a rule the parsed values break; nothing written.
    @Test func applyReportsEveryErrorOfEveryEditAtOnce() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let forms = try scratch.read("config/registration.forms.yaml")
        try forms.replacingOccurrences(
            of: "- {key: name, rules: [required]}", with: "- {key: name, rules: [required], readOnly: true}"
        ).write(toFile: scratch.file("config/readonly.forms.yaml"), atomically: true, encoding: .utf8)
        let before = try scratch.read("config/registration.values.yaml")
        let run = CLIRun(
            [
                "apply", "--data", "config/registration.values.yaml", "--config", "config/readonly.forms.yaml",
                "--set", "age=old", "--set", "name=Ada King", "--set", "emial=x", "--set", "password=short",
            ], directory: scratch.path)
        #expect(run.status == 1)
        #expect(
            run.errors == """
                config/registration.values.yaml: error: age: 'old' is not a whole number [parse]
                config/registration.values.yaml: error: name: cannot be edited: it is read-only [readOnly]
                config/registration.values.yaml: error: emial: is not a field of this form [unknown]
                config/registration.values.yaml: error: password: must be at least 8 characters [length]
                config/registration.values.yaml: error: repeatPassword: Passwords do not match. [equalTo]

                """)
        #expect(try scratch.read("config/registration.values.yaml") == before)
    }

    /// Items are added, removed and moved: `--set` on index n of n items appends; the block
    /// list is edited in place, its indentation kept.
    @Test func applyAddsRemovesAndMovesItems() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        for (name, text) in [
            (
                "team.types.yaml",
                "root: Team\ntypes:\n  Team:\n    tags: \"[String]\"\n    members: \"[Person]\"\n  Person:\n    name: String\n"
            ),
            ("team.forms.yaml", "Team:\n  fields: [tags, {key: members, sortable: true}]\n"),
            ("team.values.yaml", "tags: [a, b]\nmembers:\n  - name: Ada\n  - name: Alan\n"),
        ] {
            try text.write(toFile: scratch.file(name), atomically: true, encoding: .utf8)
        }
        let run = CLIRun(
            [
                "apply", "team.types.yaml", "--data", "team.values.yaml", "--set", "tags[1]=c", "--set",
                "members[2].name=Grace", "--remove", "tags[0]", "--move", "members[1]=0",
            ], directory: scratch.path)
        #expect(run.status == 0, "\(run.errors)")
        #expect(
            try scratch.read("team.values.yaml")
                == "tags: [b, c]\nmembers:\n  - name: Alan\n  - name: Ada\n  - name: Grace\n")
        let added = CLIRun(
            ["apply", "team.types.yaml", "--data", "team.values.yaml", "--add", "members"], directory: scratch.path)
        #expect(added.status == 0, "\(added.errors)")
        #expect(try scratch.read("team.values.yaml").hasSuffix("  - name: Grace\n  - name: \"\"\n"))
        let beyond = CLIRun(
            ["apply", "team.types.yaml", "--data", "team.values.yaml", "--set", "tags[5]=x"], directory: scratch.path)
        #expect(beyond.status == 1 && beyond.errors.contains("tags[5]"), "\(beyond.errors)")
    }

    /// A form body changes only what it names: a multi-select it leaves out keeps its choices.
    @Test func applyAFormBodyChangesOnlyWhatItNames() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let run = CLIRun(
            ["apply", "--data", "config/registration.values.yaml", "--form-body", "-"], directory: scratch.path,
            input: "name=Ada+King\n")
        #expect(run.status == 0, "\(run.errors)")
        #expect(run.output == "name = Ada King\n")
        #expect(try scratch.read("config/registration.values.yaml").contains("interests: [computers, socializing]"))
    }

    @Test func applyAFormBodyFromStandardInput() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let body =
            "email=ada%40example.com&password=correct+horse+battery&repeatPassword=correct+horse+battery&name=Ada+King&age=36&gender=female&agreedToTerms=true&rememberMe=true&interests=computers&interests=socializing&notifications=1&language=english&about=Mathematician+and+writer.%0AFirst+to+publish+an+algorithm+for+a+machine.%0A&homepageURL=https%3A%2F%2Fexample.com%2Fada&dateOfBirth=1815-12-10&_action=submitRegistrationForm\n"
        let run = CLIRun(
            ["apply", "--data", "config/registration.values.yaml", "--form-body", "-"], directory: scratch.path,
            input: body)
        #expect(run.errors == "")
        #expect(run.status == 0)
        #expect(run.output == "name = Ada King\n")
    }
}
