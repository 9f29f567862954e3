import ModelForm

/// A value a layout template sees (the table in ``TemplateValues``).
enum TemplateValue {
    case text(String)
    case number(Int)
    case flag(Bool)
    /// A list of texts (`errors`).
    case texts([String])
    /// A list of records (`choices`).
    case records([[String: TemplateValue]])
    /// Names to texts (`raw`, `theme`, `markup`).
    case textMap([String: String])
    /// One of ``records``, while a section draws it.
    case record([String: TemplateValue])

    /// The value as swift-mustache is given it: `[String]` errors, and each map (a
    /// choice, `raw`, `theme`, `markup`) a ``TemplateMap``, which writes itself in the order
    /// of its keys.
    var mustacheValue: Any {
        switch self {
        case .text(let text): text
        case .number(let number): number
        case .flag(let flag): flag
        case .texts(let texts): texts
        case .records(let records): records.map { TemplateValue.record($0).mustacheValue }
        case .textMap(let map): TemplateMap(values: map)
        case .record(let record): TemplateMap(values: record.mapValues(\.mustacheValue))
        }
    }

    /// The value under `name` inside this one, as a dotted name or a section's lookup finds it.
    func child(_ name: String) -> TemplateValue? {
        switch self {
        case .textMap(let map): map[name].map(TemplateValue.text)
        case .record(let record): record[name]
        case .text, .number, .flag, .texts, .records: nil
        }
    }

    /// The text a variable tag writes, as swift-mustache writes it (`String(describing:)`);
    /// `nil` for a list or a map, which the library writes (a ``TemplateMap`` in key order).
    var plainText: String? {
        switch self {
        case .text(let text): text
        case .number(let number): String(number)
        case .flag(let flag): flag ? "true" : "false"
        case .texts, .records, .textMap, .record: nil
        }
    }
}

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
///
/// Each value is worked out when a tag asks for it (the format's markup only when a tag
/// names `markup`); ``dictionary`` is all of them at once, for swift-mustache.
struct TemplateValues<Format: OutputFormat> {
    let context: CellContext
    /// The field layout's drawn control (`markup.control`).
    var control: String? = nil

    /// Every top-level name, in the order of the table above.
    static var names: [String] {
        [
            "title", "key", "placeholder", "help", "value", "inputValue", "raw", "type", "id", "name", "required",
            "readOnly", "inline", "empty", "checked", "hasErrors", "group", "checkbox", "subformLink", "errors",
            "choices", "min", "max", "step", "percent", "bar", "theme", "markup",
        ]
    }

    /// All the values, as swift-mustache's context.
    var dictionary: TemplateMap {
        var values: [String: Any] = [:]
        for name in Self.names {
            if let value = value(name) { values[name] = value.mustacheValue }
        }
        return TemplateMap(values: values)
    }

    /// The value a top-level name stands for, if the field has one.
    func value(_ name: String) -> TemplateValue? {
        let field = context.field
        switch name {
        case "title", "key", "placeholder", "help", "value", "inputValue":
            return rawText(name).map { .text(Format.escape($0)) }
        case "raw":
            var raw: [String: String] = [:]
            for key in ["title", "key", "placeholder", "help", "value", "inputValue"] { raw[key] = rawText(key) }
            return .textMap(raw)
        case "type": return .text(Format.escape(field.type.rawValue))
        case "id": return .text(Format.escape(context.inputID))
        case "name": return .text(Format.escape(context.inputName))
        case "required": return .flag(context.isRequired)
        case "readOnly": return .flag(field.readOnly)
        case "inline": return .flag(field.inline)
        case "empty": return .flag(context.isEmpty)
        case "checked": return .flag(context.value == .bool(true))
        case "hasErrors": return .flag(!context.errors.isEmpty)
        case "group": return .flag(context.isGroup)
        case "checkbox": return .flag(field.type == .boolean || field.type == .option)
        case "subformLink": return .flag(context.isRecordLink)
        case "errors": return .texts(context.errors.map(Format.escape))
        case "choices":
            return .records(
                context.choices.map { choice in
                    [
                        "index": .number(choice.index), "title": .text(Format.escape(choice.title)),
                        "value": .text(Format.escape(choice.value)), "selected": .flag(choice.selected),
                    ]
                })
        case "min": return range.minimum.map { .text(FormValue.double($0).plainText) }
        case "max": return range.maximum.map { .text(FormValue.double($0).plainText) }
        case "step": return .text(field.type == .integer || field.type == .unsigned ? "1" : "any")
        case "percent": return percent.map(TemplateValue.number)
        case "bar":
            return percent.map {
                .text(String(repeating: "=", count: $0 / 10) + String(repeating: "-", count: 10 - $0 / 10))
            }
        case "theme": return .textMap(context.theme.tokens.mapValues(Format.escape))
        case "markup":
            var markup = Format.templateMarkup(for: context)
            markup["nested"] = context.nested ?? ""
            markup["control"] = control ?? ""
            return .textMap(markup)
        default: return nil
        }
    }

    /// The field's own text under a name, unescaped (`raw.NAME`).
    private func rawText(_ name: String) -> String? {
        switch name {
        case "title": context.field.title
        case "key": context.field.key ?? ""
        case "placeholder": context.field.placeholder ?? ""
        case "help": context.field.help ?? ""
        case "value": context.display
        case "inputValue": context.inputValue
        default: nil
        }
    }

    /// The bounds of the field's range rule (an unsigned number's lower bound is 0).
    private var range: (minimum: Double?, maximum: Double?) {
        var range: (Double?, Double?) = (nil, nil)
        for rule in context.field.rules { if case .range(let low, let high) = rule.kind { range = (low, high) } }
        return (range.0 ?? (context.field.type == .unsigned ? 0 : nil), range.1)
    }

    /// The value within the range as 0-100, when it is a number and the range is whole.
    private var percent: Int? {
        let (minimum, maximum) = range
        guard let number = context.value.doubleValue, let low = minimum, let high = maximum, high > low else {
            return nil
        }
        return Int(((min(max(number, low), high) - low) / (high - low) * 100).rounded())
    }
}
