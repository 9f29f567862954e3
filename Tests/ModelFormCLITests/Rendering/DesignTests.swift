import Foundation
import ModelFormHTML
import ModelFormMarkdown
import ModelFormTesting
import ModelFormText
import ModelFormYAML
import RenderingFixtures
import TestFixtures
import Testing

@testable import ModelForm

/// The looks of every output (issue 15): item titles, text within its width, CJK breaks,
/// Markdown tables, exported documents.
@Suite struct DesignTests {
    @Test(arguments: [
        ("Members", "Member"), ("Friends", "Friend"), ("Categories", "Category"), ("Addresses", "Address"),
        ("Boxes", "Box"),
        ("Branches", "Branch"), ("People", "Person"), ("Children", "Child"), ("Staff", "Staff"), ("Status", "Status"),
        ("Team Members", "Team Member"), ("URLs", "URL"), ("Tags", "Tag"), ("Series", "Series"),
        ("Analysis", "Analysis"),
    ])
    func anItemIsNamedInTheSingular(plural: String, singular: String) {
        #expect(ItemTitles.singular(plural) == singular)
        #expect(ItemTitles.numbered(plural, index: 1) == "\(singular) 2")
    }

    @Test(arguments: Renderings.themes, [20, 40, 72])
    func noTextLineIsWiderThanTheWidth(theme: String, width: Int) throws {
        let text = try Renderings.everything(format: "text", theme: theme, width: width)
        let wide = text.split(separator: "\n").filter { DisplayWidth.of(String($0)) > width }
        #expect(wide.isEmpty, "\(wide.count) lines wider than \(width): \(wide.prefix(3))")
        #expect(text.contains("! 3 problems: see the fields marked !") || width < 40)
    }

    @Test func everyValueStartsInOneColumn() throws {
        let text = try Renderings.everything(format: "text", theme: "default", width: 72)
        let columns = Set(
            ["Name *", "Price", "Subscribed", "Birthday", "Photo"].compactMap { label in
                text.split(separator: "\n").first { $0.hasPrefix(label + " ") }.map { line in
                    line.dropFirst(label.count).prefix { $0 == " " }.count + label.count
                }
            })
        #expect(columns.count == 1, "\(columns)")
    }

    @Test(arguments: [
        ("日本語のテキストです", 10, ["日本語のテ", "キストです"]),
        ("abc 日本語のテキスト", 10, ["abc 日本語", "のテキスト"]),
        ("한국어 텍스트입니다", 8, ["한국어", "텍스트입", "니다"]),
        ("word 日本", 6, ["word", "日本"]),
    ])
    func cjkTextBreaksBetweenAnyTwoCharacters(text: String, width: Int, lines: [String]) {
        let wrapped = TextWrapping.wrap(text, width: width)
        #expect(wrapped == lines)
        #expect(wrapped.allSatisfy { DisplayWidth.of($0) <= width })
    }

    @Test func helpIsDimmedAndErrorsCountedWithColourOn() throws {
        var form = try YAMLFixtures.form("trip")
        try form.setText("", at: "name")
        _ = form.validate()
        let text = TextRenderer(width: 80, color: true, theme: try Renderings.templates(theme: "default").theme!.theme)
            .render(form)
        #expect(text.contains("\u{1B}[31m! 1 problem: see the field marked !\u{1B}[0m"))
        let help = try #require(form.config.fields.compactMap(\.help).first)
        #expect(text.contains("\u{1B}[2m" + help))
    }

    @Test func markdownHasOneTablePerSectionAndAFlatCollectionAsOneTable() throws {
        var form = try YAMLFixtures.form("team")
        try form.configs["Person"]?.update("email") { $0.placeholder = "name@example.com" }
        let markdown = MarkdownRenderer().render(form.tree(inlineSubforms: true))
        #expect(markdown.contains("| Name | Email |\n| --- | --- |\n| Grace Hopper | _name@example.com_ |"))
        var document = MarkdownRenderer()
        document.isDocument = true
        let published = document.render(form.tree(inlineSubforms: true))
        #expect(
            published.contains("| Grace Hopper | — |"), "a document shows an empty value as —, never the placeholder")
        #expect(!published.contains("Actions:"))
    }

    @Test func exportedPagesHaveDistinctTitlesAndBreadcrumbs() throws {
        var form = try YAMLFixtures.form("team")
        try form.setText("Grace Hopper", at: "members[1].name")
        let export = form.export(fileExtension: "html")
        let pages = export.pages()
        #expect(
            pages.map(\.title) == [
                "Team", "Lead: Ada Lovelace, ada@example.com", "Member: Grace Hopper", "Member: Grace Hopper (2)",
                "Member: Mary Somerville",
            ])
        #expect(pages[2].breadcrumbs.map(\.title) == ["Index", "Team"])
        #expect(pages[2].breadcrumbs.map(\.href) == ["index.html", "Team.html"])
        #expect(export.indexEntries.map(\.depth) == [0, 1, 1, 1, 1])
        let page = HTMLRenderer().page(pages[2])
        #expect(page.contains("<title>Member: Grace Hopper</title>"))
        #expect(!page.contains("<input") && !page.contains("<form"))
        #expect(HTMLRenderer().page(pages[2], editable: true).contains("<form method=\"post\""))
        let index = HTMLRenderer().index(export)
        #expect(
            index.contains(#"<ul><li><a href="Team.html">Team</a>"#)
                && index.contains(#"<ul><li><a href="Person-lead.html">Lead: Ada Lovelace, ada@example.com</a></li>"#))
        #expect(!index.contains("members[0]"))
    }

    @Test func renderShowsAValueThatDoesNotParseWithItsError() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let values = try PackagePaths.text("config/registration.values.yaml").replacingOccurrences(
            of: "ada@example.com", with: "ada at example")
        try values.write(toFile: scratch.file("bad.values.yaml"), atomically: true, encoding: .utf8)
        let run = CLIRun(["render", "--data", scratch.file("bad.values.yaml")])
        #expect(run.status == 0)
        #expect(
            run.output.contains(
                "Email *                 ada at example\n                        ! 'ada at example' is not an email address"
            ))
        #expect(
            run.errors.hasSuffix("bad.values.yaml:1:8: warning: 'email': 'ada at example' is not an email address\n"))
        let html = CLIRun(["render", "--format", "html", "--validate", "--data", scratch.file("bad.values.yaml")])
        #expect(html.status == 1)
        #expect(html.output.contains(#"value="ada at example""#) && html.output.contains(#"aria-invalid="true""#))
        let clean = CLIRun(["render", "--validate"])
        #expect(clean.status == 0)
    }
}
