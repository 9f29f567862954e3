import Foundation
import ModelForm

/// The built-in Markdown cells: each draws a field's value as one line of inline Markdown
/// (it may sit in a table cell), every user string escaped.
public enum MarkdownCells {
    /// A Markdown cell.
    public typealias MarkdownCell = Cell<MarkdownFormat>
    static func e(_ text: String) -> String { MarkdownEscaping.escape(text) }

    /// Text-like values (line breaks kept), or the placeholder in italics.
    public static let value = MarkdownCell(name: "markdown.value") { c in
        c.isEmpty ? c.field.placeholder.map { "_\(e($0))_" } ?? "" : MarkdownEscaping.escapeLines(c.display)
    }

    /// A switch: ✓ or ✗.
    public static let toggle = MarkdownCell(name: "markdown.toggle") { c in c.value == .bool(true) ? "✓" : "✗" }

    /// Options: the chosen title, or every choice when `inline`.
    public static let options = MarkdownCell(name: "markdown.options") { c in
        if c.field.lookup != nil, let link = c.link, !c.isEmpty {
            return "[\(e(c.display))](\(MarkdownLinks.destination(link)))"  // the record's document
        }
        guard c.field.inline else { return c.isEmpty ? c.field.placeholder.map { "_\(e($0))_" } ?? "" : e(c.display) }
        return c.choices.map { ($0.selected ? "◉ " : "○ ") + e($0.title) }.joined(separator: " · ")
    }

    /// Multi-select and bitfield: every choice with a check box.
    public static let checklist = MarkdownCell(name: "markdown.checklist") { c in
        c.choices.map { choice in
            // A to-many lookup's chosen records link to their documents.
            let title = choice.link.map { "[\(e(choice.title))](\(MarkdownLinks.destination($0)))" } ?? e(choice.title)
            return (choice.selected ? "☑ " : "☐ ") + title
        }.joined(separator: " · ")
    }

    /// A navigable subform: a link to its page, else its summary.
    public static let subform = MarkdownCell(name: "markdown.subform") { c in
        let text = c.isEmpty ? "none" : e(c.display)
        guard let link = c.link else { return text }
        return "[\(text)](\(MarkdownLinks.destination(link)))"
    }

    /// A collection or a map: its item or entry count (the items follow as blocks).
    public static let collection = MarkdownCell(name: "markdown.collection") { c in
        guard c.display.isEmpty else { return e(c.display) }
        switch c.field.shape {
        case .entries: return "no entries"
        case .records, .items, .positions, .record, .single, .alternatives:
            return c.field.type == .map ? "no entries" : "no items"
        }
    }

    /// A button, in bold.
    public static let button = MarkdownCell(name: "markdown.button") { c in "**\(e(c.field.title))**" }

    /// Drawn when nothing else matches.
    public static let unsupported = MarkdownCell(name: "markdown.unsupported") { c in
        "_cannot show a \(e(c.field.type.rawValue)) field_"
    }

    /// The registry with every built-in Markdown cell: made once, as every renderer starts
    /// from it.
    public static let standard: CellRegistry<MarkdownFormat> = .builtIn(
        fallback: value, unsupported: unsupported,
        cells: [
            .boolean: toggle, .option: toggle, .options: options, .multiSelect: checklist, .bitfield: checklist,
            .subform: subform, .collection: collection, .map: collection, .action: button,
        ])
}

/// Safe link destinations.
public enum MarkdownLinks {
    /// A destination that cannot break out of `(...)`: characters other than unreserved
    /// ones, `/`, `#`, `%`, `.` and `:` are percent-encoded; `javascript:` and other
    /// non-web schemes are refused (the link becomes `#`).
    public static func destination(_ link: String) -> String {
        let lower = link.lowercased()
        if let colon = lower.firstIndex(of: ":"), !lower[..<colon].contains("/") {
            let scheme = lower[..<colon]
            guard ["http", "https", "mailto"].contains(scheme) else { return "#" }
        }
        var result = ""
        for byte in link.utf8 {
            let c = Character(UnicodeScalar(byte))
            if c.isASCII, c.isLetter || c.isNumber || "-._~/#%:".contains(c) {
                result.append(c)
            } else {
                result += String(format: "%%%02X", byte)
            }
        }
        return result
    }
}
