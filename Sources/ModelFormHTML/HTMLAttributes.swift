import ModelForm

/// The attributes a field's control gets from its field, traits, rules and state.
extension HTMLWriter {
    /// `id`, `name`, `required`, `readonly` (or `disabled`), `aria-describedby`, `aria-invalid`:
    /// what every control needs so its label, help, errors and submission line up. A custom
    /// cell's control calls it after opening its tag.
    ///
    /// ```swift
    /// let stars = Cell<HTMLFormat>(name: "stars") { context, writer in
    ///     writer.open("input"); writer.attribute("type", "range"); writer.commonAttributes(context); writer.end()
    /// }
    /// ```
    public mutating func commonAttributes(_ c: CellContext, readOnlyAttribute: String = "readonly") {
        attribute("id", c.inputID)
        attribute("name", c.inputName)
        flag("required", c.isRequired && !c.field.readOnly)
        flag(readOnlyAttribute, c.field.readOnly)
        describedBy(c)
    }

    /// `aria-describedby` naming the help and error elements the field layout draws (it
    /// draws help when the field has help text, errors when there are errors), and
    /// `aria-invalid` when there are errors.
    mutating func describedBy(_ c: CellContext) {
        let hasHelp = !(c.field.help ?? "").isEmpty
        let hasErrors = !c.errors.isEmpty
        guard hasHelp || hasErrors else { return }
        attribute("aria-describedby", hasHelp && hasErrors ? c.helpID + " " + c.errorID : hasHelp ? c.helpID : c.errorID)
        if hasErrors { attribute("aria-invalid", "true") }
    }

    /// `minlength`, `maxlength`, `pattern` from rules.
    mutating func textRules(_ field: Field) {
        for rule in field.rules {
            switch rule.kind {
            case .length(let min, let max):
                attribute("minlength", min.map(String.init))
                attribute("maxlength", max.map(String.init))
            case .pattern(let pattern): attribute("pattern", pattern)
            default: break
            }
        }
    }

    /// `min`, `max`, `step` for numbers.
    mutating func numberRules(_ field: Field) {
        var min: String? = field.type == .unsigned ? "0" : nil
        var max: String?
        for rule in field.rules {
            if case .range(let low, let high) = rule.kind {
                min = low.map { FormValue.double($0).plainText } ?? min
                max = high.map { FormValue.double($0).plainText }
            }
        }
        attribute("min", min)
        attribute("max", max)
        attribute("step", field.type == .integer || field.type == .unsigned ? "1" : "any")
    }

    /// `autocomplete`, `inputmode`, `autocapitalize`, `spellcheck` from input traits.
    mutating func traitAttributes(_ c: CellContext, inputType: String) {
        let traits = c.field.traits
        attribute("autocomplete", traits.contentHint)
        if inputType == "text" || inputType == "textarea" {
            let mode: String? = switch traits.keyboard {
            case .email: "email"
            case .url: "url"
            case .phone: "tel"
            case .numberPad: "numeric"
            case .decimalPad: "decimal"
            default: nil
            }
            let capitalize: String = switch traits.autocapitalization {
            case .none: "none"
            case .words: "words"
            case .sentences: "sentences"
            case .allCharacters: "characters"
            }
            attribute("inputmode", mode)
            attribute("autocapitalize", capitalize)
        }
        if !traits.autocorrection, ["text", "textarea", "email", "url", "search", "password", "tel"].contains(inputType) {
            attribute("spellcheck", "false")
        }
    }
}
