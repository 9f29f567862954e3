import Foundation
import ModelForm
import ModelFormTesting
import Testing

private struct Team: Codable, Equatable {
    var name = ""
    var members: [Person] = []
}

@Suite struct SubmissionTests {
    static let registrationBody = [
        "_csrf=token123", "email=ada%40example.com", "password=s3cret%21", "repeatPassword=s3cret%21",
        "name=Ada+Lovelace", "gender=female", "age=36", "dateOfBirth=1815-12-10", "profilePhoto=",
        "language=", "interests%5B%5D=computers", "interests%5B%5D=sports", "notifications=email",
        "notifications=push", "about=Line+1%0D%0ALine+2", "homepageURL=https%3A%2F%2Fexample.com%2F%3Fa%3Db%26c",
        "phoneNumber=", "address%5Bstreet%5D=12+St+James%27s+Square", "address%5Bcity%5D=London",
        "address%5Bpostcode%5D=SW1Y", "address%5Bcountry%5D=UK", "rememberMe=false", "agreedToTerms=false",
        "agreedToTerms=true", "_action=save",
    ].joined(separator: "&")

    @Test func aRegistrationSubmissionDecodesIntoTheModel() throws {
        var configs = try registrationConfigs()
        try configs["RegistrationForm"]?.update("address") { $0.inline = true }  // the body has the address's fields
        var session = try Form(editing: RegistrationForm(), configs: configs)
        let action = try session.apply(submission: Self.registrationBody)
        #expect(action == .save)
        var expected = RegistrationForm()
        expected.email = "ada@example.com"
        expected.password = "s3cret!"
        expected.repeatPassword = "s3cret!"
        expected.name = "Ada Lovelace"
        expected.gender = .female
        expected.age = 36
        expected.dateOfBirth = ISODate.parseDate("1815-12-10")
        expected.interests = [.computers, .sports]
        expected.notifications = [.email, .push]
        expected.about = "Line 1\r\nLine 2"
        expected.homepageURL = URL(string: "https://example.com/?a=b&c")
        expected.phoneNumber = nil
        expected.address.street = "12 St James's Square"
        expected.address.city = "London"
        expected.address.postcode = "SW1Y"
        expected.address.country = "UK"
        expected.rememberMe = false
        expected.agreedToTerms = true
        #expect(try session.commit() == expected)
    }

    @Test func anAbsentCheckboxMeansOff() throws {
        var session = try Form(editing: RegistrationForm.sample)
        #expect(session.values["rememberMe"] == .bool(true))
        try session.apply(submission: "name=Ada")
        #expect(session.values["rememberMe"] == .bool(false))
        #expect(session.values["interests"] == .list([]))
        #expect(session.values["notifications"] == .uint(0))
        #expect(session.values["email"] == .string("ada@example.com"))
    }

    @Test func badInputChangesNothingAndListsEveryProblem() throws {
        var session = try Form(editing: RegistrationForm.sample)
        let before = session.values
        let body = "age=-1&gender=robot&emial=x&a%5Bb"
        #expect(
            throws: FormError.invalidInput([
                FieldError(path: "", rule: "unknown", message: "'a[b' is not a valid field name"),
                FieldError(path: "age", rule: "parse", message: "must not be negative"),
                FieldError(
                    path: "gender", rule: "parse", message: "'robot' is not one of the options (Male, Female, Other)"),
                FieldError(path: "emial", rule: "unknown", message: "is not a field of this form"),
            ])
        ) { try session.apply(submission: body) }
        #expect(session.values == before)
    }

    @Test func failedValidationChangesNothingButTheFormKeepsTheInputAndErrors() throws {
        var session = try Form(editing: RegistrationForm(), configs: registrationConfigs())
        let before = session.values
        let body = "email=&password=abc&repeatPassword=abc&name=Ada"
        #expect(throws: FormError.self) { try session.apply(submission: body) }
        #expect(session.values == before)
        // The form keeps what was sent and every error, to draw again.
        #expect(session.displayedValues["name"] == .string("Ada"))
        #expect(session.errors.map(\.path.description) == ["email", "password", "agreedToTerms"])
    }

    @Test func readOnlyFieldsIgnoreSubmittedValues() throws {
        var configs = ConfigDictionary(try ModelDescription(type: RegistrationForm.self))
        try configs["RegistrationForm"]?.update("email") { $0.readOnly = true }
        var session = try Form(editing: RegistrationForm.sample, configs: configs)
        try session.apply(submission: "email=attacker%40evil.test&name=Eve")
        #expect(session.values["email"] == .string("ada@example.com"))
        #expect(session.values["name"] == .string("Eve"))
    }

    @Test func collectionsTakeTheSubmittedItems() throws {
        var session = try Form(
            editing: Team(name: "T", members: [Person(name: "Ann", friends: [Person(name: "Zed")])]))
        let action = try session.apply(
            submission: "name=T&members%5B0%5D%5Bname%5D=Anna&members%5B1%5D%5Bname%5D=Ben&_action=add%3Amembers")
        #expect(action == .add("members"), "the button's action is done as the submission is applied")
        let team = try session.commit()
        #expect(team.members == [Person(name: "Anna", friends: [Person(name: "Zed")]), Person(name: "Ben"), Person()])
    }
}
