import ModelForm

/// A generated form of any size, the same one the benchmarks render with WTForms and
/// Django: fields cycle through text (required, at most 100 characters), email (required),
/// integer (0 to 1000), boolean and a five-way choice (required).
public enum WideForm {
    /// The kinds of field, in the order they cycle.
    public enum Kind: Int, CaseIterable, Sendable { case text, email, integer, boolean, choice }

    /// The name of field `index`: `f0Text`, `f1Email`, `f2Number`, `f3Flag`, `f4Choice`...
    public static func key(_ index: Int) -> String {
        "f\(index)" + ["Text", "Email", "Number", "Flag", "Choice"][index % 5]
    }

    /// The kind of field `index`.
    public static func kind(_ index: Int) -> Kind { Kind.allCases[index % Kind.allCases.count] }

    static let choices = EnumDescription(
        name: "Choice", options: (0..<5).map { FieldOption(value: .string("c\($0)"), title: "Choice \($0)") })

    /// The model, as the core would describe it.
    static func model(fields: Int) -> ModelDescription {
        let properties = (0..<fields).map { index -> PropertyDescription in
            let type: ValueType =
                switch kind(index) {
                case .text, .email: .string
                case .integer: .integer(bits: 64)
                case .boolean: .bool
                case .choice: .enumeration(choices)
                }
            return PropertyDescription(key: key(index), valueType: type)
        }
        return ModelDescription(root: "Wide", entities: [EntityDescription(name: "Wide", properties: properties)])
    }

    /// The forms as inference makes them, without the comparison's validation rules.
    public static func inferredConfigs(fields: Int) -> ConfigDictionary {
        ConfigDictionary(model(fields: fields))
    }

    /// The forms: inferred, with the validation rules of the comparison.
    public static func configs(fields: Int) -> ConfigDictionary {
        var configs = inferredConfigs(fields: fields)
        let inferred = configs["Wide"]?.fields ?? []
        configs["Wide"]?.fields = inferred.enumerated().map { index, field in
            var field = field
            switch kind(index) {
            case .text: field.rules = [.init(.required), .init(.length(min: nil, max: 100))]
            case .email: field.rules = [.init(.required), .init(.email)]
            case .integer: field.rules = [.init(.range(min: 0, max: 1000))]
            case .boolean: break
            case .choice: field.rules = [.init(.required)]
            }
            return field
        }
        return configs
    }

    /// Valid values for every field.
    public static func values(fields: Int) -> FormValue {
        .record(FormRecord((0..<fields).map { index in (key(index), value(index)) }))
    }

    static func value(_ index: Int) -> FormValue {
        switch kind(index) {
        case .text: return .string("Text value \(index) <&>")
        case .email: return .string("user\(index)@example.com")
        case .integer: return .int(Int64(index % 1000))
        case .boolean: return .bool(index % 2 == 0)
        case .choice: return .string("c\(index % 5)")
        }
    }

    /// A valid urlencoded submission of every field (checked boxes only, as browsers send).
    public static func submission(fields: Int) -> String {
        (0..<fields).compactMap { index -> String? in
            let name = key(index)
            switch value(index) {
            case .bool(let on): return on ? "\(name)=true" : nil
            case let value: return name + "=" + URLEncodedForm.encode(value.plainText)
            }
        }.joined(separator: "&")
    }

    /// The model as a YAML type definition.
    public static func typeDefinitionYAML(fields: Int) -> String {
        var lines = [
            "enums:", "  Choice: {c0: Choice 0, c1: Choice 1, c2: Choice 2, c3: Choice 3, c4: Choice 4}", "types:",
            "  Wide:",
        ]
        for index in 0..<fields {
            lines.append("    \(key(index)): " + ["String", "String", "Int", "Bool", "Choice"][index % 5])
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// A form config of about `lines` lines for a model of `lines / 5` fields: every field
    /// listed with a title, a placeholder, a help text and its rules.
    public static func configYAML(lines: Int) -> String {
        let fields = max(1, lines / 5)
        var text = ["Wide:", "  title: A Wide Form", "  fields:"]
        for index in 0..<fields {
            text.append("    - key: \(key(index))")
            text.append("      title: Field number \(index)")
            text.append("      placeholder: Type field \(index) here")
            text.append("      help: \"Help for field \(index), with: punctuation & <markup>\"")
            text.append(index % 5 == 3 ? "      readOnly: false" : "      rules: [required]")
        }
        return text.joined(separator: "\n") + "\n"
    }
}
