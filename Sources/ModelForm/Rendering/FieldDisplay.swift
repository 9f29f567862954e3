import Foundation

/// How values read to people and sit in input controls: shared by every renderer so the
/// same form gives the same information in each format.
///
/// | field | display | input value |
/// |---|---|---|
/// | boolean, option | Yes / No | true / false |
/// | date, time, datetime | 2024-05-01, 09:30, 2024-05-01 09:30 (UTC) | 2024-05-01, 09:30, 2024-05-01T09:30 |
/// | options, multi-select, bitfield | the chosen titles, comma-separated | the chosen option's value |
/// | password | •••••••• (never the password) | empty (never echoed) |
/// | image | image, 1.2 KB | empty |
/// | subform | its first two filled text, number or option fields | |
/// | collection | 3 items | |
/// | map | 2 entries | |
/// | json | `{"strict": true}` on one line | indented JSON |
///
/// A field's `valueTransformer` replaces the display text (and the options' titles).
package struct FieldDisplay: Sendable {
    /// Transformers by name.
    package var transformers: ValueTransformers
    /// The forms, for subform summaries.
    package var configs: ConfigDictionary

    /// A display helper.
    package init(configs: ConfigDictionary, transformers: ValueTransformers = ValueTransformers()) {
        self.configs = configs
        self.transformers = transformers
    }

    /// The text a person reads for a value.
    package func display(_ value: FormValue, for field: Field) -> String {
        if case .null = value { return "" }
        if let name = field.valueTransformer, let transformer = transformers[name] { return transformer.display(value) }
        // What the value holds first: a record, items or entries read as such whatever cell
        // draws them.
        switch field.shape {
        case .record: return summary(value, field: field)
        case .records, .items:
            guard case .list(let items) = value else { return "" }
            return items.count == 1 ? "1 item" : "\(items.count) items"
        case .positions:
            // A tuple reads as its values in a row: `remark-lint, {"a": 1}`.
            guard case .list(let items) = value else { return "" }
            return items.indices.map { index in
                field.itemField(at: index).map { display(items[index], for: $0) } ?? items[index].plainText
            }.joined(separator: ", ")
        case .entries:
            guard case .record(let entries) = value else { return "" }
            return entries.count == 1 ? "1 entry" : "\(entries.count) entries"
        case .alternatives:
            return Self.alternativeTexts(configs.alternative(of: field, for: value), value, field).display
        case .single: break
        }
        switch field.type {
        case .boolean, .option: return value == .bool(true) ? "Yes" : "No"
        case .password: return value.plainText.isEmpty ? "" : "••••••••"
        case .options, .multiSelect, .bitfield:
            return field.selectedOptionIndices(in: value).map { title(ofOption: $0, in: field) }.joined(separator: ", ")
        case .image:
            guard case .data(let data) = value else { return "" }
            return data.isEmpty ? "" : "image, " + ByteCountFormatting.format(data.count)
        case .subform: return summary(value, field: field)
        case .collection:
            guard case .list(let items) = value else { return "" }
            return items.count == 1 ? "1 item" : "\(items.count) items"
        case .map:
            guard case .record(let entries) = value else { return "" }
            return entries.count == 1 ? "1 entry" : "\(entries.count) entries"
        case .json: return JSONValue(value).inlineJSON
        default:
            guard case .date(let date) = value else { return value.plainText }
            switch field.type {
            case .time: return ISODate.formatTime(date)
            case .dateTime: return ISODate.formatDate(date) + " " + ISODate.formatTime(date)
            default: return ISODate.formatDate(date)
            }
        }
    }

    /// ``display(_:for:)`` and ``inputValue(_:for:)`` together, converting once where
    /// they are the same text (strings and numbers in text-like and number fields).
    package func displayAndInput(_ value: FormValue, for field: Field) -> (display: String, input: String) {
        let type = field.type
        if field.valueTransformer == nil {
            if type != .password,
                type.isTextual || type == .integer || type == .unsigned || type == .float || type == .number
            {
                switch value {
                case .string, .int, .uint, .double, .decimal:
                    let text = value.plainText
                    return (text, text)
                default: break
                }
            } else if type == .boolean || type == .option, case .bool(let on) = value {
                return on ? ("Yes", "true") : ("No", "false")
            }
        }
        return (display(value, for: field), inputValue(value, for: field))
    }

    /// ``displayAndInput(_:for:)`` and ``choices(_:for:)`` together: for a field with
    /// options, which options the value selects is worked out once.
    package func presentation(_ value: FormValue, for field: Field) -> (
        display: String, input: String, choices: [CellContext.Choice]
    ) {
        if case .alternatives = field.shape { return alternativePresentation(value, for: field) }
        let options = field.options
        if options.isEmpty {
            let (display, input) = displayAndInput(value, for: field)
            return (display, input, [])
        }
        let selected = field.selectedOptionIndices(in: value)
        let transformer = field.valueTransformer.flatMap { transformers[$0] }
        var choices: [CellContext.Choice] = []
        choices.reserveCapacity(options.count)
        for (index, option) in options.enumerated() {
            choices.append(
                CellContext.Choice(
                    index: index, title: transformer?.display(option.value) ?? option.title,
                    value: option.value.plainText, selected: selected.contains(index)))
        }
        let type = field.type
        let display: String
        if case .null = value {
            display = ""
        } else if let transformer {
            display = transformer.display(value)
        } else if type == .options || type == .multiSelect || type == .bitfield {
            // One chosen option (a select) is its title, not a joined array of one: 0.14 M of a
            // 1,000-field render's 12.7 M instructions.
            display =
                selected.count == 1
                ? choices[selected[0]].title : selected.map { choices[$0].title }.joined(separator: ", ")
        } else {
            display = self.display(value, for: field)
        }
        let input: String
        if type == .options, value != .null {
            input = selected.first.map { choices[$0].value } ?? ""
        } else {
            input = inputValue(value, for: field)
        }
        return (display, input, choices)
    }

    /// The text an input control holds for a value.
    package func inputValue(_ value: FormValue, for field: Field) -> String {
        switch field.shape {
        case .record, .records, .items, .positions, .entries: return ""  // no one input holds them
        case .alternatives: return Self.alternativeTexts(configs.alternative(of: field, for: value), value, field).input
        case .single: break
        }
        switch (field.type, value) {
        case (_, .null), (.password, _), (.image, _), (.subform, _), (.collection, _), (.map, _): return ""
        case (.json, _): return JSONValue(value).prettyJSON()
        case (.date, .date(let date)): return ISODate.formatDate(date)
        case (.time, .date(let date)): return ISODate.formatTime(date)
        case (.dateTime, .date(let date)): return ISODate.formatDate(date) + "T" + ISODate.formatTime(date)
        case (.options, _):
            return field.selectedOptionIndices(in: value).first.map { field.options[$0].value.plainText } ?? ""
        default: return value.plainText
        }
    }

    /// A union's presentation: the chosen alternative's title, its index as the input, and
    /// a choice per alternative (its index the choice's value).
    private func alternativePresentation(_ value: FormValue, for field: Field) -> (
        display: String, input: String, choices: [CellContext.Choice]
    ) {
        // The alternative is found once for the display, the input and the choices.
        let match = configs.alternative(of: field, for: value)
        let choices = field.alternatives.indices.map { index in
            CellContext.Choice(
                index: index, title: field.alternativeTitle(index), value: String(index),
                selected: match == .chosen(index))
        }
        let texts = Self.alternativeTexts(match, value, field)
        return (texts.display, texts.input, choices)
    }

    /// A union's text and input for the alternative its value is: the chosen one's title and
    /// position; a value that is none of them, as it is (and no input).
    private static func alternativeTexts(_ match: AlternativeMatch, _ value: FormValue, _ field: Field) -> (
        display: String, input: String
    ) {
        guard case .chosen(let chosen) = match else {
            return (value == .null ? "" : JSONValue(value).inlineJSON, "")
        }
        return (field.alternativeTitle(chosen), String(chosen))
    }

    /// The choices of a field with options, marking those the value selects.
    package func choices(_ value: FormValue, for field: Field) -> [CellContext.Choice] {
        presentation(value, for: field).choices
    }

    func title(ofOption index: Int, in field: Field) -> String {
        if let name = field.valueTransformer, let transformer = transformers[name] {
            return transformer.display(field.options[index].value)
        }
        return field.options[index].title
    }

    /// A subform's one-line summary: its first two filled text fields, else its title.
    /// Whether a field's value may stand in a record's summary: text (never a password),
    /// a number or a chosen option, not hidden.
    private static func summarizes(_ field: Field) -> Bool {
        guard !field.hidden, field.type != .password else { return false }
        switch field.type {
        case .integer, .unsigned, .float, .number, .options: return true
        default: return field.type.isTextual
        }
    }

    package func summary(_ value: FormValue, field: Field) -> String {
        guard case .record(let record) = value else { return "" }
        let config = configs.destination(of: field) ?? field.relationship.flatMap { configs[$0.target] }
        let parts = (config?.fields ?? []).lazy.filter { Self.summarizes($0) }
            .compactMap { field -> String? in
                guard let key = field.key, let value = record[key], value != .null else { return nil }
                return field.type == .options ? display(value, for: field) : value.plainText
            }.filter { !$0.isEmpty }.prefix(2)
        return parts.isEmpty ? (config?.title ?? "") : parts.joined(separator: ", ")
    }
}

/// "512 bytes", "1.2 KB", "3.4 MB" (1 KB = 1,000 bytes), locale-independent.
enum ByteCountFormatting {
    static func format(_ count: Int) -> String {
        if count < 1000 { return "\(count) bytes" }
        let units = ["KB", "MB", "GB", "TB"]
        var value = Double(count) / 1000
        var unit = 0
        while value >= 1000 && unit < units.count - 1 {
            value /= 1000
            unit += 1
        }
        return String(format: "%.1f", value) + " " + units[unit]
    }
}
