import Foundation
import ModelForm

/// The built-in HTML cells: real form controls whose names follow the bracket convention
/// the submission parser reads, with types and attributes from the field, its traits and
/// its rules. They draw the control only; ``HTMLLayouts`` draws the label, help and errors.
public enum HTMLCells {
    /// An HTML cell.
    public typealias HTMLCell = Cell<HTMLFormat>

    /// `<input>` of the type that fits the field.
    public static let input = writing("html.input", writeInput)

    static func writeInput(_ c: CellContext, _ w: inout HTMLWriter) {
        let field = c.field
        var kind = HTMLInputKind(field.type)
        if c.isRawInput, !HTMLInputValues.fits(c.inputValue, kind: kind) { kind = .text }
        w.raw(kind.inputOpening)
        w.commonAttributes(c, field: field)
        if kind != .password { w.attribute("value", c.inputValue) }
        w.attribute("placeholder", field.placeholder)
        switch kind {
        case .number: w.numberRules(field)
        case .time, .dateTimeLocal: w.attribute("step", "1")
        case .text, .email, .url, .tel, .password: w.textRules(field)
        default: break
        }
        w.traitAttributes(field, kind: kind)
        let suggestions = kind.takesSuggestions && !field.readOnly ? field.offeredSuggestions : []
        if !suggestions.isEmpty { w.attribute("list", c.suggestionsID) }
        w.end()
        if !suggestions.isEmpty { w.suggestions(suggestions, id: c.suggestionsID) }
    }

    /// `<textarea>` for long text.
    public static let textArea = writing("html.textarea", writeTextArea)

    static func writeTextArea(_ c: CellContext, _ w: inout HTMLWriter) {
        let field = c.field
        w.open("textarea")
        w.attribute("rows", constant: "4")
        w.commonAttributes(c, field: field)
        w.attribute("placeholder", field.placeholder)
        w.textRules(field)
        w.traitAttributes(field, kind: .textarea)
        w.end()
        w.text(c.inputValue)
        w.close("textarea")
    }

    /// `<textarea>` for free JSON: the value indented, a line per row (3 to 20 rows), no
    /// spelling checks. Blank text is JSON's `null`, so it is never `required`.
    public static let jsonArea = writing("html.json", writeJSONArea)

    static func writeJSONArea(_ c: CellContext, _ w: inout HTMLWriter) {
        let field = c.field
        let lines = c.inputValue.utf8.lazy.filter { $0 == 0x0A }.count + 1
        w.open("textarea")
        w.attribute("class", constant: "mf-json")
        w.attribute("rows", String(min(max(lines, 3), 20)))
        w.attribute("id", c.inputID)
        w.attribute("name", c.inputName)
        w.flag("readonly", field.readOnly)
        w.describedBy(c, field: field)
        w.attribute("spellcheck", constant: "false")
        w.attribute("placeholder", field.placeholder)
        w.end()
        w.text(c.inputValue)
        w.close("textarea")
    }

    /// A checkbox with a hidden companion, so an unchecked box still submits `false`.
    public static let checkbox = writing("html.checkbox", writeCheckbox)

    static func writeCheckbox(_ c: CellContext, _ w: inout HTMLWriter) {
        let field = c.field
        if !field.readOnly {
            w.raw("<input type=\"hidden\" name=\"")
            w.text(c.inputName)
            w.raw("\" value=\"false\">")
        }
        w.raw("<input type=\"checkbox\"")
        w.commonAttributes(c, field: field, readOnlyAttribute: "disabled")
        w.raw(c.value == .bool(true) ? " value=\"true\" checked>" : " value=\"true\">")
    }

    /// `<select>` offering exactly the options, with the placeholder as an empty first
    /// option when the field has one (FXForms' option list); radio buttons when `inline`.
    /// A lookup whose chosen record has a page (``/ModelForm/CellContext/link``) links to it.
    public static let select = writing("html.select", writeSelect)

    static func writeSelect(_ c: CellContext, _ w: inout HTMLWriter) {
        let field = c.field
        if field.inline { return writeChoiceGroup(c, &w) }
        w.open("select")
        w.commonAttributes(c, field: field, readOnlyAttribute: "disabled")
        w.end()
        if let placeholder = field.placeholder {
            // An empty placeholder (an enum whose values include "") still needs a text: the
            // Nu checker refuses an empty option without a label.
            if placeholder.isEmpty {
                w.raw(HTMLGlyphs.emptyOption)
            } else {
                w.element("option", text: placeholder) { $0.attribute("value", "") }
            }
        } else if c.isRequired, !field.readOnly {
            // A required select's first option must be an empty choice (HTML), so nothing is chosen by accident.
            w.raw(HTMLGlyphs.emptyOption)
        }
        for choice in c.choices {
            w.raw("<option value=\"")
            w.text(choice.value)
            w.raw(choice.selected ? "\" selected>" : "\">")
            // A choice of the empty string (an enum `["", age, gpg]`) is named, not blank.
            w.text(choice.title.isEmpty ? "(empty)" : choice.title)
            w.raw("</option>")
        }
        w.raw("</select>")
        if let link = c.link, field.lookup != nil, !c.display.isEmpty {
            w.raw(" ")
            w.element("a", text: "Open \(c.display)") {
                $0.attribute("href", HTMLLinks.safe(link))
                $0.attribute("class", "mf-link")
            }
        }
        writeLookupActions(c, &w)
    }

    /// Radio buttons (inline options) or checkboxes (multi-select, bitfield), one label each.
    public static let choiceGroup = writing("html.choices", drawsGroup: true, writeChoiceGroup)

    static func writeChoiceGroup(_ c: CellContext, _ w: inout HTMLWriter) {
        let field = c.field
        let type = field.type == .options ? "radio" : "checkbox"
        for choice in c.choices {
            let id = "\(c.inputID)-\(choice.index)"
            w.raw("<span class=\"mf-choice\">")
            w.open("input")
            w.attribute("type", type)
            w.attribute("id", id)
            w.attribute("name", c.inputName)
            w.attribute("value", choice.value)
            w.flag("checked", choice.selected)
            w.flag("required", type == "radio" && c.isRequired)
            w.flag("disabled", field.readOnly)
            w.describedBy(c, field: field)
            w.end()
            w.element("label", text: choice.title) { $0.attribute("for", id) }
            if let link = choice.link {
                // A to-many lookup's chosen record, navigable as a lookup's is.
                w.raw(" ")
                w.element("a", text: "Open \(choice.title)") {
                    $0.attribute("href", HTMLLinks.safe(link))
                    $0.attribute("class", "mf-link")
                }
            }
            w.raw("</span>")
        }
        writeLookupActions(c, &w)
    }

    /// A file input for images, with the current image's size.
    public static let file = writing("html.file", writeFile)

    static func writeFile(_ c: CellContext, _ w: inout HTMLWriter) {
        w.open("input")
        w.attribute("type", "file")
        w.attribute("accept", "image/*")
        w.commonAttributes(c, readOnlyAttribute: "disabled")
        w.end()
        if !c.isEmpty { w.element("span", text: "Current: " + c.display) { $0.attribute("class", "mf-current") } }
    }

    /// A read-only value, as `<output>` (a labelable element).
    public static let output = writing("html.output", writeOutput)

    static func writeOutput(_ c: CellContext, _ w: inout HTMLWriter) {
        w.element("output", text: c.display) {
            $0.attribute("id", c.inputID)
            $0.describedBy(c, field: c.field)
        }
    }

    /// A subform: drawn in place when inline, else a link to its page (or its summary).
    public static let subform = HTMLCell(name: "html.subform") { c, w in
        if let nested = c.nested { return w.raw(nested) }
        let text = c.isEmpty ? "None" : c.display
        guard let link = c.link else {
            return w.element("output", text: text) { $0.attribute("id", c.inputID) }
        }
        w.element("a", text: text) {
            $0.attribute("id", c.inputID)
            $0.attribute("href", HTMLLinks.safe(link))
            $0.attribute("class", "mf-link")
        }
    }

    /// A union: a `<select>` of its alternatives named `_choice:` and the union's path, a
    /// Switch button that draws the page again with the one chosen (no script needed), then
    /// the chosen alternative's row, drawn by the renderer. Read-only: the chosen title.
    public static let alternatives = HTMLCell(name: "html.alternatives") { c, w in
        if c.field.readOnly {
            writeOutput(c, &w)
        } else {
            w.open("select")
            w.attribute("id", c.inputID)
            w.attribute("name", FormSession.choiceFieldPrefix + c.inputName)
            w.describedBy(c, field: c.field)
            w.end()
            for choice in c.choices {
                w.element("option", text: choice.title) {
                    $0.attribute("value", choice.value)
                    $0.flag("selected", choice.selected)
                }
            }
            w.close("select")
            w.raw(" ")
            writeRedrawButton("Switch", class: "mf-switch", into: &w)
        }
        w.raw(c.nested ?? "")
    }

    /// A collection or a map: its items or entries and buttons, drawn by the renderer.
    public static let collection = HTMLCell(name: "html.collection") { c, w in w.raw(c.nested ?? "") }

    /// A submit button whose value is the action, styled by its role: the form's primary
    /// action (an action's context has the value `true` when it is the primary one) filled,
    /// reset, clear, delete and remove as destructive, the others (cancel included) secondary.
    public static let button = HTMLCell(name: "html.button") { c, w in
        let action = c.field.action ?? "save"
        let role =
            c.value == .bool(true)
            ? "mf-primary" : ["reset", "clear", "delete", "remove"].contains(action) ? "mf-danger" : "mf-secondary"
        w.element("button", text: c.field.title) {
            $0.attribute("type", "submit")
            $0.attribute("name", FormSession.actionFieldName)
            $0.attribute("value", action)
            $0.attribute("id", c.inputID)
            $0.attribute("class", "mf-button " + role)
            $0.flag("formnovalidate", action == "cancel" || action == "reset")
        }
    }

    /// Drawn when nothing else matches.
    public static let unsupported = HTMLCell(name: "html.unsupported") { c, w in
        w.element("output", text: "Cannot show a \(c.field.type.rawValue) field") { $0.attribute("id", c.inputID) }
    }

    /// A cell drawn by a writer function.
    static func writing(
        _ name: String, drawsGroup: Bool = false, _ write: @escaping @Sendable (CellContext, inout HTMLWriter) -> Void
    ) -> HTMLCell {
        HTMLCell(name: name, drawsGroup: drawsGroup, write: write)
    }

    /// The `type` of an `<input>` for a field.
    package static func inputType(_ field: Field) -> String { HTMLInputKind(field.type).name.description }

    /// The registry with every built-in HTML cell: made once, as every renderer starts from it
    /// (making it costs about 300,000 instructions, 2% of a 1,000-field render).
    public static let standard: CellRegistry<HTMLFormat> = {
        var registry = CellRegistry<HTMLFormat>.builtIn(
            fallback: input, unsupported: unsupported,
            cells: [
                .longText: textArea, .boolean: checkbox, .option: checkbox, .options: select, .multiSelect: choiceGroup,
                .bitfield: choiceGroup, .image: file, .label: output, .subform: subform, .collection: collection,
                .map: collection, .action: button, .json: jsonArea, .alternatives: alternatives,
            ])
        registry.register(choiceGroup, named: "radios", origin: "built-in")
        return registry
    }()
}

/// Safe link targets.
package enum HTMLLinks {
    /// `link` unless its scheme is not http(s), mailto or relative (no `javascript:`), else `#`.
    package static func safe(_ link: String) -> String {
        // Nothing to trim when it starts and ends with a visible ASCII character (the usual
        // case; the set below is made afresh at each use).
        let visible = UInt8(0x21)...0x7E
        let trimmed =
            link.utf8.first.map(visible.contains) == true && link.utf8.last.map(visible.contains) == true
            ? link : link.trimmingCharacters(in: .whitespacesAndNewlines.union(.controlCharacters))
        guard let colon = trimmed.firstIndex(of: ":") else { return trimmed }
        let scheme = trimmed[..<colon].lowercased()
        if scheme.contains("/") || scheme.contains("?") || scheme.contains("#") { return trimmed }
        return ["http", "https", "mailto"].contains(scheme) ? trimmed : "#"
    }
}
