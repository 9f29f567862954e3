import Foundation
import ModelForm
import ModelFormHTML

extension FormServer {
    /// A remove button asks first, on a page that says what goes; the user's other edits
    /// ride along as hidden fields, so both answers keep them.
    func confirmRemoval(
        _ item: FormPath, form: Form<FormValue>, entity: FormPath, pairs: [(name: String, value: String)],
        stored: StoredValues, visitor: Visitor
    ) -> FormResponse {
        guard let (title, summary) = removedItem(item, of: form) else {
            return page(
                form, entity: entity, stored: stored, visitor: visitor, status: 422,
                notice: "There is no item \(item) to remove.")
        }
        let name = title + (summary.isEmpty ? "" : " (\(summary))")
        var w = HTMLWriter()
        w.element("p", text: "Remove \(name)? It goes when you save the form; your other changes are kept.")
        w.raw("\n")
        questionForm(pairs: pairs, extra: [("_confirm", "yes")], into: &w) { w in
            Self.button(&w, value: FormAction.remove(item).description, title: "Remove \(name)", primary: true)
            Self.button(&w, value: "update", title: "Keep it", primary: false)
        }
        var renderer = renderer
        renderer.breadcrumbs = breadcrumbs(to: entity) + [(title: form.config.title, href: url(of: entity))]
        return html(renderer.document(title: "Remove \(name)?", body: w.html), status: 200, visitor: visitor)
    }

    /// What a remove button removes, named for a person: a collection's numbered item or a
    /// map's entry by its key, with a summary of its value; `nil` when there is no such item.
    private func removedItem(_ item: FormPath, of form: Form<FormValue>) -> (name: String, summary: String)? {
        guard let container = item.parent, let field = try? form.field(at: container), let value = form.values[item]
        else { return nil }
        let display = FieldDisplay(configs: configs, transformers: environment.transformers)
        switch (item.last, form.values[container]) {
        case (.index(let index)?, .list?):
            let itemField = field.itemField ?? field
            return (ItemTitles.numbered(field.title, index: index), Self.summary(value, of: itemField, display))
        case (.key(let key)?, .record?):
            guard let entry = field.entryField(key) else { return nil }
            return ("\(field.title) entry \(FormPath.quoted(key))", Self.summary(value, of: entry, display))
        default: return nil
        }
    }

    /// Emptying an optional relationship asks first, naming what goes.
    func confirmClearing(
        _ entity: FormPath, form: Form<FormValue>, pairs: [(name: String, value: String)], visitor: Visitor
    ) -> FormResponse {
        let title = pageTitle(entity) ?? entity.description
        let summary = FieldDisplay(configs: configs, transformers: environment.transformers).summary(
            form.values,
            field: (try? configs.field(at: entity, in: typeName)) ?? Field(key: nil, type: .subform, title: title))
        let name = title + (summary.isEmpty ? "" : " (\(summary))")
        var w = HTMLWriter()
        w.element("p", text: "Remove \(name)? Its values are deleted when you confirm.")
        w.raw("\n")
        questionForm(pairs: pairs, extra: [("_confirm", "yes")], into: &w) { w in
            Self.button(&w, value: Self.clearAction, title: "Remove \(name)", primary: true)
            Self.button(&w, value: "update", title: "Keep it", primary: false)
        }
        var renderer = renderer
        renderer.breadcrumbs = breadcrumbs(to: entity) + [(title: title, href: url(of: entity))]
        return html(renderer.document(title: "Remove \(name)?", body: w.html), status: 200, visitor: visitor)
    }

    /// The prefix of the conflict page's choices: `_keep:PATH` = `mine` or `stored`.
    static let keepField = "_keep:"

    /// An item's or entry's summary in a question: a record's first filled fields, a
    /// value as it is displayed.
    static func summary(_ value: FormValue, of field: Field, _ display: FieldDisplay) -> String {
        switch field.shape {
        case .record, .records: display.summary(value, field: field)
        case .items, .positions, .entries, .single, .alternatives: display.display(value, for: field)
        }
    }

    /// Fields whose stored value can be chosen with a radio button: one value sent as text.
    static func canChoose(_ field: Field) -> Bool {
        switch field.shape {
        case .record, .records, .items, .positions, .entries, .alternatives: return false
        case .single:
            return field.type != .password && field.type != .multiSelect && field.type != .bitfield
                && field.type != .image && field.type != .action && field.type != .collection
        }
    }

    /// The pairs with every `_keep:PATH=stored` choice applied: the field's pairs replaced by
    /// its stored value.
    func applyingChoices(_ pairs: [(name: String, value: String)], stored: Form<FormValue>) -> [(
        name: String, value: String
    )] {
        var result = pairs
        let display = FieldDisplay(configs: configs, transformers: environment.transformers)
        for pair in pairs where pair.name.hasPrefix(Self.keepField) && pair.value == "stored" {
            guard let path = try? FormPath(parsing: String(pair.name.dropFirst(Self.keepField.count))),
                let field = try? stored.field(at: path), Self.canChoose(field)
            else { continue }
            let name = URLEncodedForm.name(for: path)
            result.removeAll { $0.name == name }
            if field.type == .boolean || field.type == .option {
                if stored.values[path] == .bool(true) { result.append((name, "true")) }
            } else {
                result.append((name, stored.values[path].map { display.inputValue($0, for: field) } ?? ""))
            }
        }
        return result
    }

    /// A form that posts the user's pairs again (hidden) with its buttons.
    private func questionForm(
        pairs: [(name: String, value: String)], extra: [(String, String)], into w: inout HTMLWriter,
        buttons: (inout HTMLWriter) -> Void
    ) {
        w.raw("<form method=\"post\" class=\"mf-form\">\n")
        for pair in pairs.filter({ $0.name != FormSession.actionFieldName && $0.name != "_confirm" })
            + extra.map({ (name: $0.0, value: $0.1) })
        {
            w.open("input")
            w.attribute("type", "hidden")
            w.attribute("name", pair.name)
            w.attribute("value", pair.value)
            w.end()
            w.raw("\n")
        }
        w.raw("<div class=\"mf-actions\">")
        buttons(&w)
        w.raw("</div>\n</form>")
    }

    private static func button(_ w: inout HTMLWriter, value: String, title: String, primary: Bool) {
        w.open("button")
        w.attribute("type", "submit")
        w.attribute("name", FormSession.actionFieldName)
        w.attribute("value", value)
        w.attribute("class", primary ? "mf-button mf-primary mf-danger" : "mf-button mf-secondary")
        w.end()
        w.text(title)
        w.close("button")
    }

    /// An HTML response with the security headers (and the CSRF cookie for a new visitor).
    func html(_ text: String, status: Int, visitor: Visitor) -> FormResponse {
        html(utf8: Array(text.utf8), status: status, visitor: visitor)
    }

    /// ``html(_:status:visitor:)`` for a page's UTF-8 bytes.
    func html(utf8 page: [UInt8], status: Int, visitor: Visitor) -> FormResponse {
        let styles = page.withUnsafeBufferPointer { styleSources.source(of: $0) }
        var headers: [(name: String, value: String)] =
            [("Content-Type", "text/html; charset=utf-8")] + Self.securityHeaders(styleSource: styles)
        if visitor.isNew { headers.append(("Set-Cookie", cookie(visitor.nonce))) }
        return FormResponse(status: status, headers: headers, body: page)
    }
}
