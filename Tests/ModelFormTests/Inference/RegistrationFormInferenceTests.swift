import ModelForm
import ModelFormTesting
import Testing

@Suite struct RegistrationFormInferenceTests {
    static let expected: [(key: String, type: FieldType, title: String)] = [
        ("email", .email, "Email"),
        ("password", .password, "Password"),
        ("repeatPassword", .password, "Repeat Password"),
        ("name", .text, "Name"),
        ("gender", .options, "Gender"),
        ("otherGender", .text, "Other Gender"),
        ("age", .unsigned, "Age"),
        ("dateOfBirth", .date, "Date Of Birth"),
        ("profilePhoto", .image, "Profile Photo"),
        ("language", .options, "Language"),
        ("interests", .multiSelect, "Interests"),
        ("notifications", .bitfield, "Notifications"),
        ("about", .longText, "About"),
        ("homepageURL", .url, "Homepage URL"),
        ("phoneNumber", .phone, "Phone Number"),
        ("address", .subform, "Address"),
        ("rememberMe", .boolean, "Remember Me"),
        ("agreedToTerms", .boolean, "Agreed To Terms"),
    ]

    @Test func fromTypeInfersKeysTypesTitlesInOrder() throws {
        let configs = ConfigDictionary(try ModelDescription(type: RegistrationForm.self))
        let fields = configs.root.fields
        #expect(fields.map(\.key) == Self.expected.map(\.key))
        #expect(fields.map(\.type) == Self.expected.map(\.type))
        #expect(fields.map(\.title) == Self.expected.map(\.title))
    }

    @Test func fromInstanceMatchesFromType() throws {
        let byType = try ModelDescription(type: RegistrationForm.self)
        let byInstance = try ModelDescription(describing: RegistrationForm())
        #expect(byType == byInstance)
    }

    @Test func oneSectionAndSaveCancel() throws {
        let root = ConfigDictionary(try ModelDescription(type: RegistrationForm.self)).root
        #expect(root.sections.count == 1)
        #expect(root.sections[0].header == nil)
        #expect(root.actions.map(\.action) == ["save", "cancel"])
        #expect(root.title == "Registration Form")
    }

    @Test func traitsOfTheRegistrationForm() throws {
        let root = ConfigDictionary(try ModelDescription(type: RegistrationForm.self)).root
        let email = try #require(root.field("email")).traits
        #expect(email.keyboard == .email)
        #expect(email.autocorrection == false)
        #expect(email.autocapitalization == .none)
        #expect(email.contentHint == "email")
        let password = try #require(root.field("password")).traits
        #expect(password.secureEntry)
        #expect(password.contentHint == "new-password")
        #expect(root.field("age")?.traits.keyboard == .numberPad)
        #expect(root.field("phoneNumber")?.traits.contentHint == "tel")
        #expect(root.field("name")?.traits.autocapitalization == .words)
        #expect(root.field("rememberMe")?.traits == InputTraits.none)
    }

    @Test func enumOptionsComeFromTheCases() throws {
        let root = ConfigDictionary(try ModelDescription(type: RegistrationForm.self)).root
        let gender = try #require(root.field("gender"))
        #expect(
            gender.options == [
                FieldOption(value: .string("male"), title: "Male"),
                FieldOption(value: .string("female"), title: "Female"),
                FieldOption(value: .string("other"), title: "Other"),
            ])
        let interests = try #require(root.field("interests"))
        #expect(interests.options.map(\.title) == ["Video Games", "Computers", "Socializing", "Sports"])
        let notifications = try #require(root.field("notifications"))
        #expect(
            notifications.options == [
                FieldOption(value: .uint(1), title: "Email"),
                FieldOption(value: .uint(2), title: "SMS"),
                FieldOption(value: .uint(4), title: "Push"),
            ])
    }
}
