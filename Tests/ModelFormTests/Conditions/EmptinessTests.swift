import ModelForm
import Testing

/// "Empty" means one thing: `required`, `requiredIf`, the condition `empty(...)` and a
/// placeholder agree on every value.
@Suite struct EmptinessTests {
    static func configs(_ type: ValueType, fieldType: FieldType) -> ConfigDictionary {
        var configs = ConfigDictionary(
            ModelDescription(
                root: "T",
                entities: [
                    EntityDescription(
                        name: "T",
                        properties: [
                            PropertyDescription(key: "v", valueType: type),
                            PropertyDescription(key: "reason", valueType: .optional(.string)),
                        ])
                ]))
        let fields = configs["T"]?.fields ?? []
        configs["T"]?.fields = fields.map { field in
            var field = field
            if field.key == "v" {
                field.type = fieldType
                field.rules = [ValidationRule(.required)]
                field.placeholder = "nothing"
            }
            if field.key == "reason" { field.conditions.requiredIf = .not(.isEmpty("v")) }
            return field
        }
        return configs
    }

    @Test(arguments: [
        (FormValue.null, ValueType.optional(.string), FieldType.text, true),
        (.string(""), .string, .text, true),
        (.string("   "), .string, .text, true),
        (.string("\u{3000}\n"), .string, .text, true),
        (.string(" a "), .string, .text, false),
        (.list([]), .array(.string), .multiSelect, true),
        (.list([.string("a")]), .array(.string), .multiSelect, false),
        (.bool(false), .bool, .boolean, true),
        (.bool(true), .bool, .boolean, false),
        (.int(0), .integer(bits: 64), .integer, false),
        (.double(0), .float(bits: 64), .float, false),
        (.uint(0), .optionSet(EnumDescription(name: "Days", options: [])), .bitfield, true),
        (.uint(2), .optionSet(EnumDescription(name: "Days", options: [])), .bitfield, false),
    ])
    func requiredRequiredIfEmptyAndThePlaceholderAgree(
        value: FormValue, type: ValueType, fieldType: FieldType, empty: Bool
    ) throws {
        let configs = Self.configs(type, fieldType: fieldType)
        var form = Form(values: .record(["v": value, "reason": .null]), configs: configs, typeName: "T")
        let errors = form.validate().map(\.description)
        #expect(errors.contains { $0.hasPrefix("v: ") } == empty, "required: \(errors)")
        // `reason` is required while `v` is not empty: the two rules never both fire.
        #expect(errors.contains("reason: is required") == !empty, "requiredIf: \(errors)")
        #expect(Condition.isEmpty("v").evaluate(in: .record(["v": value])) == empty, "empty()")
        let row = try #require(form.tree().sections.first?.rows.first { $0.context.path == "v" })
        #expect(row.context.isEmpty == empty, "placeholder")
    }

    /// The case: blank text in a required field is reported once, as missing.
    @Test func blankTextIsMissingAndDoesNotRequireTheReason() throws {
        var form = Form(
            values: .record(["v": .string("Ada"), "reason": .null]), configs: Self.configs(.string, fieldType: .text),
            typeName: "T")
        try form.setText("   ", at: "v")
        #expect(form.validate().map(\.description) == ["v: is required"])
    }
}
