import ModelForm

/// The values a cell or field layout template sees. Every user string is already escaped
/// for the template's format, whether written `{{x}}` or `{{{x}}}`; the unescaped text is
/// under `raw` (`{{{raw.value}}}`), which is the explicit way to output it. `markup` holds
/// pieces ModelForm made in the format itself: `markup.nested` (inline subforms and
/// collection items), `markup.control` (in a field layout), and what the format's module
/// adds (``/ModelForm/OutputFormat/templateMarkup(for:)``; HTML: `markup.attributes`, the control's
/// `id`, `name`, `required`, `disabled`, `aria-*`).
///
/// | name | meaning |
/// |---|---|
/// | `title`, `key`, `type`, `placeholder`, `help` | the field's settings |
/// | `value` / `inputValue` | the value as read / as an input holds it |
/// | `id`, `name` | the control's id and submission name |
/// | `required`, `readOnly`, `empty`, `checked`, `inline`, `hasErrors` | booleans for sections |
/// | `group`, `checkbox`, `subformLink` | how the chrome labels it: a fieldset and legend, a label after the control, a plain caption |
/// | `errors` | the messages (a list) |
/// | `choices` | `index`, `title`, `value`, `selected` for each option |
/// | `min`, `max`, `step` | from the range rule (numbers) |
/// | `percent` | the value within `min`...`max` as 0-100 (sliders) |
/// | `bar` | a 10-character text bar for the percentage (`=====-----`) |
/// | `theme` | the theme's tokens |
enum TemplateContext {
    static func make(_ c: CellContext, escape: (String) -> String, markup: [String: String], control: String? = nil)
        -> [String: Any]
    {
        let field = c.field
        var range: (Double?, Double?) = (nil, nil)
        for rule in field.rules { if case .range(let low, let high) = rule.kind { range = (low, high) } }
        let minimum = range.0 ?? (field.type == .unsigned ? 0 : nil)
        let number = c.value.doubleValue
        let percent: Int? = {
            guard let number, let low = minimum, let high = range.1, high > low else { return nil }
            return Int(((min(max(number, low), high) - low) / (high - low) * 100).rounded())
        }()
        let raw: [String: String] = [
            "title": field.title, "key": field.key ?? "", "placeholder": field.placeholder ?? "",
            "help": field.help ?? "",
            "value": c.display, "inputValue": c.inputValue,
        ]
        var context: [String: Any] = raw.mapValues { escape($0) }
        context["raw"] = raw
        context["type"] = escape(field.type.rawValue)
        context["id"] = escape(c.inputID)
        context["name"] = escape(c.inputName)
        context["required"] = c.isRequired
        context["readOnly"] = field.readOnly
        context["inline"] = field.inline
        context["empty"] = c.isEmpty
        context["checked"] = c.value == .bool(true)
        context["hasErrors"] = !c.errors.isEmpty
        context["group"] = c.isGroup
        context["checkbox"] = field.type == .boolean || field.type == .option
        context["subformLink"] = c.isRecordLink
        context["errors"] = c.errors.map(escape)
        context["choices"] = c.choices.map { choice -> [String: Any] in
            [
                "index": choice.index, "title": escape(choice.title), "value": escape(choice.value),
                "selected": choice.selected,
            ]
        }
        if let minimum { context["min"] = FormValue.double(minimum).plainText }
        if let high = range.1 { context["max"] = FormValue.double(high).plainText }
        context["step"] = field.type == .integer || field.type == .unsigned ? "1" : "any"
        if let percent {
            context["percent"] = percent
            context["bar"] =
                String(repeating: "=", count: percent / 10) + String(repeating: "-", count: 10 - percent / 10)
        }
        context["theme"] = c.theme.tokens.mapValues(escape)
        context["markup"] = markup.merging(["nested": c.nested ?? "", "control": control ?? ""]) { _, ours in ours }
        return context
    }
}
