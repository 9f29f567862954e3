import ModelForm
import ModelFormYAML
import Testing

/// `lookup: Department` in a forms file: an integer property becomes a lookup of that
/// type's records; a type that does not exist, or a property that cannot hold an id, is a
/// located error.
@Suite struct LookupSettingTests {
    static let types = """
        root: Employee
        types:
          Employee:
            name: String
            department: Int?
            projects: "[Int]"
            skills: "[String]"
          Department:
            name: String
        """

    static func configs(_ forms: String) throws -> ConfigDictionary {
        var configs = ConfigDictionary(try TypeDefinitionLoader.load(text: types, file: "staff.types.yaml"))
        try ConfigLoader().apply(text: forms, file: "staff.forms.yaml", to: &configs)
        return configs
    }

    @Test func anIntegerPropertyBecomesALookup() throws {
        let configs = try Self.configs("Employee:\n  overrides:\n    department: {lookup: Department}\n")
        #expect(configs.root.field("department")?.lookup == "Department")
    }

    @Test func aListOfIntegersBecomesAToManyLookup() throws {
        let configs = try Self.configs("Employee:\n  overrides:\n    projects: {lookup: Department}\n")
        #expect(configs.root.field("projects")?.lookup == "Department")
    }

    @Test(arguments: [
        (
            "department: {lookup: Departmnet}",
            "staff.forms.yaml:3:26: error: unknown type 'Departmnet'; did you mean 'Department'?"
        ),
        (
            "name: {lookup: Department}",
            "staff.forms.yaml:3:20: error: a lookup holds a record's id: 'name' is String; declare it Int (or Int?), or [Int] for a to-many lookup"
        ),
        (
            "skills: {lookup: Department}",
            "staff.forms.yaml:3:22: error: a lookup holds a record's id: 'skills' is [String]; declare it Int (or Int?), or [Int] for a to-many lookup"
        ),
    ])
    func aWrongLookupIsALocatedError(override: String, message: String) throws {
        let error = #expect(throws: DiagnosticList.self) {
            try Self.configs("Employee:\n  overrides:\n    \(override)\n")
        }
        #expect(error?.description.contains(message) == true, "\(String(describing: error))")
    }
}
