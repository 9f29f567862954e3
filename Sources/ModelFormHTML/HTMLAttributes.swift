import ModelForm

/// The attributes a field's control gets from its field, traits, rules and state.
enum HTMLAttributes {
    /// `id`, `name`, `required`, `readonly`, `aria-describedby`, `aria-invalid`.
    static func common(_ c: CellContext, readOnlyAttribute: String = "readonly") -> [(String, String?)] {
        [
            ("id", c.inputID), ("name", c.inputName), ("required", HTMLTag.flag(c.isRequired && !c.field.readOnly)),
            (readOnlyAttribute, HTMLTag.flag(c.field.readOnly)), ("aria-describedby", describedBy(c)),
            ("aria-invalid", c.errors.isEmpty ? nil : "true"),
        ]
    }

    /// The ids of the help and error elements the field layout draws (it draws help when
    /// the field has help text, errors when there are errors).
    static func describedBy(_ c: CellContext) -> String? {
        var ids: [String] = []
        if let help = c.field.help, !help.isEmpty { ids.append(c.helpID) }
        if !c.errors.isEmpty { ids.append(c.errorID) }
        return ids.isEmpty ? nil : ids.joined(separator: " ")
    }

    /// `minlength`, `maxlength`, `pattern` from rules.
    static func textRules(_ field: Field) -> [(String, String?)] {
        var result: [(String, String?)] = []
        for rule in field.rules {
            switch rule.kind {
            case .length(let min, let max):
                result.append(("minlength", min.map(String.init)))
                result.append(("maxlength", max.map(String.init)))
            case .pattern(let pattern): result.append(("pattern", pattern))
            default: break
            }
        }
        return result
    }

    /// `min`, `max`, `step` for numbers.
    static func numberRules(_ field: Field) -> [(String, String?)] {
        var min: String? = field.type == .unsigned ? "0" : nil
        var max: String?
        for rule in field.rules {
            if case .range(let low, let high) = rule.kind {
                min = low.map { FormValue.double($0).plainText } ?? min
                max = high.map { FormValue.double($0).plainText }
            }
        }
        let step = field.type == .integer || field.type == .unsigned ? "1" : "any"
        return [("min", min), ("max", max), ("step", step)]
    }

    /// `autocomplete`, `inputmode`, `autocapitalize`, `spellcheck` from input traits.
    static func traits(_ c: CellContext, inputType: String) -> [(String, String?)] {
        let traits = c.field.traits
        var result: [(String, String?)] = [("autocomplete", traits.contentHint)]
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
            result += [("inputmode", mode), ("autocapitalize", capitalize)]
        }
        if ["text", "textarea", "email", "url", "search", "password", "tel"].contains(inputType) {
            result.append(("spellcheck", traits.autocorrection ? nil : "false"))
        }
        return result
    }
}
