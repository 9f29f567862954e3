import ModelForm
import Testing

private func form(_ rules: [ValidationRule], type: FieldType = .text, valueType: ValueType = .string)
    -> ConfigDictionary
{
    var configs = ConfigDictionary(
        ModelDescription(
            root: "T",
            entities: [
                EntityDescription(
                    name: "T",
                    properties: [.init(key: "v", valueType: valueType), .init(key: "other", valueType: .string)])
            ]))
    let fields = configs["T"]?.fields ?? []
    configs["T"]?.fields = fields.map { field in
        var field = field
        if field.key == "v" {
            field.type = type
            field.rules = rules
        }
        return field
    }
    return configs
}

private func errors(
    _ value: FormValue, _ rules: [ValidationRule], type: FieldType = .text, valueType: ValueType = .string,
    validator: Validator = Validator()
) -> [String] {
    let values = FormValue.record(["v": value, "other": .string("same")])
    return validator.validate(values, typeName: "T", configs: form(rules, type: type, valueType: valueType)).map {
        "\($0.rule): \($0.message)"
    }
}

@Suite struct ValidatorTests {
    @Test(arguments: [
        (FormValue.string(""), ValidationRule(.required), ["required: is required"]),
        (.string("  "), ValidationRule(.required), ["required: is required"]),
        (.string("x"), ValidationRule(.required), []),
        (.string("ab"), ValidationRule(.length(min: 3, max: nil)), ["length: must be at least 3 characters"]),
        (.string("abcd"), ValidationRule(.length(min: 1, max: 3)), ["length: must be between 1 and 3 characters"]),
        (.string(""), ValidationRule(.length(min: 3, max: nil)), []),
        (.string("été"), ValidationRule(.length(min: nil, max: 3)), []),
        (.string("abc"), ValidationRule(.pattern("[a-c]+")), []),
        (.string("abcd"), ValidationRule(.pattern("[a-c]+")), ["pattern: does not have the expected format"]),
        (.string("x"), ValidationRule(.pattern("(")), ["pattern: the pattern '(' is not a valid regular expression"]),
        (.string("a@b.c"), ValidationRule(.email), []),
        (.string("a@b"), ValidationRule(.email), ["email: is not an email address"]),
        (.string("ftp://host/x"), ValidationRule(.url), []),
        (.string("host/x"), ValidationRule(.url), ["url: is not an absolute URL"]),
        (.string("same"), ValidationRule(.equalTo("other")), []),
        (.string("diff"), ValidationRule(.equalTo("other")), ["equalTo: must match Other"]),
        (.string("x"), ValidationRule(.required, message: "Say something"), []),
        (.string(""), ValidationRule(.required, message: "Say something"), ["required: Say something"]),
        (.string("x"), ValidationRule(.custom("nope")), ["nope: no check named 'nope' is registered"]),
    ])
    func textRules(value: FormValue, rule: ValidationRule, expected: [String]) {
        #expect(errors(value, [rule]) == expected)
    }

    @Test(arguments: [
        (FormValue.int(5), ValidationRule.Kind.range(min: 1, max: 10), [String]()),
        (.int(0), .range(min: 1, max: 10), ["range: must be between 1 and 10"]),
        (.double(10.5), .range(min: nil, max: 10), ["range: must be at most 10"]),
        (.null, .range(min: 1, max: nil), []),
        (.int(15), .multipleOf(5), []),
        (.int(7), .multipleOf(5), ["multipleOf: must be a multiple of 5"]),
        (.double(0.3), .multipleOf(0.1), []),
        (.double(0.35), .multipleOf(0.1), ["multipleOf: must be a multiple of 0.1"]),
        (.null, .multipleOf(5), []),
        (.null, .required, ["required: is required"]),
    ])
    func numberRules(value: FormValue, kind: ValidationRule.Kind, expected: [String]) {
        #expect(
            errors(value, [ValidationRule(kind)], type: .integer, valueType: .optional(.integer(bits: 64))) == expected)
    }

    @Test func requiredBooleanMustBeOn() {
        #expect(
            errors(.bool(false), [.init(.required)], type: .boolean, valueType: .bool) == ["required: must be checked"])
        #expect(errors(.bool(true), [.init(.required)], type: .boolean, valueType: .bool).isEmpty)
    }

    @Test func customChecksAndModelChecks() {
        var validator = Validator()
        validator.register("shout") { value, _ in
            value.plainText == value.plainText.uppercased() ? nil : "must be upper case"
        }
        validator.addModelCheck { values in
            values[FormPath("v")] == .string("BAD")
                ? [FieldError(path: FormPath(), rule: "model", message: "bad model")] : []
        }
        #expect(errors(.string("hi"), [.init(.custom("shout"))], validator: validator) == ["shout: must be upper case"])
        #expect(errors(.string("HI"), [.init(.custom("shout"))], validator: validator).isEmpty)
        #expect(errors(.string("BAD"), [.init(.custom("shout"))], validator: validator) == ["model: bad model"])
    }
}
