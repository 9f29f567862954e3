import ModelForm

extension HTMLCells {
    /// A lookup's Find box, when a record server offers one (its records are too many to
    /// list): an empty search input named `_find:` and the lookup's input name, and a Find
    /// button that draws the page again (nothing saved, the other edits kept) with the
    /// records that match among the choices. No script needed.
    static func writeLookupFind(_ c: CellContext, _ w: inout HTMLWriter) {
        guard let find = c.lookupFind, !c.field.readOnly else { return }
        w.raw(" <span class=\"mf-find\">")
        w.open("input")
        w.attribute("type", "search")
        w.attribute("id", c.inputID + "-find")
        w.attribute("name", FormSession.findFieldPrefix + c.inputName)
        w.attribute("aria-label", "Find \(find.typeTitle) records for \(c.field.title)")
        w.end()
        w.raw(" ")
        w.element("button", text: "Find") {
            $0.attribute("type", "submit")
            $0.attribute("name", FormSession.actionFieldName)
            $0.attribute("value", "update")
            $0.attribute("class", "mf-button mf-secondary mf-find-button")
            $0.flag("formnovalidate", true)
        }
        w.raw("</span>")
    }
}
