import ModelForm
import Testing

@Suite struct TraitsInferenceTests {
    @Test(arguments: [
        (FieldType.email, "email", InputTraits.Keyboard.email, false, "email" as String?),
        (.url, "link", .url, false, "url"),
        (.phone, "phone", .phone, false, "tel"),
        (.integer, "count", .numbersAndPunctuation, false, nil),
        (.unsigned, "age", .numberPad, false, nil),
        (.float, "ratio", .decimalPad, false, nil),
        (.number, "price", .decimalPad, false, nil),
        (.password, "password", .default, true, "current-password"),
        (.text, "username", .default, false, "username"),
        (.text, "firstName", .default, false, "given-name"),
        (.text, "lastName", .default, false, "family-name"),
        (.text, "city", .default, false, nil),
    ])
    func traitsForFieldType(type: FieldType, key: String, keyboard: InputTraits.Keyboard, secure: Bool, hint: String?) {
        let traits = FieldInference.standard.traits(for: type, key: key, passwordIsNew: false)
        #expect(traits.keyboard == keyboard)
        #expect(traits.secureEntry == secure)
        #expect(traits.contentHint == hint)
    }

    @Test func passwordIsNewWhenTheFormConfirmsIt() {
        let login = EntityDescription(name: "Login", properties: [.init(key: "password", valueType: .string)])
        let signUp = EntityDescription(
            name: "SignUp",
            properties: [.init(key: "password", valueType: .string), .init(key: "confirmPassword", valueType: .string)])
        #expect(FieldInference.standard.config(for: login).field("password")?.traits.contentHint == "current-password")
        #expect(FieldInference.standard.config(for: signUp).field("password")?.traits.contentHint == "new-password")
    }

    @Test func textIsAutocorrectedAndNamesAreCapitalisedByWord() {
        let inference = FieldInference.standard
        #expect(inference.traits(for: .text, key: "city", passwordIsNew: false).autocorrection)
        #expect(inference.traits(for: .text, key: "fullName", passwordIsNew: false).autocapitalization == .words)
        #expect(inference.traits(for: .email, key: "email", passwordIsNew: false).autocapitalization == .none)
        #expect(inference.traits(for: .boolean, key: "on", passwordIsNew: false) == .none)
    }
}
