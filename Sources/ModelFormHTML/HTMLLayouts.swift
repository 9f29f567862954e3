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
        let type = field.type
        if type == .action { return control(&w) }
        let group = c.isGroup
        let hasErrors = !c.errors.isEmpty
        // Literal markup in as few pieces as it allows: a writer's call costs more than the
        // bytes it copies.
        w.raw(group ? "<fieldset class=\"mf-field mf-type-" : "<div class=\"mf-field mf-type-")
        w.text(type.rawValue)
        if hasErrors { w.raw(" mf-invalid") }
        if group {
            w.raw("\" id=\"")
            w.text(c.inputID)
            w.raw("-group\"><legend>")
            title(c, field, &w)
            w.raw("</legend>")
            control(&w)
        } else {
            w.raw("\">")
            if case .record = field.shape {
                // A link to a related record's page (`isRecordLink`, here where it is no group).
                w.raw("<span class=\"mf-label\">")
                title(c, field, &w)
                w.raw("</span> ")
                control(&w)
            } else if type == .boolean || type == .option {
                w.raw("<span class=\"mf-check\">")
                control(&w)
                label(c, field, &w)
                w.raw("</span>")
            } else {
                label(c, field, &w)
                control(&w)
            }
        }
        if let help = field.help, !help.isEmpty {
            w.element("p", text: help) {
                $0.attribute("class", "mf-help")
                $0.attribute("id", c.helpID)
            }
        }
        if hasErrors {
            w.element("p", text: c.errors.joined(separator: " ")) {
                $0.attribute("class", "mf-error")
                $0.attribute("id", c.errorID)
            }
        }
        w.raw(group ? "</fieldset>" : "</div>")
    }

    private static func title(_ c: CellContext, _ field: Field, _ w: inout HTMLWriter) {
        w.text(field.title)
        if c.isRequired { w.raw(#"<span class="mf-required" aria-hidden="true"> *</span>"#) }
    }

    private static func label(_ c: CellContext, _ field: Field, _ w: inout HTMLWriter) {
        w.raw("<label for=\"")
        w.text(c.inputID)
        w.raw("\">")
        title(c, field, &w)
        w.raw("</label>")
    }
}
