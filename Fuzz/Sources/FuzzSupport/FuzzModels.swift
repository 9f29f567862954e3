import Foundation
import ModelForm
import ModelFormYAML

/// The models the fuzz targets feed: nested relationships (to-one, to-many, recursive) and
/// a collection of scalars, with every kind of scalar field.
public enum FuzzModels {
    public static let typesYAML = """
        root: Team
        enums:
          Role: [lead, member, guest]
        bitfields:
          Flags: {A: 1, B: 2, C: 4}
        types:
          Team:
            name: String
            email: String
            site: URL?
            size: Int
            budget: Decimal
            ratio: Double
            founded: Date?
            active: Bool
            role: Role
            flags: Flags
            tags: "[String]"
            lead: Person?
            members: "[Person]"
          Person:
            name: String
            age: UInt
            photo: Data?
            mentor: Person?
            friends: "[Person]"
        """

    public static let formsYAML = """
        Team:
          sections:
            - header: Team
              fields:
                - {key: name, rules: [required, {length: {max: 40}}]}
                - {key: email, type: email, rules: [email]}
                - site
                - {key: size, rules: [{range: {min: 0, max: 100}}]}
                - budget
                - ratio
                - founded
                - active
                - role
                - flags
                - tags
                - lead
                - members
        """

    /// The configs of the model and its forms file.
    public static let configs: ConfigDictionary = {
        fixture {
            var configs = try ConfigDictionary(typeDefinitions: typesYAML, file: "fuzz.types.yaml")
            try ConfigLoader().apply(text: formsYAML, file: "fuzz.forms.yaml", to: &configs)
            return configs
        }
    }()

    /// The fixture `body` builds; it is known to build, so an error stops the fuzzer at once.
    static func fixture<T>(_ body: () throws -> T) -> T {
        do { return try body() } catch { fatalError("the fuzz fixture does not load: \(error)") }
    }

    /// A form over a team with a lead, two members and a friend.
    public static func form() -> Form<FormValue> {
        let values = fixture {
            try ValuesFile.read(
                text: """
                    name: Team
                    email: a@example.com
                    size: 3
                    active: true
                    role: lead
                    tags: [x, y]
                    lead: {name: Lee, age: 40}
                    members:
                      - {name: Ann, age: 30, friends: [{name: Cy, age: 20}]}
                      - {name: Ben, age: 31}
                    """, file: "fuzz.values.yaml", typeName: "Team", configs: configs)
        }
        return Form(values: values, configs: configs, typeName: "Team")
    }
}
