import Foundation
import ModelForm

/// The registration form of FXForms' BasicExample, as a Swift model: the fixture most tests use.
public struct RegistrationForm: Codable, Hashable, Sendable {
    /// A single choice.
    public enum Gender: String, Codable, CaseIterable, Sendable { case male, female, other }
    /// A single choice with a placeholder.
    public enum Language: String, Codable, CaseIterable, Sendable { case english, spanish, french, german }
    /// Multi-select choices.
    public enum Interest: String, Codable, CaseIterable, Sendable { case videoGames, computers, socializing, sports }

    /// Bitfield choices.
    public struct Notifications: FormOptionSet, Codable, Hashable {
        /// The bits.
        public let rawValue: UInt8
        /// A bit set.
        public init(rawValue: UInt8) { self.rawValue = rawValue }
        /// By email.
        public static let email = Notifications(rawValue: 1 << 0)
        /// By text message.
        public static let sms = Notifications(rawValue: 1 << 1)
        /// In the app.
        public static let push = Notifications(rawValue: 1 << 2)
        /// Titles for the bits.
        public static let formOptions: [(String, Notifications)] = [("Email", .email), ("SMS", .sms), ("Push", .push)]
    }

    public var email = ""
    public var password = ""
    public var repeatPassword = ""
    public var name = ""
    public var gender: Gender = .other
    public var otherGender: String?
    public var age: UInt = 0
    public var dateOfBirth: Date?
    public var profilePhoto: Data?
    public var language: Language?
    public var interests: [Interest] = []
    public var notifications: Notifications = []
    public var about = ""
    public var homepageURL: URL?
    public var phoneNumber: String?
    public var address = Address()
    public var rememberMe = true
    public var agreedToTerms = false

    /// An empty form.
    public init() {}
}

/// A postal address: the to-one relationship of the fixtures.
public struct Address: Codable, Hashable, Sendable {
    public var street = ""
    public var city = ""
    public var postcode = ""
    public var country: String?

    /// An empty address.
    public init() {}
}

extension RegistrationForm {
    /// A filled-in registration.
    public static var sample: RegistrationForm {
        var form = RegistrationForm()
        form.email = "ada@example.com"
        form.password = "s3cret!"
        form.repeatPassword = "s3cret!"
        form.name = "Ada Lovelace"
        form.gender = .female
        form.age = 36
        form.language = .english
        form.interests = [.computers]
        form.address.city = "London"
        return form
    }
}
