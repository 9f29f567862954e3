import Foundation
import ModelForm
import ModelFormHTML
import ModelFormMarkdown
import ModelFormTemplates
import ModelFormTesting
import ModelFormText

/// The bundled cells and themes, and the fixture drawn in every format with them.
public enum Renderings {
    /// The names of the shipped themes.
    public static let themes = ["default", "dark"]

    /// `Cells/` and the named theme from this checkout.
    public static func templates(theme: String) throws -> TemplateSet {
        let cells = try CellLayoutLoader().load(folders: [PackagePaths.url("Cells").path])
        let loaded = try ThemeLoader().load(folder: PackagePaths.url("Themes/\(theme)").path)
        return TemplateSet(cells: cells, theme: loaded)
    }

    /// The everything fixture in one format and theme: `text` (at `width` columns), `markdown` or `html`.
    public static func everything(format: String, theme: String, width: Int = 72) throws -> String {
        let set = try templates(theme: theme)
        let themeValue = set.theme?.theme ?? .default
        var configs = EverythingFixture.configs
        try configs["Everything"]?.update("quantity") { $0.cell = "stepper" }
        try configs["Everything"]?.update("ratio") {
            $0.cell = "slider"
            $0.rules = [.init(.range(min: 0, max: 1))]
        }
        try configs["Everything"]?.update("size") { $0.cell = "segments" }
        try configs["Everything"]?.update("subscribed") { $0.cell = "switch" }
        let tree = FormTreeBuilder(
            configs: configs, theme: themeValue, link: { typeName, path in "\(typeName).html#\(path)" }
        )
        .build(typeName: "Everything", values: EverythingFixture.values, errors: EverythingFixture.errors)
        switch format {
        case "text":
            return TextRenderer(
                cells: set.registry(TextCells.standard), layout: set.fieldLayout(TextLayouts.standard), width: width,
                theme: themeValue
            ).render(tree)
        case "markdown":
            return MarkdownRenderer(
                cells: set.registry(MarkdownCells.standard), layout: set.fieldLayout(MarkdownRenderer.standardLayout),
                theme: themeValue
            ).render(tree)
        default:
            return HTMLRenderer(
                cells: set.registry(HTMLCells.standard), layout: set.fieldLayout(HTMLLayouts.standard),
                theme: themeValue
            ).render(tree)
        }
    }
}
