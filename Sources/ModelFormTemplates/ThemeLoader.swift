import Foundation
import ModelForm
import ModelFormHTML
import ModelFormMarkdown
import ModelFormYAML
import Mustache

/// A theme as loaded from `Themes/NAME/`: its settings, the cell layouts it overrides
/// (`Themes/NAME/Cells/*.yaml`, by name) and its field layouts (the chrome) per format.
///
/// ```yaml
/// # Themes/dark/theme.yaml
/// name: dark
/// markdownStyle: list
/// tokens: {background: "#1c1c1e", text: "#f2f2f7", accent: "#0a84ff", ansiTitle: "1;36"}
/// css: [theme.css]
/// layouts:
///   html: <div class="mf-field">{{{markup.control}}} <label for="{{id}}">{{title}}</label></div>
/// ```
public struct LoadedTheme: Sendable {
    /// The theme's settings and CSS.
    public var theme: Theme
    /// Cell layouts that replace those of the same name.
    public var cells: [CellLayout]
    /// Field layouts (chrome) by format name.
    public var fieldLayouts: [String: MustacheTemplate] {
        didSet { directLayouts = [:] }
    }
    /// The field layouts ``DirectTemplate`` draws, by format, as loaded.
    var directLayouts: [String: DirectTemplate] = [:]

    /// The theme's field layout for a format, if it has one.
    public func fieldLayout<Format: OutputFormat>(for format: Format.Type) -> FieldLayout<Format>? {
        guard let template = fieldLayouts[Format.name] else { return nil }
        let direct = directLayouts[Format.name]
        return FieldLayout<Format>(name: "\(theme.name).\(Format.name)") { context, control in
            template.render(TemplateValues<Format>(context: context, control: control), direct: direct)
        }
    }
}

/// Loads themes from their folders.
public struct ThemeLoader: Sendable {
    /// Loads cell layouts in the theme's `Cells/`.
    public var cellLoader = CellLayoutLoader()

    /// A loader.
    public init() {}

    static let keys = ["name", "description", "markdownStyle", "tokens", "css", "layouts"]

    /// The theme in `folder` (which holds `theme.yaml`).
    public func load(folder: String) throws(DiagnosticList) -> LoadedTheme {
        let file = (folder as NSString).appendingPathComponent("theme.yaml")
        guard let text = try? String(contentsOfFile: file, encoding: .utf8) else {
            throw DiagnosticList([
                Diagnostic("no theme here (expected \(file))", at: SourceMark(file: file, line: 1, column: 1))
            ])
        }
        let root = try YAMLParser.parseDocument(text, file: file)
        var reader = LayoutReader()
        var direct: [String: DirectTemplate] = [:]
        var loaded = LoadedTheme(
            theme: Theme(name: (folder as NSString).lastPathComponent), cells: [], fieldLayouts: [:])
        for pair in root.mapping ?? [] {
            let key = pair.key.string ?? ""
            switch key {
            case "name": loaded.theme.name = pair.value.string ?? loaded.theme.name
            case "description": break
            case "markdownStyle":
                if let style = pair.value.string.flatMap(Theme.MarkdownStyle.init(rawValue:)) {
                    loaded.theme.markdownStyle = style
                } else {
                    let styles = Theme.MarkdownStyle.allCases.map(\.rawValue).joined(separator: " or ")
                    reader.error("markdownStyle must be \(styles)", at: pair.value)
                }
            case "tokens":
                for token in pair.value.mapping ?? [] {
                    guard let name = token.key.string, let value = token.value.string else {
                        reader.error("a token must be a name and a text value", at: token.key)
                        continue
                    }
                    loaded.theme.tokens[name] = value
                }
            case "css":
                for item in pair.value.sequence ?? [] {
                    let path = (folder as NSString).appendingPathComponent(item.string ?? "")
                    if let css = try? String(contentsOfFile: path, encoding: .utf8) {
                        loaded.theme.css.append(css)
                    } else {
                        reader.error("cannot read '\(path)'", at: item)
                    }
                }
            case "layouts":
                for entry in pair.value.mapping ?? [] {
                    let format = entry.key.string ?? ""
                    guard TemplateLoading.formats.contains(format) else {
                        reader.error("unknown format '\(format)' (use text, markdown or html)", at: entry.key)
                        continue
                    }
                    if let template = TemplateLoading.compile(entry.value, source: text, reader: &reader) {
                        loaded.fieldLayouts[format] = template.mustache
                        direct[format] = template.direct
                    }
                }
            default:
                reader.error("unknown key '\(key)' in a theme" + Suggestion.hint(for: key, in: Self.keys), at: pair.key)
            }
        }
        loaded.directLayouts = direct
        if root.mapping == nil { reader.error("a theme file must be a mapping", at: root) }
        var diagnostics = reader.diagnostics
        let cellsFolder = (folder as NSString).appendingPathComponent("Cells")
        if FileManager.default.fileExists(atPath: cellsFolder) {
            do { loaded.cells = try cellLoader.load(folders: [cellsFolder]) } catch { diagnostics += error.diagnostics }
        }
        guard diagnostics.isEmpty else { throw DiagnosticList(diagnostics, sources: [file: text]) }
        return loaded
    }
}

/// Cell layouts and a theme, ready to apply to a renderer's registry and layout.
public struct TemplateSet: Sendable {
    /// Layouts from `Cells/` and extra folders.
    public var cells: [CellLayout]
    /// The theme, if one was loaded.
    public var theme: LoadedTheme?

    /// A set.
    public init(cells: [CellLayout] = [], theme: LoadedTheme? = nil) {
        self.cells = cells
        self.theme = theme
    }

    /// `base` with the layouts' cells registered, then the theme's (which win by name).
    public func registry<Format: OutputFormat>(_ base: CellRegistry<Format>) -> CellRegistry<Format> {
        var registry = base
        for layout in cells + (theme?.cells ?? []) { layout.install(into: &registry) }
        return registry
    }

    /// The theme's field layout for a format, else `fallback`.
    public func fieldLayout<Format: OutputFormat>(_ fallback: FieldLayout<Format>) -> FieldLayout<Format> {
        theme?.fieldLayout(for: Format.self) ?? fallback
    }
}
