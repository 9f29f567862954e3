import ModelForm

/// The attributes a field's control gets from its field, traits, rules and state.
extension HTMLWriter {
    /// `id`, `name`, `required`, `readonly` (or `disabled`), `aria-describedby`, `aria-invalid`:
    /// what every control needs so its label, help, errors and submission line up. A custom
    /// cell's control calls it after opening its tag.
    ///
    /// ```swift
    /// let stars = Cell<HTMLFormat>(name: "stars") { context, writer in
    ///     writer.open("input")
    ///     writer.attribute("type", "range")
    ///     writer.commonAttributes(context)
    ///     writer.end()
    /// }
    /// ```
    public mutating func commonAttributes(_ c: CellContext, readOnlyAttribute: String = "readonly") {
        commonAttributes(c, field: c.field, readOnlyAttribute: readOnlyAttribute)
    }

    /// ``commonAttributes(_:readOnlyAttribute:)`` with the context's field at hand.
    mutating func commonAttributes(_ c: CellContext, field: Field, readOnlyAttribute: String = "readonly") {
        attribute("id", c.inputID)
        attribute("name", c.inputName)
        let readOnly = field.readOnly
        flag("required", c.isRequired && !readOnly)
        flag(readOnlyAttribute, readOnly)
        describedBy(c, field: field)
    }

    /// `aria-describedby` naming the help and error elements the field layout draws (it
    /// draws help when the field has help text, errors when there are errors), and
    /// `aria-invalid` when there are errors.
    mutating func describedBy(_ c: CellContext, field: Field) {
        let hasHelp = !(field.help ?? "").isEmpty
        let hasErrors = !c.errors.isEmpty
        guard hasHelp || hasErrors else { return }
        attribute(
            "aria-describedby", hasHelp && hasErrors ? c.helpID + " " + c.errorID : hasHelp ? c.helpID : c.errorID)
        if hasErrors { attribute("aria-invalid", constant: "true") }
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

    /// A `<datalist>` of the values a text input offers (its ``/ModelForm/Field/suggestions``),
    /// which the input names in `list`: the browser offers them as the person types, and any
    /// other text is still accepted.
    mutating func suggestions(_ values: [String], id: String) {
        open("datalist")
        attribute("id", id)
        end()
        // An option's text is its value: the Nu checker refuses an empty option without a label.
        for value in values { element("option", text: value) { $0.attribute("value", value) } }
        close("datalist")
    }

    /// `min`, `max`, `step` for numbers.
    mutating func numberRules(_ field: Field) {
        let type = field.type
        var min: Double? = type == .unsigned ? 0 : nil
        var max: Double?
        var lowest: Double?
        var multiple: Double?
        for rule in field.rules {
            if case .range(let low, let high) = rule.kind {
                min = low ?? min
                max = high
                lowest = low
            }
            if case .multipleOf(let step) = rule.kind { multiple = step }
        }
        if let min { attribute("min", number: min) }
        if let max { attribute("max", number: max) }
        // A browser counts steps from `min`: `multipleOf` is a step only when `min` is one of its multiples.
        if let multiple, (lowest ?? 0).remainder(dividingBy: multiple) == 0 {
            attribute("step", FormValue.double(multiple).plainText)
        } else if type == .integer || type == .unsigned {
            attribute("step", constant: "1")
        } else {
            attribute("step", constant: "any")
        }
    }

    /// ` name="number"`, the number as ``/ModelForm/FormValue/plainText`` writes it: a whole
    /// number's digits written straight in (no string made, nothing to escape), another by
    /// its text.
    mutating func attribute(_ name: StaticString, number: Double) {
        guard var whole = FormValue.whole(number) else { return attribute(name, FormValue.double(number).plainText) }
        // At most 16 characters: 15 digits and a sign.
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 16) { digits in
            var start = 16
            let negative = whole < 0
            repeat {
                start -= 1
                digits[start] = UInt8(ascii: "0") + UInt8(abs(whole % 10))
                whole /= 10
            } while whole != 0
            if negative {
                start -= 1
                digits[start] = UInt8(ascii: "-")
            }
            attribute(name, plainBytes: UnsafeBufferPointer(rebasing: digits[start...]))
        }
    }

    /// `autocomplete`, `inputmode`, `autocapitalize`, `spellcheck` from input traits.
    mutating func traitAttributes(_ field: Field, kind: HTMLInputKind) {
        let traits = field.traits
        attribute("autocomplete", traits.contentHint)
        if kind == .text || kind == .textarea {
            switch traits.keyboard {
            case .email: attribute("inputmode", constant: "email")
            case .url: attribute("inputmode", constant: "url")
            case .phone: attribute("inputmode", constant: "tel")
            case .numberPad: attribute("inputmode", constant: "numeric")
            case .decimalPad: attribute("inputmode", constant: "decimal")
            default: break
            }
            switch traits.autocapitalization {
            case .none: attribute("autocapitalize", constant: "none")
            case .words: attribute("autocapitalize", constant: "words")
            case .sentences: attribute("autocapitalize", constant: "sentences")
            case .allCharacters: attribute("autocapitalize", constant: "characters")
            }
        }
        if !traits.autocorrection, kind.isTyped {
            attribute("spellcheck", constant: "false")
        }
    }
}
