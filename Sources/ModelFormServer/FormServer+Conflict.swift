import Crypto
import Foundation
import ModelForm
import ModelFormHTML

extension FormServer {
    /// The hidden field that carries a digest of every value the page was drawn from (its
    /// ``FormValueDigests``): on a conflict it tells which fields this user changed.
    static let baseField = "_base"

    /// The key of the page's digests, derived from the CSRF secret.
    var digestKey: SymmetricKey { csrf.derivedKey(for: "modelform page digests") }

    /// A save against values changed since the page was drawn: nothing is written. A
    /// three-way merge, as Git's and Django's merge tools do: the page's own values (its
    /// `_base` digests) against the user's and the stored ones. A field only the other
    /// person changed keeps the stored value, one only this user changed keeps theirs, and
    /// only a field both changed asks, with the stored value chosen until the user picks
    /// theirs. The page lists every differing field and draws the form with those values and
    /// the current version: sending it saves what was chosen.
    func conflict(
        _ form: Form<FormValue>, entity: FormPath, pairs: [(name: String, value: String)], current: StoredValues,
        visitor: Visitor
    ) -> FormResponse {
        let theirs = pageForm(entity, in: current.values)
        let submitted = pairs.filter { $0.name != "_action" }
        var mine = theirs
        _ = try? mine.apply(pairs: submitted)
        let key = digestKey
        let base = pairs.last { $0.name == Self.baseField }.map { FormValueDigests(parsing: $0.value, key: key) }
        let differences = FormChange.between(theirs.displayedValues, mine.displayedValues)
        var rows: [ConflictRow] = []
        for change in differences {
            // Without the page's digests every difference asks; with them, a path the page
            // had no value at was empty when it was drawn.
            let baseDigest = base.map { $0.digest(at: change.path) ?? $0.digest(of: .null) }
            let userChanged = baseDigest == nil || base?.digest(of: change.new) != baseDigest
            let otherChanged = baseDigest == nil || base?.digest(of: change.old ?? .null) != baseDigest
            let kind: ConflictRow.Kind = userChanged && otherChanged ? .both : userChanged ? .yours : .stored
            rows.append(ConflictRow(change: change, kind: kind))
        }
        // What only the other person changed is drawn as they saved it.
        let storedOnly = rows.filter { $0.kind == .stored }.map(\.change)
        if !storedOnly.isEmpty {
            mine = theirs
            let keep = storedOnly.map { (name: Self.keepField + $0.path.description, value: "stored") }
            if (try? mine.apply(pairs: applyingChoices(submitted + keep, stored: theirs))) != nil {
                for change in storedOnly where (try? mine.field(at: change.path)).map(Self.canChoose) != true {
                    try? mine.setValue(change.old ?? .null, at: change.path)
                }
            }
        }
        var w = HTMLWriter()
        w.raw("<div class=\"mf-conflict\">\n")
        w.element(
            "p",
            text:
                "Someone saved this form after you opened it, so your changes were not saved. Fields only they changed keep their values and fields only you changed keep yours; choose for the fields you both changed, then save again."
        )
        w.raw("\n")
        if rows.isEmpty {
            w.element("p", text: "Your values are the same as the stored ones.")
        } else {
            conflictTable(rows, form: theirs, into: &w)
        }
        w.raw("</div>\n")
        var renderer = formRenderer(mine, version: current.version, visitor: visitor, base: theirs.values)
        renderer.standalone = false
        renderer.prelude = w.html
        let body = renderer.form(tree(mine, entity: entity, theme: renderer.theme))
        var page = self.renderer
        page.breadcrumbs = breadcrumbs(to: entity)
        return html(
            page.document(title: "\(form.config.title): changed by someone else", body: body), status: 409,
            visitor: visitor)
    }

    /// One differing field of a conflict, and who changed it since the page was drawn.
    struct ConflictRow {
        enum Kind { case both, yours, stored }
        var change: FormChange
        var kind: Kind
    }

    /// The table of differing fields: stored value, the user's, and what is kept (a choice
    /// only where both changed it). Narrow screens draw each row as a block.
    private func conflictTable(_ rows: [ConflictRow], form: Form<FormValue>, into w: inout HTMLWriter) {
        let display = FieldDisplay(configs: configs, transformers: environment.transformers)
        w.raw(
            "<table class=\"mf-conflicts\"><thead><tr><th scope=\"col\">Field</th><th scope=\"col\">Stored now</th><th scope=\"col\">Yours</th><th scope=\"col\">Keep</th></tr></thead><tbody>\n"
        )
        for row in rows {
            let field = try? form.field(at: row.change.path)
            let shown: (FormValue?) -> String = { value in
                guard let value else { return "—" }
                if field?.type == .password { return "••••••••" }
                return field.map { display.display(value, for: $0) } ?? value.plainText
            }
            w.raw("<tr>")
            w.element("th", text: field?.title ?? row.change.path.description) { $0.attribute("scope", "row") }
            w.element("td", text: shown(row.change.old)) { $0.attribute("data-label", "Stored now") }
            w.element("td", text: shown(row.change.new)) { $0.attribute("data-label", "Yours") }
            w.open("td")
            w.attribute("data-label", "Keep")
            w.end()
            switch row.kind {
            case .stored: w.text("Stored (you did not change it)")
            case .yours: w.text("Yours (only you changed it)")
            case .both:
                if let field, Self.canChoose(field) {
                    let name = Self.keepField + row.change.path.description
                    for (value, title) in [("stored", "Stored"), ("mine", "Yours")] {
                        w.raw("<label>")
                        w.open("input")
                        w.attribute("type", "radio")
                        w.attribute("name", name)
                        w.attribute("value", value)
                        w.flag("checked", value == "stored")
                        w.end()
                        w.text(" " + title)
                        w.raw("</label> ")
                    }
                } else {
                    w.text("Both changed it: edit the field below.")
                }
            }
            w.raw("</td></tr>\n")
        }
        w.raw("</tbody></table>\n")
    }
}

/// A short digest of every value of a tree by path (each leaf, and each list as a whole),
/// carried by a page in a hidden field: sent back with a stale save, it tells which fields
/// the user changed without the server keeping the values each page was drawn from. The
/// digests are keyed with the server's secret (HMAC-SHA256 of a canonical text, with a key
/// derived from the CSRF secret): the page reveals nothing of a value it does not show (a
/// password, a PIN, an excluded field) even to a guess checked offline, and instances that
/// share the secret agree. 8 characters each.
struct FormValueDigests {
    private var byPath: [String: String] = [:]
    private let key: SymmetricKey

    /// The digests of `values`.
    init(_ values: FormValue, key: SymmetricKey) {
        self.key = key
        collect(values, at: FormPath())
    }

    /// The digests a page sent back (`path=digest` pairs separated by `&`); unreadable
    /// entries are left out.
    init(parsing text: String, key: SymmetricKey) {
        self.key = key
        for pair in URLEncodedForm.pairs(text) where pair.value.count == 8 { byPath[pair.name] = pair.value }
    }

    /// The field's text.
    var text: String {
        byPath.sorted { $0.key < $1.key }.map { URLEncodedForm.encode($0.key) + "=" + $0.value }.joined(separator: "&")
    }

    /// The digest at a path, if the page had a value there.
    func digest(at path: FormPath) -> String? { byPath[path.description] }

    private mutating func collect(_ value: FormValue, at path: FormPath) {
        switch value {
        case .record(let record):
            for (key, child) in record.pairs { collect(child, at: path.appending(key: key)) }
        case .list(let items):
            byPath[path.description] = digest(of: value)
            for (index, item) in items.enumerated() { collect(item, at: path.appending(.index(index))) }
        default:
            byPath[path.description] = digest(of: value)
        }
    }

    /// 8 characters of the keyed HMAC-SHA256 of the value's canonical text, in base64's URL
    /// alphabet (`-` and `_`: a `+` would read back as a space from the form's body).
    func digest(of value: FormValue) -> String {
        var text = ""
        Self.canonical(value, into: &text)
        let code = HMAC<SHA256>.authenticationCode(for: Array(text.utf8), using: key)
        let base64 = Data(code).base64EncodedString().prefix(8)
        return String(base64.map { $0 == "+" ? "-" : $0 == "/" ? "_" : $0 })
    }

    private static func canonical(_ value: FormValue, into text: inout String) {
        switch value {
        case .null: text += "n;"
        case .bool(let flag): text += flag ? "T;" : "F;"
        case .int(let number): text += "i\(number);"
        case .uint(let number): text += "u\(number);"
        case .double(let number): text += "d\(number.bitPattern);"
        case .decimal(let number): text += "m\(number);"
        case .string(let string): text += "s\(string.utf8.count):\(string)"
        case .date(let date): text += "t\(date.timeIntervalSince1970.bitPattern);"
        case .data(let data): text += "b\(data.base64EncodedString());"
        case .list(let items):
            text += "[\(items.count)"
            for item in items { canonical(item, into: &text) }
            text += "]"
        case .record(let record):
            text += "{\(record.pairs.count)"
            for (key, child) in record.pairs {
                text += "k\(key.utf8.count):\(key)"
                canonical(child, into: &text)
            }
            text += "}"
        }
    }
}
