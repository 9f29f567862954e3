import ModelForm
import Testing

/// A page's own rows take their paths from the configs (made once per dictionary state);
/// they follow every change to the configs, section by section.
@Suite struct RootPathTests {
    struct Account: Codable {
        var name: String
        var email: String
        var age: Int
    }

    static func paths(_ configs: ConfigDictionary) -> [String] {
        let values = FormValue.record(["name": .string("Ada"), "email": .string("ada@example.com"), "age": .int(36)])
        return FormTreeBuilder(configs: configs).build(typeName: "Account", values: values).contexts
            .map { "\($0.path)=\($0.value.plainText)" }
    }

    @Test func rowsFollowTheConfigsAsTheyChange() throws {
        var configs = try ConfigDictionary(describing: Account.self)
        #expect(Self.paths(configs) == ["name=Ada", "email=ada@example.com", "age=36"])
        // Drawn twice from one state: the same paths.
        #expect(Self.paths(configs) == ["name=Ada", "email=ada@example.com", "age=36"])
        // Reordered, in two sections, with a keyless label between them.
        configs["Account"]?.fields = [
            Field(key: "age", type: .integer), Field(key: nil, type: .label, title: "Contact", header: "Contact"),
            Field(key: "email", type: .email),
        ]
        #expect(Self.paths(configs) == ["age=36", "=", "email=ada@example.com"])
        let copy = configs
        configs["Account"]?.fields.removeFirst()
        #expect(Self.paths(configs) == ["=", "email=ada@example.com"])
        // A copy made before the change keeps its own fields and paths.
        #expect(Self.paths(copy) == ["age=36", "=", "email=ada@example.com"])
    }
}
