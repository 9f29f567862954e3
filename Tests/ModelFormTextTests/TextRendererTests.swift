import ModelForm
import ModelFormTesting
import ModelFormText
import Testing

@Suite struct TextRendererTests {
    static func tree(_ form: RegistrationForm, errors: [FieldError] = []) throws -> FormNode {
        FormTreeBuilder(configs: ConfigDictionary(try ModelDescription(type: RegistrationForm.self)))
            .build(typeName: "RegistrationForm", values: try FormValueEncoder().encode(form), errors: errors)
    }

    /// Three errors, one of them at no field: three problems, not four.
    @Test func everyErrorIsCountedOnce() throws {
        let errors = [
            FieldError(path: "email", rule: "email", message: "is not an email address"),
            FieldError(path: "age", rule: "range", message: "must be at least 13"),
            FieldError(path: FormPath(), rule: "model", message: "the passwords differ"),
        ]
        let output = TextRenderer(width: 120).render(try Self.tree(RegistrationForm.sample, errors: errors))
        #expect(output.contains("! 3 problems: see the fields marked !\n! the passwords differ"), "\(output)")
        let unshown = TextRenderer(width: 120).render(try Self.tree(RegistrationForm.sample, errors: [errors[2]]))
        #expect(unshown.contains("! 1 problem\n! the passwords differ"), "\(unshown)")
    }

    @Test(arguments: [20, 40, 72, 120])
    func everyLineFitsTheWidthInDisplayColumns(width: Int) throws {
        var form = RegistrationForm.sample
        form.about =
            String(repeating: "日本語のテキスト、とても長い文章です。 ", count: 6) + "e\u{301}e\u{301} 🎉🎉 "
            + String(repeating: "x", count: 200)
        let output = TextRenderer(width: width).render(try Self.tree(form))
        for line in output.split(separator: "\n") {
            #expect(DisplayWidth.of(line) <= width, "\(line)")
        }
    }

    @Test(arguments: [
        ("abc def ghi", 7, ["abc def", "ghi"]),
        ("日本語日本語", 5, ["日本", "語日", "本語"]),
        ("e\u{301}e\u{301}e\u{301}", 2, ["e\u{301}e\u{301}", "e\u{301}"]),
        ("one\ntwo", 10, ["one", "two"]),
        ("", 5, [""]),
    ])
    func wrapping(text: String, width: Int, lines: [String]) {
        #expect(TextWrapping.wrap(text, width: width) == lines)
    }

    @Test(arguments: [
        ("日本", 4), ("abc", 3), ("e\u{301}", 1), ("🎉", 2), ("\u{1B}", 0), ("한국어", 6),
    ])
    func displayWidth(text: String, width: Int) {
        #expect(DisplayWidth.of(text) == width)
    }

    @Test func colourOnlyOnATerminalAndNeverWithNO_COLOR() {
        #expect(TextRenderer.shouldUseColor(environment: [:], isTerminal: true))
        #expect(!TextRenderer.shouldUseColor(environment: [:], isTerminal: false))
        #expect(!TextRenderer.shouldUseColor(environment: ["NO_COLOR": ""], isTerminal: true))
        #expect(!TextRenderer.shouldUseColor(environment: ["NO_COLOR": "1"], isTerminal: true))
        #expect(!TextRenderer.shouldUseColor(environment: ["TERM": "dumb"], isTerminal: true))
        #expect(TextRenderer.width(environment: ["COLUMNS": "100"]) == 100)
        #expect(TextRenderer.width(environment: ["COLUMNS": "x"]) == 80)
        #expect(TextRenderer.width(environment: [:]) == 80)
    }

    @Test func colouredOutputUsesTheThemesCodesAndPlainOutputHasNoEscapes() throws {
        let errors = [FieldError(path: "email", rule: "required", message: "is required")]
        let theme = Theme(name: "t", tokens: ["ansiTitle": "1;36"])
        let coloured = TextRenderer(color: true, theme: theme).render(try Self.tree(RegistrationForm(), errors: errors))
        #expect(coloured.hasPrefix("\u{1B}[1;36mRegistration Form\u{1B}[0m\n"))
        #expect(coloured.contains("                 \u{1B}[31m! is required\u{1B}[0m"))
        let plain = TextRenderer().render(try Self.tree(RegistrationForm(), errors: errors))
        #expect(!plain.contains("\u{1B}"))
    }

    @Test func controlCharactersAndEscapeSequencesAreNeutralised() throws {
        var form = RegistrationForm.sample
        form.name = "Ada\u{1B}[2J\u{1B}]0;title\u{07}\u{9B}31m\u{202E}x"
        let output = TextRenderer().render(try Self.tree(form))
        #expect(output.contains("Ada^[[2J^[]0;title^G<U+9B>31m<U+202E>x"))
        #expect(!output.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" })
    }

    @Test func theRegistrationFormAsText() throws {
        let output = TextRenderer(width: 60).render(
            try Self.tree(
                RegistrationForm.sample,
                errors: [FieldError(path: "age", rule: "range", message: "must be at least 40")]))
        #expect(
            output == """
                Registration Form
                =================
                ! 1 problem: see the field marked !

                Email            ada@example.com
                Password         ••••••••
                Repeat Password  ••••••••
                Name             Ada Lovelace
                Gender           Female >
                Other Gender
                Age              36
                                 ! must be at least 40
                Date Of Birth
                Profile Photo
                Language         English >
                Interests        [ ] Video Games
                                 [x] Computers
                                 [ ] Socializing
                                 [ ] Sports
                Notifications    [ ] Email
                                 [ ] SMS
                                 [ ] Push
                About
                Homepage URL
                Phone Number
                Address          London >
                Remember Me      [x]
                Agreed To Terms  [ ]

                [ Save ]  [ Cancel ]

                """)
    }
}
