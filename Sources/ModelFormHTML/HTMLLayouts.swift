import ModelForm

/// The chrome around HTML controls: a `<label for>` (or a `<fieldset>` with a `<legend>`
/// for groups of controls), the required mark, help text and errors with the ids the
/// controls' `aria-describedby` points at.
public enum HTMLLayouts {
    /// The standard field layout.
    public static let standard = FieldLayout<HTMLFormat>(name: "html.field") { c, control in
        let field = c.field
        if field.type == .action { return control }
        let classes = "mf-field mf-type-\(field.type.rawValue)" + (c.errors.isEmpty ? "" : " mf-invalid")
        let title = Escaping.html(field.title) + (c.isRequired ? #"<span class="mf-required" aria-hidden="true"> *</span>"# : "")
        let extras = help(c) + errors(c)
        if c.isGroup {
            let legend = HTMLTag.element("legend", content: title)
            return HTMLTag.element("fieldset", [("class", classes), ("id", c.inputID + "-group")], content: legend + control + extras)
        }
        if field.type == .subform {
            let label = HTMLTag.element("span", [("class", "mf-label")], content: title)
            return HTMLTag.element("div", [("class", classes)], content: label + " " + control + extras)
        }
        let label = HTMLTag.element("label", [("for", c.inputID)], content: title)
        if field.type == .boolean || field.type == .option {
            return HTMLTag.element("div", [("class", classes)], content: HTMLTag.element("span", [("class", "mf-check")], content: control + label) + extras)
        }
        return HTMLTag.element("div", [("class", classes)], content: label + control + extras)
    }

    static func help(_ c: CellContext) -> String {
        guard let help = c.field.help, !help.isEmpty else { return "" }
        return HTMLTag.text("p", [("class", "mf-help"), ("id", c.helpID)], help)
    }

    static func errors(_ c: CellContext) -> String {
        guard !c.errors.isEmpty else { return "" }
        return HTMLTag.text("p", [("class", "mf-error"), ("id", c.errorID)], c.errors.joined(separator: " "))
    }
}
