import ModelForm
import ModelFormTesting
import Testing

@Suite struct DelegateAndActionTests {
    @Test func callbacksArriveInOrder() throws {
        let delegate = RecordingDelegate()
        var session = try FormSession(editing: RegistrationForm.sample)
        session.delegate = delegate
        try session.setText("Ada", at: "name")
        try session.setText("Ada", at: "name")
        try session.perform(.save)
        try session.setText("Bob", at: "name")
        try session.perform(.cancel)
        #expect(delegate.log == ["change name", "should", "will", "did", "change name", "cancel"])
        #expect(session.value(at: "name") == .string("Ada"))
    }

    @Test func aDelegateCanRefuseTheCommit() throws {
        var session = try FormSession(editing: RegistrationForm.sample)
        session.delegate = RecordingDelegate(refuseCommit: true)
        try session.setText("Ada", at: "name")
        #expect(throws: FormError.commitRefused) { try session.commit() }
        #expect(session.isDirty)
    }

    @Test func customActionsAndVirtualFieldsReachTheDelegate() throws {
        let delegate = RecordingDelegate(handledActions: ["submitRegistrationForm"])
        var configs = ConfigDictionary(try ModelDescription(type: RegistrationForm.self))
        let button = Field(key: nil, type: .action, title: "Submit", action: "submitRegistrationForm")
        configs["RegistrationForm"]?.fields.append(button)
        try configs["RegistrationForm"]?.update("rememberMe") { $0.action = "rememberMeChanged" }
        var session = try FormSession(editing: RegistrationForm.sample, configs: configs)
        session.delegate = delegate
        #expect(try session.activate(button))
        #expect(try session.perform(.custom("unknownThing")) == false)
        try session.setValue(false, at: "rememberMe")
        #expect(
            delegate.log == [
                "action submitRegistrationForm", "action unknownThing", "change rememberMe", "action rememberMeChanged",
            ])
    }

    @Test(arguments: [
        "save", "cancel", "reset", "add:friends", "remove:friends[2]", "up:a.b[0]", "down:x[1]", "submitForm",
    ])
    func actionTextRoundTrips(text: String) {
        #expect(FormAction(parsing: text).description == text)
    }
}
