import Foundation
import ModelForm
import ModelFormTesting
import Synchronization

/// A delegate that records every callback, for tests.
final class RecordingDelegate: FormDelegate {
    let events = Mutex<[String]>([])
    let refuseCommit: Bool
    let handledActions: Set<String>

    init(refuseCommit: Bool = false, handledActions: Set<String> = []) {
        self.refuseCommit = refuseCommit
        self.handledActions = handledActions
    }

    var log: [String] { events.withLock { $0 } }
    private func record(_ event: String) { events.withLock { $0.append(event) } }

    func form(_ form: Form<FormValue>, didChange change: FormChange) { record("change \(change.path)") }
    func formShouldCommit(_ form: Form<FormValue>) -> Bool {
        record("should")
        return !refuseCommit
    }
    func formWillCommit(_ form: Form<FormValue>) { record("will") }
    func formDidCommit(_ form: Form<FormValue>) { record("did") }
    func formDidCancel(_ form: Form<FormValue>) { record("cancel") }
    func form(_ form: Form<FormValue>, perform action: String, for field: Field?) -> Bool {
        record("action \(action)")
        return handledActions.contains(action)
    }
}

/// Configs for the registration form with the rules a real sign-up form has.
func registrationConfigs() throws -> ConfigDictionary {
    var configs = ConfigDictionary(try ModelDescription(type: RegistrationForm.self))
    try configs["RegistrationForm"]?.update("email") { $0.rules = [.init(.required)] }
    try configs["RegistrationForm"]?.update("password") {
        $0.rules = [.init(.required), .init(.length(min: 6, max: nil))]
    }
    try configs["RegistrationForm"]?.update("repeatPassword") { $0.rules = [.init(.equalTo("password"))] }
    try configs["RegistrationForm"]?.update("agreedToTerms") { $0.rules = [.init(.required)] }
    return configs
}
