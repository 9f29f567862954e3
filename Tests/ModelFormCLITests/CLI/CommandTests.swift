import Foundation
import ModelForm
import ModelFormTesting
import Testing

@Suite struct CommandTests {
    @Test func renderWithNoArgumentsDrawsTheBundledExample() {
        let run = CLIRun(["render"])
        #expect(run.status == 0)
        #expect(run.output.hasPrefix("Create Your Account\n===================\n"))
        #expect(run.output.contains("Email *                 ada@example.com"))
        #expect(run.errors.isEmpty)
    }

    @Test(arguments: [
        ("text", "[ Register ]"), ("markdown", "# Create Your Account"),
        ("html", "<form method=\"post\" class=\"mf-form\" enctype=\"multipart/form-data\">"),
    ])
    func renderEachFormat(format: String, expected: String) {
        let run = CLIRun(["render", "--format", format])
        #expect(run.status == 0)
        #expect(run.output.contains(expected))
    }

    @Test func renderOptions() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let settings = CLIRun(
            ["render", "config/settings.types.yaml", "--theme", "dark", "--format", "markdown", "--output", "out.md"],
            directory: scratch.path)
        #expect(settings.status == 0)
        let markdown = try scratch.read("out.md")
        #expect(markdown.hasPrefix("# Settings\n"))
        #expect(markdown.contains("- **Volume:** 70 (0–100)"))
        // HTML is written from the renderer's bytes, to a file as to standard output.
        let page = CLIRun(["render", "--format", "html", "--output", "out.html"], directory: scratch.path)
        #expect(page.status == 0 && page.output.isEmpty)
        let html = try scratch.read("out.html")
        #expect(html == CLIRun(["render", "--format", "html"], directory: scratch.path).output)
        #expect(html.hasPrefix("<!DOCTYPE html>") && html.hasSuffix("</html>\n"))
        let narrow = CLIRun(
            ["render", "--width", "40", "--type", "Address", "--data", "-"], directory: scratch.path,
            input: "city: Paris\n")
        #expect(narrow.output.hasPrefix("Address\n"))
        let invalid = CLIRun(
            ["render", "--validate", "--data", "-"], directory: scratch.path, input: "email: ''\npassword: short\n")
        #expect(invalid.status == 1, "--validate exits 1 when it shows errors")
        #expect(invalid.output.contains("! is required"))
        #expect(invalid.output.contains("! must be at least 8 characters"))
        let coloured = CLIRun(["render"], directory: scratch.path, terminal: true)
        #expect(coloured.output.hasPrefix("\u{1B}[1mCreate Your Account"))
        let noColour = CLIRun(["render"], directory: scratch.path, variables: ["NO_COLOR": "1"], terminal: true)
        #expect(!noColour.output.contains("\u{1B}"))
        let columns = CLIRun(["render"], directory: scratch.path, variables: ["COLUMNS": "30"])
        #expect(columns.output.split(separator: "\n").allSatisfy { DisplayWidth.of($0) <= 30 })
        let cells = CLIRun(["render", "--cells", "extra"], directory: scratch.path)
        #expect(cells.status == 1)
        #expect(cells.errors.contains("no such folder"))
        let theme = CLIRun(["render", "--theme", "neon"], directory: scratch.path)
        #expect(theme.status == 2)
        #expect(theme.errors == "error: no theme 'neon' (looked for Themes/neon/theme.yaml and neon/theme.yaml)\n")
    }

    @Test func renderReportsFileErrorsWithTheirPlace() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        try "RegistrationForm:\n  fields: [emial]\n".write(
            toFile: scratch.file("bad.forms.yaml"), atomically: true, encoding: .utf8)
        let run = CLIRun(
            ["render", "config/registration.types.yaml", "--config", "bad.forms.yaml"], directory: scratch.path)
        #expect(run.status == 1)
        #expect(
            run.errors == """
                bad.forms.yaml:2:12: error: unknown field 'emial' in 'RegistrationForm'; did you mean 'email'?
                 2 |   fields: [emial]
                   |            ^

                """)
        #expect(run.output.isEmpty)
        let missing = CLIRun(["render", "nothing.types.yaml"], directory: scratch.path)
        #expect(missing.status == 2)
        #expect(missing.errors == "nothing.types.yaml: error: cannot read the file\n")
        let type = CLIRun(["render", "--type", "Adress"], directory: scratch.path)
        #expect(type.errors == "error: unknown type 'Adress'; did you mean 'Address'?\n")
    }

    @Test func describeExplainsCellsAndSources() {
        let run = CLIRun(["describe"])
        #expect(run.status == 0)
        #expect(
            run.output.contains(
                """
                    age  [unsigned]  "Age"  : UInt
                        cell: the field's cell 'stepper' (registered by Cells/stepper.yaml)
                        cell: stepper   from config/registration.forms.yaml:18:28
                """))
        #expect(
            run.output.contains(
                "visibleIf: gender == \"other\"   (now false)   from config/registration.forms.yaml:17:"))
        #expect(
            run.output.contains(
                "  section \"Legal\" (footer \"You can change these choices at any time in your settings.\")"))
        let text = CLIRun(["describe", "config/settings.types.yaml", "--format", "text"])
        #expect(text.output.contains("cell: the field's cell 'slider' (registered by Cells/slider.yaml)"))
        #expect(text.output.contains("  actions: Save (save), Sign Out (signOut), Reset All Settings (reset)"))
    }

    /// `describe --tree`: the tree the renderers draw, one element a line (the Everything
    /// fixture's is a golden of the core's tests).
    @Test func describeTreePrintsTheDrawnTree() {
        let run = CLIRun(["describe", "--tree"])
        #expect(run.status == 0)
        #expect(run.output.hasPrefix("form RegistrationForm \"Create Your Account\"\n  section \"Account\"\n"))
        #expect(run.output.contains("\n    row about [longtext] = \"Mathematician and writer.\\nFirst to publish"))
    }

    /// A forms file's error is reported once, though the values beside it load the forms
    /// too; an override of a property the field order leaves out says so (it suggested the
    /// property's own name).
    @Test func aFormsFileErrorIsReportedOnceAndALeftOutOverrideSaysWhy() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        try "root: Recipe\ntypes:\n  Recipe:\n    title: String\n    createdAt: Date\n".write(
            toFile: scratch.file("r.types.yaml"), atomically: true, encoding: .utf8)
        try "Recipe:\n  sections:\n    - fields: [title]\n  overrides:\n    createdAt: {readOnly: true}\n".write(
            toFile: scratch.file("r.forms.yaml"), atomically: true, encoding: .utf8)
        try "title: Bread\ncreatedAt: 2024-01-01\n".write(
            toFile: scratch.file("r.values.yaml"), atomically: true, encoding: .utf8)
        let run = CLIRun(["check", "r.types.yaml"], directory: scratch.path)
        #expect(run.status == 1)
        #expect(run.output == "checked 3 files: 1 error\n")
        #expect(
            run.errors.contains(
                "r.forms.yaml:5:5: error: 'createdAt' is not in the form: 'sections' leaves it out (line 2); add it there to override it"
            ), "\(run.errors)")
        #expect(!run.errors.contains("did you mean"))
    }

    @Test func checkFindsEveryErrorAndExitsOne() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let clean = CLIRun(["check"], directory: scratch.path)
        #expect(clean.status == 0)
        #expect(clean.output == "checked 13 files: 0 errors\n")
        try "email: a@b.co\nage: old\nemial: x\n".write(
            toFile: scratch.file("config/registration.values.yaml"), atomically: true, encoding: .utf8)
        try "name: broken\nlayouts: {pdf: x}\n".write(
            toFile: scratch.file("Cells/broken.yaml"), atomically: true, encoding: .utf8)
        let dirty = CLIRun(["check"], directory: scratch.path)
        #expect(dirty.status == 1)
        #expect(dirty.output == "checked 14 files: 3 errors\n")
        #expect(
            dirty.errors.contains(
                "config/registration.values.yaml:2:6: error: 'old' is not a whole number for 'age' (UInt)"))
        #expect(
            dirty.errors.contains(
                "config/registration.values.yaml:3:1: error: unknown property 'emial' of 'RegistrationForm'; did you mean 'email'?"
            ))
        #expect(
            dirty.errors.contains("Cells/broken.yaml:2:11: error: unknown format 'pdf' (use text, markdown or html)"))
        let json = CLIRun(["check", "config/registration.values.yaml", "--format", "json"], directory: scratch.path)
        #expect(json.status == 1)
        #expect(
            json.output == """
                [
                  {"file": "config/registration.values.yaml", "line": 2, "column": 6, "severity": "error", "message": "'old' is not a whole number for 'age' (UInt)"},
                  {"file": "config/registration.values.yaml", "line": 3, "column": 1, "severity": "error", "message": "unknown property 'emial' of 'RegistrationForm'; did you mean 'email'?"}
                ]

                """)
        let nothing = CLIRun(["check", "nowhere.yaml"], directory: scratch.path)
        #expect(nothing.errors.hasPrefix("nowhere.yaml:1:1: error: no such file or folder"))
    }

    @Test func exportWritesLinkedDocumentsAndAnIndex() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let run = CLIRun(["export", "--format", "html", "--output", "site"], directory: scratch.path)
        #expect(run.status == 0)
        #expect(run.output == "wrote 3 files to site\n")
        let files = try FileManager.default.contentsOfDirectory(atPath: scratch.file("site")).sorted()
        #expect(files == [".modelform-export", "Address-address.html", "RegistrationForm.html", "index.html"])
        let root = try scratch.read("site/RegistrationForm.html")
        #expect(
            root.contains(
                #"<dt>Address</dt><dd><a href="Address-address.html">12 St James&#39;s Square, London</a></dd>"#))
        #expect(
            root.contains(
                #"<nav aria-label="Breadcrumb" class="mf-breadcrumbs"><ol><li><a href="index.html">Index</a></li><li aria-current="page">Create Your Account</li></ol></nav>"#
            ))
        #expect(
            !root.contains("<form") && !root.contains("<input") && !root.contains("<button"),
            "an export is read-only by default")
        let editable = CLIRun(
            ["export", "--format", "html", "--editable", "--output", "forms"], directory: scratch.path)
        #expect(editable.status == 0)
        let form = try scratch.read("forms/RegistrationForm.html")
        #expect(
            form.contains(
                #"<a id="f-address" href="Address-address.html" class="mf-link">12 St James&#39;s Square, London</a>"#))
        #expect(form.contains(#"<li><a href="index.html">Index</a></li>"#))
        let again = CLIRun(["export", "--format", "markdown", "--output", "site"], directory: scratch.path)
        #expect(again.status == 0)
        #expect(
            try scratch.read("site/index.md")
                == "# Create Your Account\n\n- [Create Your Account](RegistrationForm.md)\n  - [Address: 12 St James's Square, London](Address-address.md)\n"
        )
        #expect(
            try scratch.read("site/Address-address.md").hasPrefix(
                "[Index](index.md) / [Create Your Account](RegistrationForm.md) / Address: 12 St James's Square, London\n\n# Address: 12 St James's Square, London\n"
            ))
        #expect(try !scratch.read("site/RegistrationForm.md").contains("Actions:"))
        try FileManager.default.createDirectory(atPath: scratch.file("mine"), withIntermediateDirectories: true)
        try "keep".write(toFile: scratch.file("mine/notes.txt"), atomically: true, encoding: .utf8)
        let refused = CLIRun(["export", "--output", "mine"], directory: scratch.path)
        #expect(refused.status == 1)
        #expect(
            refused.errors
                == "mine: error: the folder is not empty and was not made by an export; use --force to write into it anyway\n"
        )
        #expect(CLIRun(["export", "--output", "mine", "--force"], directory: scratch.path).status == 0)
        #expect(try scratch.read("mine/notes.txt") == "keep")
        #expect(CLIRun(["export", "--format", "text", "--output", "x"], directory: scratch.path).status == 64)
    }

    @Test func exportGivesEveryToManyItemItsOwnPage() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        try """
        types:
          Person:
            name: String
            friends: "[Person]"
        """.write(toFile: scratch.file("people.types.yaml"), atomically: true, encoding: .utf8)
        try "name: Ada\nfriends:\n  - {name: Bob, friends: [{name: Cy}]}\n  - {name: Dee}\n".write(
            toFile: scratch.file("people.values.yaml"), atomically: true, encoding: .utf8)
        let run = CLIRun(
            ["export", "people.types.yaml", "--format", "markdown", "--output", "out"], directory: scratch.path)
        #expect(run.status == 0)
        let files = try FileManager.default.contentsOfDirectory(atPath: scratch.file("out")).sorted()
        #expect(
            files == [
                ".modelform-export", "Person-friends-0-friends-0.md", "Person-friends-0.md", "Person-friends-1.md",
                "Person.md", "index.md",
            ])
        #expect(try scratch.read("out/Person-friends-0.md").contains("1. [Cy](Person-friends-0-friends-0.md)"))
    }

    @Test func helpVersionAndUsage() {
        let help = CLIRun(["render", "--help"])
        #expect(help.status == 0)
        #expect(help.output.contains("modelform render --format markdown --output form.md"))
        for command in ["export", "describe", "check", "apply", "edit"] {
            #expect(CLIRun([command, "--help"]).output.contains("Examples:"))
        }
        let edit = CLIRun(["edit", "--help"]).output
        for key in [
            "Shift-Tab", "PgUp PgDn Home End", "Ctrl-S", "Ctrl-C", "Ctrl-Z", "Ctrl-U clear", "Ctrl-W", "K J move",
            "$VISUAL or $EDITOR", "NO_COLOR", "Exit status: 0 saved",
        ] {
            #expect(edit.contains(key), "edit --help names \(key)")
        }
        #expect(CLIRun(["--version"]).output == "0.1.0\n")
        let bad = CLIRun(["render", "--format", "pdf"])
        #expect(bad.status == 64)
        #expect(bad.errors.contains("The value 'pdf' is invalid for '--format <format>'"))
    }
}
