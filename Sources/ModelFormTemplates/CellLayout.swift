import ModelForm
import ModelFormYAML
import Mustache

/// A cell defined in a YAML file (the equivalent of a cell loaded from a xib): a name, the
/// field types and value types it serves, and a Mustache layout per output format.
///
/// ```yaml
/// # Cells/slider.yaml
/// name: slider
/// fieldTypes: []               # serve these types by default (optional)
/// valueTypes: []               # or these value types (optional)
/// group: false                 # draws several controls (radio buttons...)
/// layouts:
///   html: <input type="range" {{{markup.attributes}}} value="{{inputValue}}" min="{{min}}" max="{{max}}" step="{{step}}">
///   markdown: "{{value}} ({{min}}–{{max}})"
///   text: "[{{bar}}] {{value}}"
/// ```
///
/// Templates see the values listed in `TemplateValues`; user text is escaped for the
/// format automatically and raw only when written `{{{raw.x}}}`.
public struct CellLayout: Sendable {
    /// The cell name fields use in their `cell` key.
    public var name: String
    /// Field types it serves.
    public var fieldTypes: [FieldType]
    /// Value type names it serves.
    public var valueTypes: [String]
    /// Whether it draws a group of controls.
    public var drawsGroup: Bool
    /// Where it was loaded from (`Cells/slider.yaml`).
    public var origin: String
    /// Templates by format name (`html`, `markdown`, `text`).
    public var templates: [String: MustacheTemplate] {
        didSet { directTemplates = [:] }
    }
    /// The templates ``DirectTemplate`` draws, by format, as loaded (a change to
    /// ``templates`` leaves them all to swift-mustache).
    var directTemplates: [String: DirectTemplate] = [:]

    /// The cell for a format, if the layout has a template for it.
    public func cell<Format: OutputFormat>(for format: Format.Type) -> Cell<Format>? {
        guard let template = templates[Format.name] else { return nil }
        let direct = directTemplates[Format.name]
        return Cell<Format>(name: name, drawsGroup: drawsGroup) { context in
            template.render(TemplateValues<Format>(context: context), direct: direct)
        }
    }

    /// Registers the cell for a format: by name, and for its field and value types.
    public func install<Format: OutputFormat>(into registry: inout CellRegistry<Format>) {
        guard let cell = cell(for: Format.self) else { return }
        registry.register(cell, named: name, origin: origin)
        for type in fieldTypes { registry.register(cell, for: type, origin: origin) }
        for type in valueTypes { registry.register(cell, forValueType: type, origin: origin) }
    }
}
