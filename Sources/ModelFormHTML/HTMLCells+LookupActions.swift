import ModelForm

extension HTMLCells {
    /// What a record server offers beside an editable lookup. A Find box when its records
    /// are too many to list: an empty search input named `_find:` and the lookup's input
    /// name, and a Find button that draws the page again (nothing saved, the other edits
    /// kept) with the records that match among the choices. A link to a new record's page,
    /// which comes back with the new record chosen. No script needed.
    static func writeLookupActions(_ c: CellContext, _ w: inout HTMLWriter) {
        guard let actions = c.lookupActions, !c.field.readOnly else { return }
        if actions.finds {
            w.raw(" <span class=\"mf-find\">")
            w.open("input")
            w.attribute("type", "search")
            w.attribute("id", c.inputID + "-find")
            w.attribute("name", FormSession.findFieldPrefix + c.inputName)
            w.attribute("aria-label", "Find \(actions.typeTitle) records for \(c.field.title)")
            w.end()
            w.raw(" ")
            writeRedrawButton("Find", class: "mf-find-button", into: &w)
            w.raw("</span>")
        }
        if let newRecord = actions.newRecord {
            w.raw(" ")
            w.element("a", text: "New \(actions.typeTitle)") {
                $0.attribute("href", HTMLLinks.safe(newRecord))
                $0.attribute("class", "mf-link mf-new-record")
            }
        }
    }

    /// A button that draws the page again with what was typed (`_action=update`: nothing
    /// saved, nothing checked), titled `title`.
    static func writeRedrawButton(_ title: String, class name: String, into w: inout HTMLWriter) {
        w.element("button", text: title) {
            $0.attribute("type", "submit")
            $0.attribute("name", FormSession.actionFieldName)
            $0.attribute("value", "update")
            $0.attribute("class", "mf-button mf-secondary " + name)
            $0.flag("formnovalidate", true)
        }
    }
}
