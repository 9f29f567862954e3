import Foundation
import ModelForm

/// A model with every field type, a nested subform, a recursive relationship, collections
/// of models and of scalars: the fixture every renderer draws.
public struct Everything: Codable, Sendable {
    /// Options.
    public enum Size: String, Codable, CaseIterable, Sendable { case small, medium, large }
    /// Multi-select.
    public enum Topping: String, Codable, CaseIterable, Sendable { case cheese, ham, pineapple }
    /// Bitfield.
    public struct Days: FormOptionSet, Codable, Hashable {
        public let rawValue: UInt8
        public init(rawValue: UInt8) { self.rawValue = rawValue }
        public static let monday = Days(rawValue: 1), tuesday = Days(rawValue: 2), wednesday = Days(rawValue: 4)
        public static let formOptions: [(String, Days)] = [
            ("Monday", .monday), ("Tuesday", .tuesday), ("Wednesday", .wednesday),
        ]
    }

    public var name = ""
    public var notes = ""
    public var email = ""
    public var password = ""
    public var homepageURL = ""
    public var phone = ""
    public var price = Decimal(0)
    public var quantity = 0
    public var age: UInt = 0
    public var ratio = 0.0
    public var subscribed = false
    public var agreed = false
    public var birthday = Date(timeIntervalSince1970: 0)
    public var startTime = Date(timeIntervalSince1970: 0)
    public var createdAt = Date(timeIntervalSince1970: 0)
    public var photo: Data?
    public var size = Size.small
    public var toppings: [Topping] = []
    public var days: Days = []
    public var address = Address()
    public var billing: Address?
    public var mentor: Person?
    public var friends: [Person] = []
    public var tags: [String] = []
    public var reference = ""

    public init() {}
}

/// The "everything" fixture: configs, values with hostile strings, and errors.
public enum EverythingFixture {
    /// Text that tries to break every output: HTML, Markdown tables and links, terminal
    /// escapes, bidi overrides, wide and combining characters.
    public static let hostile =
        "<script>alert(1)</script> \"'><img src=x onerror=alert(1)> | a | b | `code` [x](javascript:alert(1)) \u{1B}[31mred\u{1B}[0m \u{202E}gnp.exe 日本語 é 🎉"

    /// The forms, with the settings the fixture exercises.
    public static var configs: ConfigDictionary {
        do { return try makeConfigs() } catch { preconditionFailure("the fixture names a field it lacks: \(error)") }
    }

    private static func makeConfigs() throws -> ConfigDictionary {
        var configs = ConfigDictionary(try ModelDescription(type: Everything.self))
        configs["Everything"]?.title = "Everything <Form>"
        try configs["Everything"]?.update("name") {
            $0.rules = [.init(.required)]
            $0.header = "Text"
            $0.help = "Your <full> name."
        }
        try configs["Everything"]?.update("email") {
            $0.rules = [.init(.required), .init(.email)]
            $0.placeholder = "you@example.com"
        }
        try configs["Everything"]?.update("password") { $0.rules = [.init(.length(min: 8, max: 64))] }
        try configs["Everything"]?.update("price") {
            $0.header = "Numbers"
            $0.rules = [.init(.range(min: 0, max: 1000))]
        }
        try configs["Everything"]?.update("subscribed") { $0.header = "Choices" }
        try configs["Everything"]?.update("agreed") {
            $0.type = .option
            $0.rules = [.init(.required)]
        }
        try configs["Everything"]?.update("birthday") { $0.header = "Dates" }
        try configs["Everything"]?.update("createdAt") { $0.footer = "All times are UTC." }
        try configs["Everything"]?.update("photo") { $0.header = "Other" }
        try configs["Everything"]?.update("size") { $0.placeholder = "Pick a size" }
        try configs["Everything"]?.update("address") {
            $0.inline = true
            $0.header = "Relationships"
        }
        try configs["Everything"]?.update("friends") { $0.sortable = true }
        try configs["Everything"]?.update("reference") {
            $0.readOnly = true
            $0.type = .label
        }
        configs["Everything"]?.fields.append(
            Field(key: nil, type: .action, title: "Send a <test> email", action: "sendTest"))
        configs["Everything"]?.actions.append(Field(key: nil, type: .action, title: "Reset", action: "reset"))
        return configs
    }

    /// The values: every field filled, hostile text in several.
    public static var values: FormValue {
        var model = Everything()
        model.name = hostile
        model.notes = "Line one\nLine two with | pipe\n\(hostile)"
        model.email = "not-an-email"
        model.password = "secret-password"
        model.homepageURL = "javascript:alert(1)"
        model.phone = "+44 20 7946 0958"
        model.price = Decimal(sign: .plus, exponent: -2, significand: 1250)
        model.quantity = -3
        model.age = 42
        model.ratio = 0.25
        model.subscribed = true
        model.birthday = Date(timeIntervalSince1970: 638_928_000)  // 1990-04-01
        model.startTime = Date(timeIntervalSince1970: 34_200)  // 09:30
        model.createdAt = Date(timeIntervalSince1970: 1_714_558_500)  // 2024-05-01T10:15:00Z
        model.photo = Data([0x89, 0x50, 0x4E, 0x47])
        model.size = .medium
        model.toppings = [.cheese, .pineapple]
        model.days = [.monday, .wednesday]
        model.address.street = "1 <Main> St"
        model.address.city = "Zürich"
        model.billing = Address()
        model.billing?.street = "2 Side St"
        model.mentor = Person(name: "Grace", friends: [Person(name: "Alan")])
        model.friends = [Person(name: "Ada | Lovelace"), Person(name: "Charles", friends: [Person(name: "Mary")])]
        model.tags = ["swift", "<b>bold</b>"]
        model.reference = "REF-\u{1B}]0;pwned\u{07}-1"
        do {
            return try FormValueEncoder().encode(model)
        } catch {
            preconditionFailure("the Everything fixture encodes: \(error)")
        }
    }

    /// Errors on some fields, as validation reports them.
    public static var errors: [FieldError] {
        var session = FormSession(values: values, configs: configs)
        return session.validate() + [
            FieldError(path: FormPath(), rule: "model", message: "The <form> as a whole is wrong.")
        ]
    }

    /// The tree every renderer draws, with links for navigable subforms.
    public static func tree(theme: Theme = .default) -> FormNode {
        FormTreeBuilder(configs: configs, theme: theme, link: { typeName, path in "\(typeName).html#\(path)" })
            .build(typeName: "Everything", values: values, errors: errors)
    }
}
