import ModelForm

/// Builds HTML elements with escaped attribute values; attributes with `nil` values are
/// left out, `""` gives a boolean attribute.
package enum HTMLTag {
    /// `<name a="v">` with every value escaped (names are ours, never user text).
    package static func open(_ name: String, _ attributes: [(String, String?)]) -> String {
        var tag = "<"
        tag.reserveCapacity(16 + attributes.count * 24)
        tag += name
        for (key, value) in attributes {
            guard let value else { continue }
            tag += " "
            tag += key
            if value.isEmpty && booleanAttributes.contains(key) { continue }
            tag += "=\""
            tag += HTMLEscaping.html(value)
            tag += "\""
        }
        tag += ">"
        return tag
    }

    /// `<name ...>content</name>`; `content` is already HTML.
    package static func element(_ name: String, _ attributes: [(String, String?)] = [], content: String) -> String {
        open(name, attributes) + content + "</\(name)>"
    }

    /// `<name ...>escaped text</name>`.
    package static func text(_ name: String, _ attributes: [(String, String?)] = [], _ text: String) -> String {
        element(name, attributes, content: HTMLEscaping.html(text))
    }

    static let booleanAttributes: Set<String> = [
        "required", "readonly", "disabled", "checked", "selected", "multiple", "hidden", "novalidate", "formnovalidate",
    ]

    /// `""` when the flag is set, else `nil` (for boolean attributes).
    package static func flag(_ on: Bool) -> String? { on ? "" : nil }
}
