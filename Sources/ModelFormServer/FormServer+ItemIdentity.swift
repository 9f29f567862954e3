import Foundation
import ModelForm
import ModelFormHTML

/// A collection item's page is tied to the item, not to its place: the page carries the
/// item's digest and its list's length (`_item`), and a save made after someone else
/// changed the list finds the item where it went, or says that it is gone.
extension FormServer {
    /// The hidden field that names the item an item's page was drawn for.
    static let itemField = "_item"

    /// Where the item a stale page edits is now.
    enum ItemWhereabouts: Equatable {
        /// At the same place (unchanged there, or changed there in a list of the same length).
        case same
        /// Found, unchanged, at another place: the entity's path there.
        case moved(FormPath)
        /// Neither: removed, or changed and moved.
        case gone
    }

    /// The `_item` value of an entity's page: the keyed digest of the innermost collection
    /// item on its path and that collection's length; `nil` for a path through no item.
    func itemIdentity(of entity: FormPath, in values: FormValue) -> String? {
        guard let (position, index) = Self.innermostItem(entity) else { return nil }
        let list = FormPath(Array(entity.components.prefix(position)))
        guard case .list(let items)? = values[list], index < items.count else { return nil }
        return FormValueDigests(key: digestKey).digest(of: items[index]) + "." + String(items.count)
    }

    /// Where the item a page named with `identity` is in `values`; `.same` for a page that
    /// names none.
    func whereabouts(of entity: FormPath, identity: String?, in values: FormValue) -> ItemWhereabouts {
        guard let identity, let (position, index) = Self.innermostItem(entity) else { return .same }
        let parts = identity.split(separator: ".", maxSplits: 1)
        guard parts.count == 2, let drawnCount = Int(parts[1]) else { return .same }
        let digest = String(parts[0])
        guard case .list(let items)? = values[FormPath(Array(entity.components.prefix(position)))] else {
            return .gone
        }
        let digests = FormValueDigests(key: digestKey)
        if index < items.count, digests.digest(of: items[index]) == digest { return .same }
        if let now = items.indices.first(where: { digests.digest(of: items[$0]) == digest }) {
            var components = entity.components
            components[position] = .index(now)
            return .moved(FormPath(components))
        }
        // Changed where it was, in a list of the same length: the same item, edited; the
        // three-way merge of its fields says what each person changed.
        return items.count == drawnCount && index < items.count ? .same : .gone
    }

    /// The position in the path of its last collection index, and that index.
    private static func innermostItem(_ entity: FormPath) -> (position: Int, index: Int)? {
        for (position, component) in entity.components.enumerated().reversed() {
            if case .index(let index) = component { return (position, index) }
        }
        return nil
    }

    /// A save whose page's values changed since it was drawn: the item the page edits is
    /// found where it went (the conflict page is drawn for it there, saying so), or the
    /// user's values are shown to be made again if it is gone; nothing is written.
    func staleSave(
        _ entity: FormPath, pairs: [(name: String, value: String)], current: StoredValues, visitor: Visitor
    ) -> FormResponse {
        let identity = pairs.last { $0.name == Self.itemField }?.value
        var target = entity
        var notice: String?
        switch whereabouts(of: entity, identity: identity, in: current.values) {
        case .same: break
        case .moved(let now):
            target = now
            notice =
                "\(pageTitle(entity) ?? "This item") is now \(pageTitle(now) ?? "elsewhere"): someone moved it after you opened it. Your changes are compared with it there."
        case .gone:
            return itemGone(entity, pairs: pairs, current: current, visitor: visitor)
        }
        guard exists(target, in: current.values) else {
            return itemGone(entity, pairs: pairs, current: current, visitor: visitor)
        }
        let root = rootForm(current.values)
        switch access(to: target, from: root) {
        case nil: return Self.unreachable
        case .readOnly?: return Self.readOnlyRefusal
        case .editable?: break
        }
        let form = pageForm(target, of: root)
        let kept = applyingChoices(keepingSecrets(pairs, form: form), stored: form)
        return conflict(form, entity: target, pairs: kept, current: current, visitor: visitor, notice: notice)
    }

    /// 409 for a save to an item that is gone: the values the user sent, to make again.
    private func itemGone(
        _ entity: FormPath, pairs: [(name: String, value: String)], current: StoredValues, visitor: Visitor
    ) -> FormResponse {
        var w = HTMLWriter()
        w.raw("<div class=\"mf-conflict\">\n")
        w.element(
            "p",
            text:
                "Someone removed or changed this item after you opened it, so your changes were not saved. What you sent is below, to make again where it belongs."
        )
        w.raw(
            "\n<table class=\"mf-conflicts\"><thead><tr><th scope=\"col\">Field</th><th scope=\"col\">Yours</th></tr></thead><tbody>\n"
        )
        for pair in pairs where !pair.name.hasPrefix("_") && !pair.value.isEmpty {
            let field = URLEncodedForm.path(forName: pair.name).flatMap {
                try? configs.field(at: entity.appendingAll($0), in: typeName)
            }
            w.raw("<tr>")
            w.element("th", text: field?.title ?? pair.name) { $0.attribute("scope", "row") }
            w.element("td", text: field?.type == .password ? "••••••••" : pair.value) {
                $0.attribute("data-label", "Yours")
            }
            w.raw("</tr>\n")
        }
        w.raw("</tbody></table>\n")
        var back = parent(of: entity)
        while !exists(back, in: current.values) { back = parent(of: back) }
        let title = back.isRoot ? (configs[typeName]?.title ?? typeName) : (pageTitle(back) ?? back.description)
        w.raw("<p>")
        w.open("a")
        w.attribute("href", url(of: back))
        w.end()
        w.text("Back to \(title)")
        w.raw("</a></p>\n</div>\n")
        var page = renderer
        page.breadcrumbs = breadcrumbs(to: back)
        return html(
            page.document(title: "\(pageTitle(entity) ?? "This item"): changed by someone else", body: w.html),
            status: 409, visitor: visitor)
    }
}
