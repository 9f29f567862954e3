import ModelForm

/// HTML: user text is escaped for both text and attribute contexts; cells write into an
/// ``HTMLWriter``.
public enum HTMLFormat: OutputFormat {
    public typealias Writer = HTMLWriter
    public static let name = "html"
    public static func escape(_ text: String) -> String { HTMLEscaping.html(text) }

    /// `markup.attributes` for cell layout templates: the control's `id`, `name`,
    /// `required`, `readonly` and ARIA attributes, as the built-in controls write them.
    public static func templateMarkup(for context: CellContext) -> [String: String] {
        var w = HTMLWriter(capacity: 160)
        w.commonAttributes(context, readOnlyAttribute: "disabled")
        let attributes = w.html
        return ["attributes": attributes.hasPrefix(" ") ? String(attributes.dropFirst()) : attributes]
    }
}

/// Element ids: the HTML module owns them.
public enum HTMLIDs {
    /// A document-unique id for a path: `f-address-street`, `f-friends-0-name`; a button's
    /// from its action: `f-save`.
    public static func id(for path: FormPath, field: Field? = nil) -> String {
        if path.isRoot { return "f-" + (field?.action ?? "form").map { $0.isLetter || $0.isNumber ? $0 : "-" }.map(String.init).joined() }
        var id = "f"
        for component in path.components {
            id += "-"
            switch component {
            case .key(let key):
                if key.utf8.allSatisfy({ ($0 >= 0x30 && $0 <= 0x39) || ($0 >= 0x41 && $0 <= 0x5A) || ($0 >= 0x61 && $0 <= 0x7A) || $0 == 0x5F }) {
                    id += key
                } else {
                    for character in key { id.append(character.isLetter || character.isNumber || character == "_" ? character : "-") }
                }
            case .index(let index): id += String(index)
            }
        }
        return id
    }
}

extension CellContext {
    /// The id of the element holding the help text, for `aria-describedby`.
    public var helpID: String { inputID + "-help" }
    /// The id of the element holding the errors, for `aria-describedby`.
    public var errorID: String { inputID + "-error" }

    /// The context with its HTML id set (the renderer does this for every field).
    func identified() -> CellContext {
        var context = self
        if context.inputID.isEmpty { context.inputID = HTMLIDs.id(for: path, field: field) }
        return context
    }
}
