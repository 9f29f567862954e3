import Foundation
import ModelForm

/// The built-in plain-text cells: one per kind of field, drawing the control only (the
/// label, marks, help and errors come from ``TextLayouts``). Every value is escaped for
/// the terminal.
public enum TextCells {
    public typealias TextCell = Cell<PlainTextFormat>
    static func e(_ text: String) -> String { TerminalEscaping.escape(text) }

    static func trimmingTrailingNewlines(_ text: String) -> String {
        guard text.last?.isNewline == true else { return text }
        var text = Substring(text)
        while text.last?.isNewline == true { text = text.dropLast() }
        return String(text)
    }

    /// Text-like values: the value, or the placeholder in parentheses.
    public static let value = TextCell(name: "text.value") { c in
        c.isEmpty ? c.field.placeholder.map { "(\(e($0)))" } ?? "" : e(trimmingTrailingNewlines(c.display))
    }

    /// A switch: `[x]` or `[ ]`.
    public static let toggle = TextCell(name: "text.toggle") { c in c.value == .bool(true) ? "[x]" : "[ ]" }

    /// Options: the chosen title and `>` (a picker), or every choice when `inline`.
    public static let options = TextCell(name: "text.options") { c in
        guard c.field.inline else {
            let shown = c.isEmpty ? c.field.placeholder.map { "(\(e($0)))" } ?? "(none)" : e(c.display)
            return shown + " >"
        }
        return c.choices.map { ($0.selected ? "(•) " : "( ) ") + e($0.title) }.joined(separator: "\n")
    }

    /// Multi-select and bitfield: every choice with a checkbox.
    public static let checklist = TextCell(name: "text.checklist") { c in
        c.choices.isEmpty
            ? "(no options)" : c.choices.map { ($0.selected ? "[x] " : "[ ] ") + e($0.title) }.joined(separator: "\n")
    }

    /// A union: the chosen alternative's title, then that alternative's row below it.
    public static let alternatives = TextCell(name: "text.alternatives") { c in
        let chosen = c.isEmpty ? "(none)" : e(c.display)
        guard let nested = c.nested, !nested.isEmpty else { return chosen }
        return chosen + "\n" + nested
    }

    /// A subform: drawn in place when inline, else its summary and `>`.
    public static let subform = TextCell(name: "text.subform") { c in
        if let nested = c.nested { return nested }
        return (c.isEmpty ? "(none)" : e(c.display)) + " >"
    }

    /// A collection (its numbered items) or a map (its key and value rows), or `(none)`.
    public static let collection = TextCell(name: "text.collection") { c in c.nested ?? "(none)" }

    /// A button.
    public static let button = TextCell(name: "text.button") { c in "[ \(e(c.field.title)) ]" }

    /// Drawn when nothing else matches.
    public static let unsupported = TextCell(name: "text.unsupported") { c in
        "(cannot show a \(e(c.field.type.rawValue)) field)"
    }

    /// The registry with every built-in text cell: made once, as every renderer starts from it.
    public static let standard: CellRegistry<PlainTextFormat> = .builtIn(
        fallback: value, unsupported: unsupported,
        cells: [
            .boolean: toggle, .option: toggle, .options: options, .multiSelect: checklist, .bitfield: checklist,
            .subform: subform, .collection: collection, .map: collection, .action: button,
            .alternatives: alternatives,
        ])
}
