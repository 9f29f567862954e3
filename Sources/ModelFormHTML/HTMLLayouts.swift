import ModelForm

/// The chrome around HTML controls: a `<label for>` (or a `<fieldset>` with a `<legend>`
/// for groups of controls), the required mark, help text and errors with the ids the
/// controls' `aria-describedby` points at.
public enum HTMLLayouts {
    /// The standard field layout.
    public static let standard = FieldLayout<HTMLFormat>(name: "html.field") { c, w, control in
        write(c, into: &w, control: control)
    }

    /// Writes the standard chrome around a control that `control` writes.
    static func write(_ c: CellContext, into w: inout HTMLWriter, control: (inout HTMLWriter) -> Void) {
        let field = c.field
        if field.type == .action { return control(&w) }
        let group = c.isGroup
        let wrapper = group ? "fieldset" : "div"
        w.open(wrapper)
        w.raw(" class=\"mf-field mf-type-")
        w.text(field.type.rawValue)
        if !c.errors.isEmpty { w.raw(" mf-invalid") }
        w.raw("\"")
        if group { w.attribute("id", c.inputID + "-group") }
        w.end()
        if group {
            w.raw("<legend>")
            title(c, field, &w)
            w.raw("</legend>")
            control(&w)
        } else if c.isRecordLink {
            w.raw("<span class=\"mf-label\">")
            title(c, field, &w)
            w.raw("</span> ")
            control(&w)
        } else if field.type == .boolean || field.type == .option {
            w.raw("<span class=\"mf-check\">")
            control(&w)
            label(c, field, &w)
            w.raw("</span>")
        } else {
            label(c, field, &w)
            control(&w)
        }
        if let help = field.help, !help.isEmpty {
            w.element("p", text: help) {
                $0.attribute("class", "mf-help")
                $0.attribute("id", c.helpID)
            }
        }
        if !c.errors.isEmpty {
            w.element("p", text: c.errors.joined(separator: " ")) {
                $0.attribute("class", "mf-error")
                $0.attribute("id", c.errorID)
            }
        }
        w.close(wrapper)
    }

    private static func title(_ c: CellContext, _ field: Field, _ w: inout HTMLWriter) {
        w.text(field.title)
        if c.isRequired { w.raw(#"<span class="mf-required" aria-hidden="true"> *</span>"#) }
    }

    private static func label(_ c: CellContext, _ field: Field, _ w: inout HTMLWriter) {
        w.open("label")
        w.attribute("for", c.inputID)
        w.end()
        title(c, field, &w)
        w.close("label")
    }
}
