import Foundation
import ModelForm

/// The built-in HTML cells: real form controls whose names follow the bracket convention
/// the submission parser reads, with types and attributes from the field, its traits and
/// its rules. They draw the control only; ``HTMLLayouts`` draws the label, help and errors.
public enum HTMLCells {
    /// An HTML cell.
    public typealias HTMLCell = Cell<HTMLFormat>

    /// `<input>` of the type that fits the field.
    public static let input = HTMLCell(name: "html.input") { c in
        let type = inputType(c.field)
        var attributes = [("type", type)] + HTMLAttributes.common(c)
        attributes.append(("value", type == "password" ? nil : c.inputValue))
        attributes.append(("placeholder", c.field.placeholder))
        if type == "number" { attributes += HTMLAttributes.numberRules(c.field) }
        if type == "time" || type == "datetime-local" { attributes.append(("step", "1")) }
        if ["text", "email", "url", "tel", "password"].contains(type) { attributes += HTMLAttributes.textRules(c.field) }
        attributes += HTMLAttributes.traits(c, inputType: type)
        return HTMLTag.open("input", attributes)
    }

    /// `<textarea>` for long text.
    public static let textArea = HTMLCell(name: "html.textarea") { c in
        let attributes = [("rows", "4")] + HTMLAttributes.common(c) + [("placeholder", c.field.placeholder)]
            + HTMLAttributes.textRules(c.field) + HTMLAttributes.traits(c, inputType: "textarea")
        return HTMLTag.element("textarea", attributes, content: Escaping.html(c.inputValue))
    }

    /// A checkbox with a hidden companion, so an unchecked box still submits `false`.
    public static let checkbox = HTMLCell(name: "html.checkbox") { c in
        let hidden = HTMLTag.open("input", [("type", "hidden"), ("name", c.inputName), ("value", "false")])
        let box = HTMLTag.open("input", [("type", "checkbox")] + HTMLAttributes.common(c, readOnlyAttribute: "disabled")
            + [("value", "true"), ("checked", HTMLTag.flag(c.value == .bool(true)))])
        return c.field.readOnly ? box : hidden + box
    }

    /// `<select>` with the placeholder (or "Choose…") as the empty first option; radio
    /// buttons when the field is `inline`.
    public static let select = HTMLCell(name: "html.select") { c in
        if c.field.inline { return choiceGroup.render(c) }
        var options = HTMLTag.text("option", [("value", "")], c.field.placeholder ?? "Choose…")
        for choice in c.choices {
            options += HTMLTag.text("option", [("value", choice.value), ("selected", HTMLTag.flag(choice.selected))], choice.title)
        }
        return HTMLTag.element("select", HTMLAttributes.common(c, readOnlyAttribute: "disabled"), content: options)
    }

    /// Radio buttons (inline options) or checkboxes (multi-select, bitfield), one label each.
    public static let choiceGroup = HTMLCell(name: "html.choices", drawsGroup: true) { c in
        let type = c.field.type == .options ? "radio" : "checkbox"
        return c.choices.map { choice in
            let id = "\(c.inputID)-\(choice.index)"
            let input = HTMLTag.open("input", [
                ("type", type), ("id", id), ("name", c.inputName), ("value", choice.value),
                ("checked", HTMLTag.flag(choice.selected)), ("required", HTMLTag.flag(type == "radio" && c.isRequired)),
                ("disabled", HTMLTag.flag(c.field.readOnly)), ("aria-describedby", HTMLAttributes.describedBy(c)),
            ])
            return HTMLTag.element("span", [("class", "mf-choice")], content: input + HTMLTag.text("label", [("for", id)], choice.title))
        }.joined()
    }

    /// A file input for images, with the current image's size.
    public static let file = HTMLCell(name: "html.file") { c in
        let input = HTMLTag.open("input", [("type", "file"), ("accept", "image/*")] + HTMLAttributes.common(c, readOnlyAttribute: "disabled"))
        return c.isEmpty ? input : input + HTMLTag.text("span", [("class", "mf-current")], "Current: " + c.display)
    }

    /// A read-only value, as `<output>` (a labelable element).
    public static let output = HTMLCell(name: "html.output") { c in
        HTMLTag.text("output", [("id", c.inputID), ("aria-describedby", HTMLAttributes.describedBy(c))], c.display)
    }

    /// A subform: drawn in place when inline, else a link to its page (or its summary).
    public static let subform = HTMLCell(name: "html.subform") { c in
        if let nested = c.nested { return nested }
        let text = c.isEmpty ? "None" : c.display
        guard let link = c.link else { return HTMLTag.text("output", [("id", c.inputID)], text) }
        return HTMLTag.text("a", [("id", c.inputID), ("href", HTMLLinks.safe(link)), ("class", "mf-link")], text)
    }

    /// A collection: its items and buttons, drawn by the renderer.
    public static let collection = HTMLCell(name: "html.collection") { c in c.nested ?? "" }

    /// A submit button whose value is the action.
    public static let button = HTMLCell(name: "html.button") { c in
        let action = c.field.action ?? "save"
        return HTMLTag.text("button", [
            ("type", "submit"), ("name", FormSession.actionFieldName), ("value", action), ("id", c.inputID),
            ("formnovalidate", HTMLTag.flag(action == "cancel" || action == "reset")),
        ], c.field.title)
    }

    /// Drawn when nothing else matches.
    public static let unsupported = HTMLCell(name: "html.unsupported") { c in
        HTMLTag.text("output", [("id", c.inputID)], "Cannot show a \(c.field.type.rawValue) field")
    }

    /// The `type` of an `<input>` for a field.
    public static func inputType(_ field: Field) -> String {
        switch field.type {
        case .email: return "email"
        case .password: return "password"
        case .url: return "url"
        case .phone: return "tel"
        case .integer, .unsigned, .float, .number: return "number"
        case .date: return "date"
        case .time: return "time"
        case .dateTime: return "datetime-local"
        default: return "text"
        }
    }

    /// The registry with every built-in HTML cell.
    public static var standard: CellRegistry<HTMLFormat> {
        var registry = CellRegistry<HTMLFormat>(unsupported: unsupported)
        for type in FieldType.builtIn { registry.register(input, for: type, origin: "built-in") }
        registry.register(textArea, for: .longText, origin: "built-in")
        registry.register(checkbox, for: .boolean, origin: "built-in")
        registry.register(checkbox, for: .option, origin: "built-in")
        registry.register(select, for: .options, origin: "built-in")
        registry.register(choiceGroup, for: .multiSelect, origin: "built-in")
        registry.register(choiceGroup, for: .bitfield, origin: "built-in")
        registry.register(file, for: .image, origin: "built-in")
        registry.register(output, for: .label, origin: "built-in")
        registry.register(subform, for: .subform, origin: "built-in")
        registry.register(collection, for: .collection, origin: "built-in")
        registry.register(button, for: .action, origin: "built-in")
        registry.register(choiceGroup, named: "radios", origin: "built-in")
        return registry
    }
}

/// Safe link targets.
public enum HTMLLinks {
    /// `link` unless its scheme is not http(s), mailto or relative (no `javascript:`), else `#`.
    public static func safe(_ link: String) -> String {
        let trimmed = link.trimmingCharacters(in: .whitespacesAndNewlines.union(.controlCharacters))
        guard let colon = trimmed.firstIndex(of: ":") else { return trimmed }
        let scheme = trimmed[..<colon].lowercased()
        if scheme.contains("/") || scheme.contains("?") || scheme.contains("#") { return trimmed }
        return ["http", "https", "mailto"].contains(scheme) ? trimmed : "#"
    }
}
