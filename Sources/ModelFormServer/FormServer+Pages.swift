import Foundation
import ModelForm
import ModelFormHTML

extension FormServer {
    /// `GET`: the page of an entity, with the CSRF field (and cookie, for a new visitor), the
    /// version shown, breadcrumbs and the message of a save just made.
    func show(_ entity: FormPath, request: FormRequest) async -> FormResponse {
        let stored: StoredValues
        do { stored = try await store.load() } catch {
            return internalError("The form's values cannot be read", error)
        }
        guard exists(entity, in: stored.values) else { return Self.plain(404, "Not found: there is no such item.") }
        let root = rootForm(stored.values)
        guard let access = access(to: entity, from: root) else { return Self.unreachable }
        var form = pageForm(entity, of: root, access: access)
        let visitor = Visitor(request)
        var notice = savedNotice(request.query, form: form) ?? pageNotice
        if access == .editable, let chosen = await choosingReturned(request.query, in: &form) { notice = chosen }
        return page(form, entity: entity, stored: stored, visitor: visitor, status: 200, notice: notice, access: access)
    }

    /// Whether the collection items on the way to an entity exist in the values.
    func exists(_ entity: FormPath, in values: FormValue) -> Bool {
        var prefix = FormPath()
        for component in entity.components {
            prefix = prefix.appending(component)
            if case .index = component, values[prefix] == nil { return false }
        }
        return true
    }

    /// A page's response: the form drawn with this server's chrome.
    func page(
        _ form: Form<FormValue>, entity: FormPath, stored: StoredValues, visitor: Visitor, status: Int,
        notice: String? = nil,
        access: PageAccess = .editable
    ) -> FormResponse {
        var renderer = formRenderer(
            form, entity: entity, version: stored.version, visitor: visitor, base: form.original, in: stored.values)
        renderer.breadcrumbs = breadcrumbs(to: entity)
        renderer.notice = notice
        return html(
            utf8: renderer.renderUTF8(tree(form, entity: entity, theme: renderer.theme, access: access)),
            status: status, visitor: visitor)
    }

    /// The renderer of a page's form: the form's cells, and as hidden fields the CSRF token,
    /// the version, the digests of `base` (the stored values the page was drawn from) and,
    /// on a collection item's page, the item's identity in the stored `values`.
    func formRenderer(
        _ form: Form<FormValue>, entity: FormPath, version: String, visitor: Visitor, base: FormValue,
        in values: FormValue
    ) -> HTMLRenderer {
        var renderer = renderer.adopting(form)
        renderer.hiddenFields = [
            (CSRFProtection.fieldName, csrf.token(for: visitor.nonce)), (Self.versionField, version),
            (Self.baseField, FormValueDigests.text(of: base, key: digestKey)),
        ]
        if let item = itemIdentity(of: entity, in: values) { renderer.hiddenFields.append((Self.itemField, item)) }
        renderer.hiddenFields += extraHiddenFields
        return renderer
    }

    /// A page's tree: related entities linked to their pages, stored secrets optional, and
    /// an optional relationship's Remove button (none on a read-only page).
    func tree(_ form: Form<FormValue>, entity: FormPath, theme: Theme, access: PageAccess = .editable) -> FormNode {
        var tree = form.tree(theme: theme) { _, path in url(of: entity.appendingAll(path)) }.keepingStoredSecrets()
        if let lookupLink {
            var linker = LookupLinker(link: lookupLink, lookups: recordLookups, page: url(of: entity))
            tree = linker.rewriteForm(tree)
            tree.hasFindBox = linker.drewFindBox
        }
        if isOptionalRelationship(entity), access == .editable {
            tree.actions.append(
                Field(key: nil, type: .action, title: "Remove \(pageTitle(entity) ?? "")", action: Self.clearAction))
        }
        return tree
    }

    /// The hidden field that carries the version a page showed.
    static let versionField = "_version"

    /// The trail of links from the form's root to the entity's parent (collections have no
    /// page of their own: their items do).
    func breadcrumbs(to entity: FormPath) -> [(title: String, href: String)] {
        guard !entity.isRoot else { return outerBreadcrumbs }
        var trail = outerBreadcrumbs + [(title: configs[typeName]?.title ?? typeName, href: url(of: FormPath()))]
        for length in 1..<entity.components.count {
            let prefix = FormPath(Array(entity.components.prefix(length)))
            guard let title = pageTitle(prefix) else { continue }
            trail.append((title: title, href: url(of: prefix)))
        }
        return trail
    }

    /// The title of an entity's page in a trail (`Address`, `Friend 3`); `nil` for a path
    /// without a page (a collection).
    func pageTitle(_ entity: FormPath) -> String? {
        guard let field = try? configs.field(at: entity, in: typeName) else { return nil }
        if case .index(let index) = entity.last {
            let collection = entity.parent.flatMap { try? configs.field(at: $0, in: typeName) }
            return ItemTitles.numbered(collection?.title ?? field.title, index: index)
        }
        switch field.shape {
        case .records, .items, .positions, .entries, .alternatives: return nil  // a collection: items have pages
        case .record, .single: return field.title
        }
    }

    /// `Saved: Email, Age.` for `?saved=email,age` (names of this page's fields only; anything
    /// else in the query is ignored).
    func savedNotice(_ query: String, form: Form<FormValue>) -> String? {
        for pair in URLEncodedForm.pairs(query) where pair.name == "saved" {
            let titles = pair.value.split(separator: ",").compactMap { name -> String? in
                guard let path = try? FormPath(parsing: String(name)), let field = try? form.field(at: path) else {
                    return nil
                }
                return field.title
            }
            return titles.isEmpty ? "Saved: nothing changed." : "Saved: \(titles.joined(separator: ", "))."
        }
        return nil
    }

    /// The CSRF cookie.
    func cookie(_ nonce: String) -> String {
        "\(CSRFProtection.cookieName)=\(nonce); Path=\(cookiePath ?? (mount.isEmpty ? "/" : mount)); SameSite=Lax; HttpOnly"
            + (secureCookies ? "; Secure" : "")
    }

    /// Who is asking: their CSRF nonce (from the cookie, or a new one).
    struct Visitor {
        var nonce: String
        var isNew: Bool

        init(_ request: FormRequest) {
            if let nonce = request.cookie(CSRFProtection.cookieName), !nonce.isEmpty, nonce.count <= 64 {
                self.nonce = nonce
                isNew = false
            } else {
                nonce = CSRFProtection.nonce()
                isNew = true
            }
        }
    }
}

extension FormPath {
    /// This path followed by another's components.
    func appendingAll(_ other: FormPath) -> FormPath { FormPath(components + other.components) }
}

/// Gives each lookup whose value is a record's id the link to that record's page, and each
/// chosen record of a to-many lookup the link to its own.
struct LookupLinker: FormTreeRewriter {
    let link: @Sendable (_ typeName: String, _ id: Int64) -> String?
    let lookups: RecordLookups?
    /// The URL of the page drawn (where a new record comes back to).
    let page: String
    private(set) var drewFindBox = false

    init(
        link: @escaping @Sendable (_ typeName: String, _ id: Int64) -> String?, lookups: RecordLookups?, page: String
    ) {
        self.link = link
        self.lookups = lookups
        self.page = page
    }

    mutating func rewriteRow(_ row: RowNode) -> RowNode {
        var row = rewriteChildren(of: row)
        guard let target = row.context.field.lookup else { return row }
        if let lookups, let typeTitle = lookups.typeTitles[target], !row.context.field.readOnly {
            let finds = lookups.finding.contains(target)
            row.context.lookupActions = CellContext.LookupActions(
                typeTitle: typeTitle, finds: finds,
                newRecord: lookups.newRecordURL(target, back: page, lookup: row.context.inputName))
            drewFindBox = drewFindBox || finds
        }
        LookupLinks(link: link).linking(&row.context)
        return row
    }
}
