import Crypto
import Foundation
import ModelForm
import ModelFormHTML

extension FormServer {
    /// The hidden field that carries a digest of every value the page was drawn from (its
    /// ``FormValueDigests``): on a conflict it tells which fields this user changed.
    static let baseField = "_base"

    /// The key of the page's digests, derived from the CSRF secret.
    var digestKey: SymmetricKey { csrf.pageDigestKey }

    /// A save against values changed since the page was drawn: nothing is written. A
    /// three-way merge, as Git's and Django's merge tools do: the page's own values (its
    /// `_base` digests) against the user's and the stored ones. A field only the other
    /// person changed keeps the stored value, one only this user changed keeps theirs, and
    /// only a field both changed asks, with the stored value chosen until the user picks
    /// theirs. A list the other person changed is one unit (its items have no identity but
    /// their place, which their change may have moved): kept as stored, and where this user
    /// changed it too, their items are listed to be made again. The page lists every
    /// differing field and draws the form with exactly the values the table says are kept
    /// and the current version: sending it saves what was chosen.
    func conflict(
        _ form: Form<FormValue>, entity: FormPath, pairs: [(name: String, value: String)], current: StoredValues,
        visitor: Visitor, notice: String? = nil
    ) -> FormResponse {
        let theirs = pageForm(entity, in: current.values)
        // The user's values: the page's pairs, and the list change its button asked for.
        let submitted = pairs.filter { $0.name != FormSession.actionFieldName || Self.changesAList($0.value) }
        var mine = theirs
        _ = try? mine.apply(pairs: submitted)
        let key = digestKey
        let base = pairs.last { $0.name == Self.baseField }.map { FormValueDigests(parsing: $0.value, key: key) }
        var rows: [ConflictRow] = []
        for change in ConflictRow.changes(theirs.displayedValues, mine.displayedValues, base: base) {
            // Without the page's digests every difference asks; with them, a path the page
            // had no value at was empty when it was drawn.
            let baseDigest = base.map { $0.digest(at: change.path) ?? $0.digest(of: .null) }
            let userChanged = baseDigest == nil || base?.digest(of: change.new) != baseDigest
            let otherChanged = baseDigest == nil || base?.digest(of: change.old ?? .null) != baseDigest
            let kind: ConflictRow.Kind = userChanged && otherChanged ? .both : userChanged ? .yours : .stored
            rows.append(
                ConflictRow(
                    change: change, kind: kind, isList: Self.isList(change.new) || change.old.map(Self.isList) == true))
        }
        // What is kept as stored is drawn as stored: what only the other person changed, and
        // a list both changed.
        for row in rows where row.keepsStored {
            try? mine.setValue(row.change.old ?? .null, at: row.change.path)
        }
        var w = HTMLWriter()
        w.raw("<div class=\"mf-conflict\">\n")
        if let notice { w.element("p", text: notice) { $0.attribute("class", "mf-notice") } }
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
        var renderer = formRenderer(
            mine, entity: entity, version: current.version, visitor: visitor, base: theirs.values, in: current.values)
        renderer.standalone = false
        renderer.prelude = w.html
        renderer.action = url(of: entity)
        let body = renderer.form(tree(mine, entity: entity, theme: renderer.theme))
        var page = self.renderer
        page.breadcrumbs = breadcrumbs(to: entity)
        return html(
            page.document(title: "\(form.config.title): changed by someone else", body: body), status: 409,
            visitor: visitor)
    }

    private static func isList(_ value: FormValue) -> Bool {
        if case .list = value { return true }
        return false
    }

    /// Whether a button's action adds, removes or moves a collection's item or a map's entry.
    static func changesAList(_ action: String) -> Bool { FormAction(parsing: action).collectionPath != nil }

    /// One differing field of a conflict, and who changed it since the page was drawn.
    struct ConflictRow {
        enum Kind { case both, yours, stored }
        var change: FormChange
        var kind: Kind
        /// Whether the row is a whole list.
        var isList: Bool

        /// Whether the conflict page draws the stored value: only the other person changed
        /// it, or it is a list both changed.
        var keepsStored: Bool { kind == .stored || (kind == .both && isList) }

        /// The differences between the stored values and the user's, as
        /// `FormChange.between` finds them, except that a list the other person
        /// changed since the page was drawn (its digest is not the page's) is one
        /// difference: its items' places may have moved under the user's.
        static func changes(_ stored: FormValue, _ mine: FormValue, base: FormValueDigests?) -> [FormChange] {
            FormChange.between(stored, mine) { path, stored in
                base.map { $0.digest(at: path) != $0.digest(of: stored) } ?? false
            }
        }
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
            w.raw("<tr>")
            w.element("th", text: field?.title ?? row.change.path.description) { $0.attribute("scope", "row") }
            valueCell(row.change.old, field: field, label: "Stored now", display: display, into: &w)
            valueCell(row.change.new, field: field, label: "Yours", display: display, into: &w)
            w.open("td")
            w.attribute("data-label", "Keep")
            w.end()
            switch row.kind {
            case .stored: w.text("Stored (you did not change it)")
            case .yours: w.text("Yours (only you changed it)")
            case .both where row.isList:
                w.text("Stored: you both changed it. Your items are under Yours; make your changes again below.")
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

extension FormServer {
    /// A value in the conflict table: as the form displays it (never a password), and a
    /// list's items one by one, so that a person can make their change again.
    fileprivate func valueCell(
        _ value: FormValue?, field: Field?, label: String, display: FieldDisplay, into w: inout HTMLWriter
    ) {
        w.open("td")
        w.attribute("data-label", label)
        w.end()
        switch (value, field) {
        case (nil, _): w.text("—")
        case (_, let field?) where field.type == .password: w.text("••••••••")
        case (.list(let items)?, let field?) where field.itemField != nil:
            w.text(display.display(.list(items), for: field))
            let itemField = field.itemField ?? field
            if !items.isEmpty {
                w.raw("<ol>")
                for item in items {
                    let text = Self.summary(item, of: itemField, display)
                    w.element("li", text: text.isEmpty ? "(empty)" : text)
                }
                w.raw("</ol>")
            }
        case (let value?, let field?): w.text(display.display(value, for: field))
        case (let value?, nil): w.text(value.plainText)
        }
        w.close("td")
    }
}

/// A short digest of every value of a tree by path (each leaf, and each list as a whole),
/// carried by a page in a hidden field: sent back with a stale save, it tells which fields
/// the user changed without the server keeping the values each page was drawn from. The
/// digests are keyed with the server's secret (SipHash-2-4 of a canonical text, with a key
/// derived from the CSRF secret): the page reveals nothing of a value it does not show (a
/// password, a PIN, an excluded field) even to a guess checked offline, and instances that
/// share the secret agree. 8 characters each.
struct FormValueDigests {
    private var byPath: [String: String] = [:]
    private let function: SipHash24

    /// No digests yet: ``digest(of:)`` for single values.
    init(key: SymmetricKey) { function = SipHash24(key: key) }

    /// The digests a page sent back (`path=digest` pairs separated by `&`); unreadable
    /// entries are left out.
    init(parsing text: String, key: SymmetricKey) {
        function = SipHash24(key: key)
        for pair in URLEncodedForm.pairs(text) where pair.value.count == 8 { byPath[pair.name] = pair.value }
    }

    /// The page's field of `values`: `path=digest` pairs separated by `&`, in the values'
    /// order, written as they are made (a page of 1,000 fields carries 1,000).
    static func text(of values: FormValue, key: SymmetricKey) -> String {
        let digests = FormValueDigests(key: key)
        // Bytes, made a string once: appending to a `String` cost about 340 instructions a
        // call, four calls a value (callgrind).
        var text: [UInt8] = []
        var canonical: [UInt8] = []
        digests.collect(values, at: "", into: &text, canonical: &canonical)
        return String(decoding: text, as: UTF8.self)
    }

    /// The digest at a path, if the page had a value there.
    func digest(at path: FormPath) -> String? { byPath[path.description] }

    /// Adds the digests of `value` and what it holds; `name` is its path's description,
    /// percent-encoded (a path's description is its components' parts in turn, and so is
    /// its encoding: no path is made or encoded whole for each value).
    private func collect(_ value: FormValue, at name: String, into text: inout [UInt8], canonical: inout [UInt8]) {
        func childName(_ component: FormPath.Component) -> String {
            var part = ""
            FormPath.appendDescription(of: component, first: name.isEmpty, to: &part)
            return name + URLEncodedForm.encode(part)
        }
        switch value {
        case .record(let record):
            for (key, field) in zip(record.keys, record.values) {
                collect(field, at: childName(.key(key)), into: &text, canonical: &canonical)
            }
            return
        case .list(let items):
            for (index, item) in items.enumerated() {
                collect(item, at: childName(.index(index)), into: &text, canonical: &canonical)
            }
        default: break
        }
        if !text.isEmpty { text.append(UInt8(ascii: "&")) }
        text.append(contentsOf: name.utf8)
        text.append(UInt8(ascii: "="))
        appendDigest(of: value, to: &text, canonical: &canonical)
    }

    /// 8 characters of the keyed SipHash-2-4 of the value's canonical text (its first 6
    /// bytes, little-endian), in base64's URL alphabet (`-` and `_`: a `+` would read back
    /// as a space from the form's body).
    func digest(of value: FormValue) -> String {
        var canonical: [UInt8] = []
        var digest: [UInt8] = []
        appendDigest(of: value, to: &digest, canonical: &canonical)
        return String(decoding: digest, as: UTF8.self)
    }

    /// Appends ``digest(of:)``'s characters to `text`; `canonical` is the canonical text's
    /// buffer, reused across values.
    private func appendDigest(of value: FormValue, to text: inout [UInt8], canonical: inout [UInt8]) {
        canonical.removeAll(keepingCapacity: true)
        Self.canonical(value, into: &canonical)
        let code = canonical.withUnsafeBytes { function.hash($0) }
        // The code's first 6 bytes as one 48-bit number, byte 0 highest: base64's order.
        let bits = (code & 0xFFFF_FFFF_FFFF).byteSwapped >> 16
        for index in 0..<8 { text.append(Self.urlBase64[Int(bits >> (42 - 6 * index) & 0x3F)]) }
    }

    /// Base64's alphabet for URLs, by value.
    private static let urlBase64 = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)

    /// The canonical text: a letter for the kind, then the value (`i42;`, `s3:Ada`,
    /// `[2s1:as1:b]`, `{1k4:names3:Ada}`; a record's keys without a value are left out).
    private static func canonical(_ value: FormValue, into text: inout [UInt8]) {
        func add(_ kind: Unicode.Scalar, _ value: String, _ end: Unicode.Scalar) {
            add(kind, value)
            add(end)
        }
        func add(_ kind: Unicode.Scalar, _ string: String) {
            add(kind)
            text.append(contentsOf: string.utf8)
        }
        func add(_ scalar: Unicode.Scalar) { text.append(UInt8(ascii: scalar)) }
        /// `s5:hello`: the text's length in bytes, then the text.
        func counted(_ kind: Unicode.Scalar, _ string: String) {
            add(kind, String(string.utf8.count), ":")
            text.append(contentsOf: string.utf8)
        }
        switch value {
        case .null: add("n", "", ";")
        case .bool(let flag): add(flag ? "T" : "F", "", ";")
        case .int(let number): add("i", String(number), ";")
        case .uint(let number): add("u", String(number), ";")
        case .double(let number): add("d", String(number.bitPattern), ";")
        case .decimal(let number): add("m", "\(number)", ";")
        case .string(let string): counted("s", string)
        case .date(let date): add("t", String(date.timeIntervalSince1970.bitPattern), ";")
        case .data(let data): add("b", data.base64EncodedString(), ";")
        case .list(let items):
            add("[", String(items.count))
            for item in items { canonical(item, into: &text) }
            add("]")
        case .record(let record):
            // A key without a value is the same to a form as no key.
            let kept = zip(record.keys, record.values).filter { $0.1 != .null }
            add("{", String(kept.count))
            for (key, child) in kept {
                counted("k", key)
                canonical(child, into: &text)
            }
            add("}")
        }
    }
}
