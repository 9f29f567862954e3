import ModelForm
import ModelFormTesting
import Synchronization
import Testing

@Suite struct DelegateAndActionTests {
    @Test func callbacksArriveInOrder() throws {
        let delegate = RecordingDelegate()
        var session = try FormSession(editing: RegistrationForm.sample)
        session.observer = DelegateSlot(delegate)
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
        session.observer = DelegateSlot(RecordingDelegate(refuseCommit: true))
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
        session.observer = DelegateSlot(delegate)
        #expect(try session.activate(button))
        #expect(try session.perform(.custom("unknownThing")) == false)
        try session.setValue(false, at: "rememberMe")
        #expect(
            delegate.log == [
                "action submitRegistrationForm", "action unknownThing", "change rememberMe", "action rememberMeChanged",
            ])
    }

    /// A form's delegate gets the form as it is at that moment, drawn with the form's own
    /// environment, and can refuse a commit by what it reads there.
    @Test func aFormsDelegateSeesTheFormAsItIs() throws {
        final class NoEmptyName: FormDelegate {
            let seen = Mutex<[String]>([])
            func form(_ form: Form<FormValue>, didChange change: FormChange) {
                seen.withLock { $0.append("\(change.path)=\(form.value(at: change.path)?.plainText ?? "")") }
            }
            func formShouldCommit(_ form: Form<FormValue>) -> Bool {
                seen.withLock { $0.append("theme \(form.environment.theme.tokens["accent"] ?? "")") }
                return form.value(at: "name") != .string("")
            }
        }
        var environment = FormEnvironment()
        environment.theme.tokens["accent"] = "#0a84ff"
        var form = try Form(editing: RegistrationForm.sample, environment: environment)
        let delegate = NoEmptyName()
        form.delegate = delegate
        try form.setText("", at: "name")
        #expect(throws: FormError.commitRefused) { try form.commit() }
        try form.setText("Ada", at: "name")
        #expect(try form.commit().name == "Ada")
        #expect(delegate.seen.withLock { $0 } == ["name=", "theme #0a84ff", "name=Ada", "theme #0a84ff"])
    }

    @Test(arguments: [
        "save", "cancel", "reset", "add:friends", "remove:friends[2]", "up:a.b[0]", "down:x[1]", "submitForm",
    ])
    func actionTextRoundTrips(text: String) {
        #expect(FormAction(parsing: text).description == text)
    }
}
