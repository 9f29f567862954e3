import ModelFormHTML
import ModelFormMarkdown
import ModelFormTesting
import ModelFormText
import Testing

@testable import ModelForm

/// A form whose root rows are made while they are drawn (the command line's large pages)
/// draws the page its whole tree draws, in HTML, as text and in Markdown: sections hidden by rules, disabled and conditionally
/// required fields, subforms, collections, file inputs, and every RJSF and JSON Forms sample.
@Suite struct StreamedFormTests {
    static func expectTheSamePage<Model>(
        _ form: Form<Model>, _ name: String, sourceLocation: SourceLocation = #_sourceLocation
    )
        throws
    {
        let renderer = HTMLRenderer().adopting(form)
        guard let streamed = form.streamedTree(theme: renderer.theme) else {
            Issue.record("\(name): no streamed tree", sourceLocation: sourceLocation)
            return
        }
        var page: [UInt8] = []
        try renderer.render(streamed, piecesOf: 512) { page += $0 }
        let whole = renderer.render(form.tree(theme: renderer.theme))
        #expect(String(decoding: page, as: UTF8.self) == whole, "\(name)", sourceLocation: sourceLocation)
        for (width, color) in [(80, false), (44, true)] {
            let text = TextRenderer(width: width, color: color).adopting(form)
            var pieces: [String] = []
            try text.render(try #require(form.streamedTree(theme: text.theme)), piecesOf: 256) { pieces.append($0) }
            #expect(
                pieces.joined() == text.render(form.tree(theme: text.theme)), "\(name) as text, \(width) columns",
                sourceLocation: sourceLocation)
            #expect(pieces.allSatisfy { $0.hasSuffix("\n") }, "a piece ends with a whole line")
        }
        for style in ["table", "list"] {
            var markdown = MarkdownRenderer().adopting(form)
            markdown.theme.tokens["markdownStyle"] = style
            var pieces: [String] = []
            try markdown.render(try #require(form.streamedTree(theme: markdown.theme)), piecesOf: 256) {
                pieces.append($0)
            }
            #expect(
                pieces.joined() == markdown.render(form.tree(theme: markdown.theme)), "\(name) in Markdown, \(style)s",
                sourceLocation: sourceLocation)
        }
    }

    @Test func modelsDrawTheirWholePage() throws {
        var registration = RegistrationForm()
        registration.name = "Zoë — <✕> 😀"
        try Self.expectTheSamePage(try Form(editing: registration), "RegistrationForm")
        try Self.expectTheSamePage(try Form(editing: Everything()), "Everything")
        try Self.expectTheSamePage(
            Form(values: WideForm.values(fields: 500), configs: WideForm.configs(fields: 500), typeName: "Wide"),
            "WideForm")
    }

    /// A section hidden by its rule is not drawn; a hidden field, a disabled one and a
    /// conditionally required one are drawn as in the whole tree.
    @Test(arguments: [0, 1, 2])
    func rulesDrawAsInTheWholeTree(travellers: Int) throws {
        let configs = try ConditionRuleTests.load(
            """
            Trip:
              sections:
                - {header: Basics, fields: [needsVisa, destination, notes]}
                - {header: Repeat, visibleIf: travellers > 1, fields: [repeat, endRepeat]}
                - {header: More, fields: [travellers, budget, tags, address]}
              overrides:
                notes: {visibleIf: needsVisa}
                destination: {enabledIf: travellers > 0}
                budget: {requiredIf: travellers > 0}
            """)
        var values = DefaultValues.record(for: "Trip", configs: configs)
        try values.set(.int(Int64(travellers)), at: "travellers")
        try values.set(.bool(travellers == 1), at: "needsVisa")
        try Self.expectTheSamePage(Form(values: values, configs: configs, typeName: "Trip"), "\(travellers) travellers")
    }

    /// A form that shows errors is drawn whole: their summary comes before the rows.
    @Test func aFormShowingErrorsHasNoStreamedTree() throws {
        var form = try Form(editing: RegistrationForm())
        form.keepInvalidInput(["age": "old"], errors: [FieldError(path: "age", rule: "type", message: "not a number")])
        #expect(form.streamedTree() == nil)
    }

    @Test(.enabled(if: PackagePaths.corpora != nil, "the form samples are not beside the checkout (../shared/corpora)"))
    func everyFormSampleDrawsItsWholePage() throws {
        var drawn = 0
        for sample in try FormSampleTests.samples() {
            var importing = false
            guard let form = try? FormSampleTests.form(sample, importing: &importing), form.errors.isEmpty else {
                continue
            }
            try Self.expectTheSamePage(form, sample.name)
            drawn += 1
        }
        #expect(drawn > 50)
    }
}

extension StreamedFormTests {
    struct Refused: Error, Equatable {}

    /// What the writer throws stops the writing: it is rethrown, and nothing is handed to the
    /// writer after it, in every format.
    @Test func aFailedWriteIsRethrownOnce() throws {
        let form = try Form(editing: RegistrationForm())
        let streamed = try #require(form.streamedTree())
        var calls = 0
        #expect(throws: Refused()) {
            try TextRenderer(width: 40).render(streamed, piecesOf: 1) { _ in
                calls += 1
                throw Refused()
            }
        }
        #expect(throws: Refused()) {
            try MarkdownRenderer().render(streamed, piecesOf: 1) { _ in
                calls += 1
                throw Refused()
            }
        }
        #expect(throws: Refused()) {
            try HTMLRenderer().render(streamed, piecesOf: 1) { _ in
                calls += 1
                throw Refused()
            }
        }
        #expect(calls == 3)
    }
}
