import Foundation
import ModelForm
import ModelFormTesting
import Testing

@Suite struct FormSessionTests {
    @Test func roundTripFromStringsToTheTypedModel() throws {
        var session = try FormSession(editing: RegistrationForm(), configs: registrationConfigs())
        try session.setTexts([
            ("email", "ada@example.com"), ("password", "s3cret!"), ("repeatPassword", "s3cret!"),
            ("name", "Ada Lovelace"), ("gender", "Female"), ("age", "36"), ("dateOfBirth", "1815-12-10"),
            ("language", "english"), ("interests", "computers, Sports"), ("notifications", "Email, Push"),
            ("about", "Analyst\nof engines"), ("homepageURL", "https://example.com/ada"),
            ("phoneNumber", "+44 20 1234"),
            ("address.street", "12 St James's Square"), ("address.city", "London"), ("address.country", ""),
            ("rememberMe", "no"), ("agreedToTerms", "yes"),
        ])
        let saved = try session.commit(as: RegistrationForm.self)
        var expected = RegistrationForm()
        expected.email = "ada@example.com"
        expected.password = "s3cret!"
        expected.repeatPassword = "s3cret!"
        expected.name = "Ada Lovelace"
        expected.gender = .female
        expected.age = 36
        expected.dateOfBirth = ISODate.parseDate("1815-12-10")
        expected.language = .english
        expected.interests = [.computers, .sports]
        expected.notifications = [.email, .push]
        expected.about = "Analyst\nof engines"
        expected.homepageURL = URL(string: "https://example.com/ada")
        expected.phoneNumber = "+44 20 1234"
        expected.address.street = "12 St James's Square"
        expected.address.city = "London"
        expected.rememberMe = false
        expected.agreedToTerms = true
        #expect(saved == expected)
        #expect(!session.isDirty)
        #expect(session.changes.isEmpty)
    }

    @Test func cancelAfterManyEditsRestoresTheOriginalExactly() throws {
        let original = RegistrationForm.sample
        var session = try FormSession(editing: original)
        let before = session.values
        for round in 0..<50 {
            try session.setText("user\(round)@example.com", at: "email")
            try session.setText("\(round)", at: "age")
            try session.setValue(round % 2 == 0, at: "rememberMe")
            try session.setText("Street \(round)", at: "address.street")
        }
        #expect(session.isDirty)
        session.cancel()
        #expect(session.values == before)
        #expect(!session.isDirty)
        #expect(try session.commit(as: RegistrationForm.self) == original)
    }

    @Test(
        arguments: [
            ("age", "-3", "must not be negative"),
            ("age", "old", "'old' is not a whole number"),
            ("gender", "robot", "'robot' is not one of the options (Male, Female, Other)"),
            ("dateOfBirth", "yesterday", "'yesterday' is not a date (YYYY-MM-DD)"),
            ("address.city", "", nil),
        ] as [(String, String, String?)])
    func invalidInputLeavesValuesUnchangedAndNamesThePath(path: String, text: String, message: String?) throws {
        var session = try FormSession(editing: RegistrationForm.sample)
        let before = session.values
        guard let message else {
            try session.setText(text, at: FormPath(parsing: path))
            return
        }
        let expected = FormError.invalidInput([
            FieldError(path: try FormPath(parsing: path), rule: "parse", message: message)
        ])
        #expect(throws: expected) {
            try session.setTexts([("email", "new@example.com"), (try FormPath(parsing: path), text)])
        }
        #expect(session.values == before)
    }

    @Test func typedValuesAreCheckedAgainstTheProperty() throws {
        var session = try FormSession(editing: RegistrationForm.sample)
        let before = session.values
        #expect(throws: FormError.self) { try session.setValue("forty", at: "age") }
        #expect(throws: FormError.self) { try session.setValue(FormValue.string("robot"), at: "gender") }
        #expect(throws: FormError.self) { try session.setValue(FormValue.null, at: "email") }
        #expect(throws: FormError.unknownField("emial")) { try session.setValue("x", at: "emial") }
        #expect(session.values == before)
        try session.setValue(RegistrationForm.Gender.male, at: "gender")
        try session.setValue(40, at: "age")
        #expect(session.value(at: "age") == .uint(40))
        #expect(session.value(at: "gender") == .string("male"))
    }

    @Test func changesReportOnlyWhatChanged() throws {
        var session = try FormSession(editing: RegistrationForm.sample)
        #expect(session.changes.isEmpty)
        #expect(session.changedValues.isEmpty)
        try session.setText("Ada King", at: "name")
        try session.setText("Paris", at: "address.city")
        try session.setText("36", at: "age")
        #expect(session.changedValues == ["name": .string("Ada King"), "address.city": .string("Paris")])
        #expect(session.changes.map(\.old) == [.string("Ada Lovelace"), .string("London")])
        try session.setText("Ada Lovelace", at: "name")
        #expect(session.changes.map(\.path) == ["address.city"])
    }

    @Test func commitIsRefusedWhileErrorsExist() throws {
        var session = try FormSession(editing: RegistrationForm(), configs: registrationConfigs())
        try session.setTexts([("password", "abc"), ("repeatPassword", "abd")])
        let before = session.values
        #expect(throws: FormError.self) { try session.commit() }
        #expect(session.errors.map(\.rule) == ["required", "length", "equalTo", "required"])
        #expect(session.errors.map(\.path.description) == ["email", "password", "repeatPassword", "agreedToTerms"])
        #expect(session.errors(at: "agreedToTerms").first?.message == "must be checked")
        #expect(session.values == before)
        #expect(session.original != before)
    }

    @Test func resetSetsDefaultsAndCancelUndoesIt() throws {
        var configs = ConfigDictionary(try ModelDescription(type: RegistrationForm.self))
        try configs["RegistrationForm"]?.update("name") { $0.defaultValue = .string("Anonymous") }
        var session = try FormSession(editing: RegistrationForm.sample, configs: configs)
        session.reset()
        #expect(session.value(at: "name") == .string("Anonymous"))
        #expect(session.value(at: "email") == .string(""))
        #expect(session.value(at: "gender") == .string("male"))
        #expect(session.value(at: "language") == .null)
        #expect(session.value(at: "address.city") == .string(""))
        session.cancel()
        #expect(try session.commit(as: RegistrationForm.self) == RegistrationForm.sample)
    }

    @Test func readOnlyFieldsRefuseEdits() throws {
        var configs = ConfigDictionary(try ModelDescription(type: RegistrationForm.self))
        try configs["RegistrationForm"]?.update("email") { $0.readOnly = true }
        var session = try FormSession(editing: RegistrationForm.sample, configs: configs)
        #expect(throws: FormError.notEditable("email", "it is read-only")) { try session.setText("x@y.z", at: "email") }
    }
}

private struct Renamed: Codable, Equatable {
    var emailAddress = ""
    var fullName = ""
    enum CodingKeys: String, CodingKey {
        case emailAddress = "email_address"
        case fullName = "full_name"
    }
}

@Suite struct CodingKeyTests {
    @Test func customCodingKeysNameTheFields() throws {
        var session = try FormSession(editing: Renamed())
        #expect(session.config.fields.map(\.key) == ["email_address", "full_name"])
        #expect(session.config.field("email_address")?.type == .email)
        #expect(session.config.field("full_name")?.title == "Full Name")
        try session.setText("ada@example.com", at: "email_address")
        #expect(try session.commit(as: Renamed.self) == Renamed(emailAddress: "ada@example.com", fullName: ""))
    }
}

@Suite struct TransformerTests {
    @Test func aReversibleTransformerReadsTypedText() throws {
        var configs = ConfigDictionary(
            ModelDescription(
                root: "T",
                entities: [
                    EntityDescription(name: "T", properties: [.init(key: "gender", valueType: .integer(bits: 64))])
                ]))
        try configs["T"]?.update("gender") { $0.valueTransformer = "gender" }
        var session = FormSession(values: .record(["gender": .int(10)]), configs: configs)
        session.transformers.register(.table("gender", [.int(10): "Male", .int(15): "Female", .int(-1): "Other"]))
        try session.setText("Female", at: "gender")
        #expect(session.value(at: "gender") == .int(15))
        #expect(
            throws: FormError.invalidInput([
                FieldError(path: "gender", rule: "parse", message: "'Robot' is not a value of gender")
            ])
        ) {
            try session.setText("Robot", at: "gender")
        }
        #expect(
            FieldDisplay(configs: configs, transformers: session.transformers).display(
                .int(-1), for: configs["T"]!.field("gender")!) == "Other")
    }
}
