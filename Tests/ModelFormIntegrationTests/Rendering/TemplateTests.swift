import Foundation
import ModelForm
import ModelFormHTML
import ModelFormMarkdown
import ModelFormTemplates
import ModelFormTesting
import ModelFormText
import RenderingFixtures
import Testing

@Suite struct TemplateTests {
    @Test func everyShippedCellConforms() throws {
        var problems: [String] = []
        for theme in Renderings.themes {
            let set = try Renderings.templates(theme: theme)
            for layout in set.cells + (set.theme?.cells ?? []) {
                if let cell = layout.cell(for: HTMLFormat.self) { problems += CellConformance.check(cell) }
                if let cell = layout.cell(for: MarkdownFormat.self) { problems += CellConformance.check(cell) }
                if let cell = layout.cell(for: PlainTextFormat.self) { problems += CellConformance.check(cell) }
            }
        }
        #expect(problems == [])
    }

    @Test func everyBuiltInCellConforms() {
        var problems: [String] = []
        for name in HTMLCells.standard.cellNames.sorted() {
            problems += CellConformance.check(HTMLCells.standard.cell(named: name)!)
        }
        for name in MarkdownCells.standard.cellNames.sorted() {
            problems += CellConformance.check(MarkdownCells.standard.cell(named: name)!)
        }
        for name in TextCells.standard.cellNames.sorted() {
            problems += CellConformance.check(TextCells.standard.cell(named: name)!)
        }
        problems +=
            CellConformance.check(HTMLCells.unsupported) + CellConformance.check(MarkdownCells.unsupported)
            + CellConformance.check(TextCells.unsupported)
        #expect(problems == [])
    }

    @Test func theConformanceCheckCatchesAnUnsafeCell() {
        let unsafe = Cell<HTMLFormat>(name: "unsafe") { "<b>\($0.display)</b>" }
        #expect(!CellConformance.check(unsafe, fieldTypes: [.text]).isEmpty)
        let multiline = Cell<MarkdownFormat>(name: "multi") { MarkdownFormat.escape($0.display) + "\nmore" }
        #expect(CellConformance.check(multiline, fieldTypes: [.text]).contains { $0.contains("several lines") })
    }

    @Test func aCodeCellAndAYAMLCellSideBySideOnOneForm() throws {
        let layout = try #require(
            try CellLayoutLoader().load(
                text: """
                    name: badge
                    fieldTypes: [phone]
                    layouts:
                      html: '<span class="badge" id="{{id}}">{{value}}</span> raw: {{{raw.value}}}'
                      text: "<{{value}}>"
                    """, file: "Cells/badge.yaml"))
        var html = HTMLCells.standard
        layout.install(into: &html)
        html.register(Cell<HTMLFormat>(name: "shout") { HTMLEscaping.html($0.display.uppercased()) }, named: "shout")
        var configs = ConfigDictionary(try ModelDescription(type: RegistrationForm.self))
        try configs["RegistrationForm"]?.update("name") { $0.cell = "shout" }
        var form = RegistrationForm()
        form.name = "ada <3"
        form.phoneNumber = "<b>555</b>"
        let tree = FormTreeBuilder(configs: configs).build(
            typeName: "RegistrationForm", values: try FormValueEncoder().encode(form))
        let output = HTMLRenderer(cells: html).render(tree)
        #expect(output.contains(#"<label for="f-name">Name</label>ADA &lt;3"#))
        #expect(
            output.contains(#"<span class="badge" id="f-phoneNumber">&lt;b&gt;555&lt;/b&gt;</span> raw: <b>555</b>"#))
        #expect(
            html.resolve(try #require(configs.root.field("phoneNumber"))).explanation
                == "field type 'phone' (registered by Cells/badge.yaml)")
        var text = TextCells.standard
        layout.install(into: &text)
        #expect(TextRenderer(cells: text).render(tree).contains("Phone Number     <<b>555</b>>"))
    }

    @Test func aThemeOverridesCellsByNameAndTheFieldLayout() throws {
        let dark = try Renderings.templates(theme: "dark")
        let plain = try Renderings.templates(theme: "default")
        let field = Field(key: "on", type: .boolean, cell: "switch", valueType: .bool)
        let context = CellContext(
            field: field, path: "on", value: .bool(true), display: "Yes", inputValue: "true", inputName: "on",
            inputID: "f-on")
        #expect(dark.registry(TextCells.standard).draw(context, layout: TextLayouts.standard).hasSuffix("[● ON ]"))
        #expect(plain.registry(TextCells.standard).draw(context, layout: TextLayouts.standard).hasSuffix("( ON|)"))
        #expect(dark.theme?.theme.markdownStyle == .list)
        #expect(
            dark.fieldLayout(HTMLLayouts.standard).name == "html.field", "the dark theme styles the standard chrome")
        #expect(plain.fieldLayout(HTMLLayouts.standard).name == "html.field")
    }

    @Test func aThemesFieldLayoutReplacesTheChrome() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("theme-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try
            "name: rows\nlayouts:\n  html: '<div class=\"row\"><label for=\"{{id}}\">{{title}}</label>{{{markup.control}}}</div>'\n"
            .write(to: folder.appendingPathComponent("theme.yaml"), atomically: true, encoding: .utf8)
        let theme = try ThemeLoader().load(folder: folder.path)
        let layout = try #require(theme.fieldLayout(for: HTMLFormat.self))
        #expect(layout.name == "rows.html")
        let context = CellContext(
            field: Field(key: "name", type: .text, valueType: .string), path: "name", value: .string("<Ada>"),
            display: "<Ada>", inputValue: "<Ada>", inputName: "name", inputID: "f-name")
        #expect(
            HTMLCells.standard.draw(context, layout: layout)
                == #"<div class="row"><label for="f-name">Name</label><input type="text" id="f-name" name="name" value="&lt;Ada&gt;" autocapitalize="sentences"></div>"#
        )
    }

}
