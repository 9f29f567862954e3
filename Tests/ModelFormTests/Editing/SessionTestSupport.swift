import Foundation
import ModelForm
import ModelFormTesting
import Synchronization

/// A delegate that records every callback, for tests.
final class RecordingDelegate: FormSessionDelegate {
    let events = Mutex<[String]>([])
    let refuseCommit: Bool
    let handledActions: Set<String>

    init(refuseCommit: Bool = false, handledActions: Set<String> = []) {
        self.refuseCommit = refuseCommit
        self.handledActions = handledActions
    }

    var log: [String] { events.withLock { $0 } }
    private func record(_ event: String) { events.withLock { $0.append(event) } }

    func session(_ session: FormSession, didChange change: FormChange) { record("change \(change.path)") }
    func sessionShouldCommit(_ session: FormSession) -> Bool {
        record("should")
        return !refuseCommit
    }
    func sessionWillCommit(_ session: FormSession) { record("will") }
    func sessionDidCommit(_ session: FormSession) { record("did") }
    func sessionDidCancel(_ session: FormSession) { record("cancel") }
    func session(_ session: FormSession, perform action: String, for field: Field?) -> Bool {
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
