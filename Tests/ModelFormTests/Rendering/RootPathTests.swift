import ModelForm
import Testing

/// A page's own rows take their paths and input names from the configs (made once per
/// dictionary state); they follow every change to the configs, section by section.
@Suite struct RootPathTests {
    struct Account: Codable {
        var name: String
        var email: String
        var age: Int
    }

    static func paths(_ configs: ConfigDictionary) -> [String] {
        let values = FormValue.record(["name": .string("Ada"), "email": .string("ada@example.com"), "age": .int(36)])
        return FormTreeBuilder(configs: configs).build(typeName: "Account", values: values).contexts
            .map { "\($0.path) \($0.inputName)=\($0.value.plainText)" }
    }

    @Test func rowsFollowTheConfigsAsTheyChange() throws {
        var configs = try ConfigDictionary(describing: Account.self)
        let first = ["name name=Ada", "email email=ada@example.com", "age age=36"]
        #expect(Self.paths(configs) == first)
        // Drawn twice from one state: the same paths.
        #expect(Self.paths(configs) == first)
        // Reordered, in two sections, with a keyless label between them and a key that is
        // not a plain name (its input name quotes it).
        configs["Account"]?.fields = [
            Field(key: "age", type: .integer), Field(key: nil, type: .label, title: "Contact", header: "Contact"),
            Field(key: "email", type: .email), Field(key: "first name", type: .text),
        ]
        let second = ["age age=36", " =", "email email=ada@example.com", #"["first name"] ["first name"]="#]
        #expect(Self.paths(configs) == second)
        let copy = configs
        configs["Account"]?.fields.removeFirst()
        #expect(Self.paths(configs) == Array(second.dropFirst()))
        // A copy made before the change keeps its own fields and paths.
        #expect(Self.paths(copy) == second)
    }
}
