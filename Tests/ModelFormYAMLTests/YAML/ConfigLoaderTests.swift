import ModelForm
import ModelFormTesting
import ModelFormYAML
import Testing

@Suite struct ConfigLoaderTests {
    static func registration() throws -> ConfigDictionary {
        ConfigDictionary(try ModelDescription(type: RegistrationForm.self))
    }

    @Test func theBundledRegistrationConfigLoads() throws {
        var configs = try Self.registration()
        try ConfigLoader().apply(
            text: PackagePaths.text("config/registration.forms.yaml"), file: "config/registration.forms.yaml",
            to: &configs)
        let root = configs.root
        #expect(root.title == "Create Your Account")
        #expect(root.sections.map(\.header) == ["Account", "Details", "Legal"])
        #expect(root.sections.last?.footer == "You can change these choices at any time in your settings.")
        #expect(root.field("agreedToTerms")?.type == .option)
        #expect(root.field("password")?.rules == [.init(.required), .init(.length(min: 8, max: nil))])
        #expect(
            root.field("repeatPassword")?.rules == [.init(.equalTo("password"), message: "Passwords do not match.")])
        #expect(root.field("age")?.cell == "stepper")
        #expect(root.field("email")?.sources["placeholder"] == "config/registration.forms.yaml:8:37")
        #expect(root.field("gender")?.sources.isEmpty == true)
        #expect(root.actions.map(\.action) == ["submitRegistrationForm", "cancel"])
        #expect(configs["Address"]?.field("country")?.placeholder == "Country (optional)")
    }

    @Test func fieldsOrderAndSubsetExcludedAndExtraFields() throws {
        var configs = try Self.registration()
        let text = """
            RegistrationForm:
              fields: [name, {key: email, header: Contact}, phoneNumber, {key: about, footer: null}]
              excludedFields: [phoneNumber]
              extraFields:
                - {title: Terms and Conditions, action: showTerms}
            """
        try ConfigLoader().apply(text: text, file: "c.yaml", to: &configs)
        #expect(configs.root.fields.map(\.id) == ["name", "email", "about", "action:showTerms"])
        #expect(configs.root.sections.map(\.header) == [nil, "Contact", nil])
        #expect(configs.root.field("about")?.footer == "")
        #expect(configs.root.fields.last?.type == .action)
    }

    /// A field list in FXForms' own form (its dynamic-fields example's shape): JSON, key
    /// strings and dictionaries mixed, cell key paths, Objective-C classes, selectors.
    static let fxFormsFieldList = """
        [
         {"header": "Account", "key": "email"},
         "password",
         "repeatPassword",
         {"header": "Details", "key": "name", "textField.autocapitalizationType": 1},
         {"key": "gender", "options": ["Male", "Female", "Other"]},
         {"key": "dateOfBirth", "type": "date"},
         {"key": "age", "type": "integer", "cell": "FXFormStepperCell"},
         {"key": "profilePhoto", "type": "image"},
         "phone",
         {"key": "language", "options": ["English", "Spanish"], "placeholder": "None", "cell": "FXFormOptionPickerCell"},
         {"key": "interests", "class": "NSArray", "placeholder": "None", "options": ["Games", "Animals"]},
         {"key": "otherInterests", "type": "bitfield", "placeholder": "None", "options": ["Computers", "Sports"]},
         {"key": "about", "type": "longtext"},
         {"header": "Legal", "key": "terms", "class": "TermsViewController"},
         {"key": "agreedToTerms", "title": "I Agree", "type": "option"},
         {"header": "", "title": "Submit", "action": "submitRegistrationForm:"}
        ]
        """

    @Test func anFXFormsFieldListLoadsUnchanged() throws {
        var configs = try Self.registration()
        try ConfigLoader().apply(text: Self.fxFormsFieldList, file: "config/FormFields.json", to: &configs)
        let form = try #require(configs["FormFields"])
        #expect(form.sections.map(\.header) == ["Account", "Details", "Legal", nil])
        #expect(
            form.fields.map(\.type) == [
                .email, .password, .password, .text, .options, .date, .integer, .image, .phone, .options, .multiSelect,
                .bitfield,
                .longText, .label, .option, .action,
            ])
        #expect(form.field("name")?.traits.autocapitalization == .words)
        #expect(form.field("name")?.cellProperties == ["textField.autocapitalizationType": "1"])
        #expect(form.field("terms")?.readOnly == true)
        #expect(form.fields.last?.action == "submitRegistrationForm")
        var session = FormSession(values: .record([:]), configs: configs, typeName: "FormFields")
        try session.setTexts([("interests", "Games, Animals"), ("otherInterests", "Sports"), ("agreedToTerms", "yes")])
        #expect(session.value(at: "interests") == .list([.string("Games"), .string("Animals")]))
        #expect(session.value(at: "otherInterests") == .uint(2))
    }

    @Test func theSameListAppliedToAKnownTypeChecksItsKeys() throws {
        var configs = try Self.registration()
        let node = try YAMLParser.parseDocument(Self.fxFormsFieldList, file: "FormFields.json")
        do {
            try ConfigLoader().applyFieldList(
                node, source: Self.fxFormsFieldList, typeName: "RegistrationForm", to: &configs)
            Issue.record("expected errors")
        } catch {
            #expect(
                error.diagnostics.map(\.message) == [
                    "unknown field 'phone' in 'RegistrationForm'",
                    "unknown field 'otherInterests' in 'RegistrationForm'",
                    "unknown field 'terms' in 'RegistrationForm'",
                ])
        }
        #expect(configs.root == (try Self.registration()).root)
    }

    @Test func errorsAreExactWithSourceLineAndCaretEvenAfterNonASCII() throws {
        var configs = try Self.registration()
        let before = configs.root
        let text = """
            RegistrationForm:
              title: Créer un compte — 日本語
              fields:
                - {title: "日本語", key: emial}
                - {key: age, type: stepper, cell: 12}
                - {key: gender, options: {male: Homme}, inline: maybe}
              overrides:
                nmae: {title: Nom}
            Adress: {}
            """
        do {
            try ConfigLoader().apply(text: text, file: "config/forms.yaml", to: &configs)
            Issue.record("expected errors")
        } catch {
            #expect(
                error.description == """
                    config/forms.yaml:4:27: error: unknown field 'emial' in 'RegistrationForm'; did you mean 'email'?
                     4 |     - {title: "日本語", key: emial}
                       |                              ^
                    config/forms.yaml:5:24: error: unknown field type 'stepper'
                     5 |     - {key: age, type: stepper, cell: 12}
                       |                        ^
                    config/forms.yaml:6:53: error: 'inline' must be true or false, not 'maybe'
                     6 |     - {key: gender, options: {male: Homme}, inline: maybe}
                       |                                                     ^
                    config/forms.yaml:8:5: error: unknown field 'nmae' in 'RegistrationForm'; did you mean 'name'?
                     8 |     nmae: {title: Nom}
                       |     ^
                    config/forms.yaml:9:1: error: unknown type 'Adress'; did you mean 'Address'?
                     9 | Adress: {}
                       | ^
                    """)
        }
        #expect(configs.root == before)
    }

    @Test(arguments: [
        ("RegistrationForm: {fields: [email, email]}", "c.yaml:1:36: error: 'email' is listed twice (first at line 1)"),
        (
            "RegistrationForm: {fields: [{key: age, rules: [requird]}]}",
            "c.yaml:1:48: error: unknown rule 'requird'; did you mean 'required'?"
        ),
        (
            "RegistrationForm: {fields: [{key: age, rules: [{length: {min: x}}]}]}",
            "c.yaml:1:63: error: a length must be a whole number, not 'x'"
        ),
        (
            "RegistrationForm: {fields: [{key: age, default: old}]}",
            "c.yaml:1:49: error: invalid default: 'old' is not a whole number"
        ),
        (
            "RegistrationForm: {fields: [{key: address, default: {city: Paris, street: [1, 2]}}]}",
            "c.yaml:1:53: error: invalid default: street: expected String, got a list"
        ),
        (
            "RegistrationForm: {fields: [{key: password, rules: [{equalTo: pasword}]}]}",
            "c.yaml:1:63: error: unknown field 'pasword' in 'equalTo'; did you mean 'password'?"
        ),
        (
            "RegistrationForm: {fields: [{key: age, segue: x}]}",
            "c.yaml:1:40: error: 'segue' names a UIKit view controller; ModelForm has no view controllers (use 'action')"
        ),
        (
            "RegistrationForm: {feilds: []}",
            "c.yaml:1:20: error: unknown setting 'feilds' in 'RegistrationForm'; did you mean 'fields'?"
        ),
        (
            "RegistrationForm: {fields: [{placeholder: x}]}",
            "c.yaml:1:29: error: a field without a 'key' needs a 'title' or an 'action'"
        ),
        (
            "RegistrationForm: {fields: [{key: age, rules: [{pattern: '('}]}]}",
            "c.yaml:1:58: error: '(' is not a valid regular expression"
        ),
        (
            "RegistrationForm: {fields: [{key: age, rules: [{multipleOf: 0}]}]}",
            "c.yaml:1:61: error: 'multipleOf' must be greater than 0"
        ),
        (
            "RegistrationForm: {fields: [{key: age, rules: [{multipleof: 5}]}]}",
            "c.yaml:1:49: error: unknown rule 'multipleof'; did you mean 'multipleOf'?"
        ),
    ])
    func eachMistakeHasAClearMessage(text: String, expected: String) throws {
        var configs = try Self.registration()
        do {
            try ConfigLoader().apply(text: text, file: "c.yaml", to: &configs)
            Issue.record("expected an error")
        } catch {
            #expect(error.diagnostics.map(\.description) == [expected])
        }
    }

    @Test func knownCellsAndFieldTypesComeFromTheCaller() throws {
        var configs = try Self.registration()
        var loader = ConfigLoader()
        loader.cells = ["stepper", "slider"]
        loader.fieldTypes.insert("rating")
        try loader.apply(
            text: "RegistrationForm: {overrides: {age: {type: rating, cell: stepper}}}", file: "c.yaml", to: &configs)
        #expect(configs.root.field("age")?.type == "rating")
        #expect(throws: DiagnosticList.self) {
            try loader.apply(text: "RegistrationForm: {overrides: {age: {cell: steper}}}", file: "c.yaml", to: &configs)
        }
    }
}
