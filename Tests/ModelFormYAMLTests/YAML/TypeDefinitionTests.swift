import ModelForm
import ModelFormTesting
import ModelFormYAML
import Testing

@Suite struct TypeDefinitionTests {
    @Test func theYAMLRegistrationFormIsItsSwiftTwin() throws {
        let text = try PackagePaths.text("config/registration.types.yaml")
        let yaml = try TypeDefinitionLoader.load(text: text, file: "config/registration.types.yaml")
        let swift = try ModelDescription(type: RegistrationForm.self)
        #expect(yaml == swift)
        #expect(ConfigDictionary(yaml).root == ConfigDictionary(swift).root)
    }

    @Test func recursiveTypesAndTypeExpressions() throws {
        let text = """
            types:
              Employee:
                name: String
                manager: Employee?
                reports: "[Employee]"
                tags: Set<String>
                scores: {type: "[Double]", optional: true}
                role: {enum: {eng: Engineer, mgr: Manager}}
                access: {bitfield: [Read, Write]}
            """
        let model = try TypeDefinitionLoader.load(text: text, file: "t.yaml")
        #expect(
            model
                == ModelDescription(
                    root: "Employee",
                    entities: [
                        EntityDescription(
                            name: "Employee",
                            properties: [
                                .init(key: "name", valueType: .string),
                                .init(key: "manager", valueType: .optional(.model("Employee"))),
                                .init(key: "reports", valueType: .array(.model("Employee"))),
                                .init(key: "tags", valueType: .set(.string)),
                                .init(key: "scores", valueType: .optional(.array(.float(bits: 64)))),
                                .init(
                                    key: "role",
                                    valueType: .enumeration(
                                        .init(
                                            name: "EmployeeRole",
                                            options: [
                                                FieldOption(value: .string("eng"), title: "Engineer"),
                                                FieldOption(value: .string("mgr"), title: "Manager"),
                                            ]))),
                                .init(
                                    key: "access",
                                    valueType: .optionSet(
                                        .init(
                                            name: "EmployeeAccess",
                                            options: [
                                                FieldOption(value: .uint(1), title: "Read"),
                                                FieldOption(value: .uint(2), title: "Write"),
                                            ]))),
                            ])
                    ]))
    }

    @Test func everyMistakeIsReportedWithItsPlace() {
        let text = """
            root: Persn
            enums:
              Colour: [red, green]
            types:
              Person:
                name: Strng
                friends: "[Persom]"
                colour: {tpye: Colour}
            extras: 1
            """
        do {
            _ = try TypeDefinitionLoader.load(text: text, file: "types.yaml")
            Issue.record("expected errors")
        } catch {
            #expect(
                error.diagnostics.map(\.description) == [
                    "types.yaml:1:7: error: unknown root type 'Persn'; did you mean 'Person'?",
                    "types.yaml:6:11: error: unknown type 'Strng'; did you mean 'String'?",
                    "types.yaml:7:14: error: unknown type 'Persom'; did you mean 'Person'?",
                    "types.yaml:8:13: error: 'Person.colour' needs a 'type', 'enum' or 'bitfield'",
                    "types.yaml:8:14: error: unknown key 'tpye' in a property; did you mean 'type'?",
                    "types.yaml:9:1: error: unknown section 'extras'",
                ])
        }
    }
}
