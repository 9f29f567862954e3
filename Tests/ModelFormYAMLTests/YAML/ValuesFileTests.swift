import Foundation
import ModelForm
import ModelFormTesting
import ModelFormYAML
import Testing

@Suite struct ValuesFileTests {
    static func configs() throws -> ConfigDictionary {
        ConfigDictionary(
            try TypeDefinitionLoader.load(text: PackagePaths.text("config/registration.types.yaml"), file: "types.yaml")
        )
    }

    @Test func theBundledValuesDecodeIntoTheSwiftModel() throws {
        let configs = try Self.configs()
        let values = try ValuesFile.read(
            text: PackagePaths.text("config/registration.values.yaml"), file: "values.yaml",
            typeName: "RegistrationForm", configs: configs)
        var session = FormSession(values: values, configs: configs)
        let form = try session.commit(as: RegistrationForm.self)
        #expect(form.name == "Ada Lovelace")
        #expect(form.age == 36)
        #expect(form.dateOfBirth == ISODate.parseDate("1815-12-10"))
        #expect(form.interests == [.computers, .socializing])
        #expect(form.notifications == [.email])
        #expect(form.about == "Mathematician and writer.\nFirst to publish an algorithm for a machine.\n")
        #expect(form.address.postcode == "SW1Y 4JH")
        #expect(form.address.country == nil)
    }

    @Test func writingKeepsKeyOrderAndRoundTrips() throws {
        let configs = try Self.configs()
        let text =
            "name: Ada\nemail: a@b.co\nage: 36\ndateOfBirth: 1815-12-10\nnotifications: [SMS, Push]\nprofilePhoto: AAEC\n"
        let values = try ValuesFile.read(text: text, file: "v.yaml", typeName: "RegistrationForm", configs: configs)
        let written = try ValuesFile.text(values, typeName: "RegistrationForm", configs: configs, syntax: .yaml)
        #expect(
            written.hasPrefix(
                "name: Ada\nemail: a@b.co\nage: 36\ndateOfBirth: 1815-12-10\nnotifications: [SMS, Push]\nprofilePhoto: AAEC\n"
            ))
        let again = try ValuesFile.read(text: written, file: "v.yaml", typeName: "RegistrationForm", configs: configs)
        #expect(again == values)
        let json = try ValuesFile.text(values, typeName: "RegistrationForm", configs: configs, syntax: .json)
        #expect(json.hasPrefix("{\n  \"name\": \"Ada\",\n  \"email\": \"a@b.co\",\n  \"age\": 36,"))
        #expect(
            try ValuesFile.read(text: json, file: "v.json", typeName: "RegistrationForm", configs: configs) == values)
    }

    @Test func mistakesInValuesAreAllReported() throws {
        let text = "emial: x\nage: -4\ngender: robot\naddress: {city: [a]}\ninterests: cooking\n"
        let configs = try Self.configs()
        do {
            _ = try ValuesFile.read(text: text, file: "v.yaml", typeName: "RegistrationForm", configs: configs)
            Issue.record("expected errors")
        } catch {
            #expect(
                error.diagnostics.map(\.description) == [
                    "v.yaml:1:1: error: unknown property 'emial' of 'RegistrationForm'; did you mean 'email'?",
                    "v.yaml:2:6: error: must not be negative for 'age' (UInt)",
                    "v.yaml:3:9: error: 'robot' is not one of the options (Male, Female, Other) for 'gender' (Gender)",
                    "v.yaml:4:17: error: 'address.city' takes a single value, not a sequence",
                    "v.yaml:5:12: error: 'cooking' is not one of the options (Video Games, Computers, Socializing, Sports) for 'interests' ([Interest])",
                ])
        }
    }

    @Test func writesAreAtomicAndLeaveNoTemporaryFiles() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("mf-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("values.yaml").path
        try "old: true\n".write(toFile: path, atomically: false, encoding: .utf8)
        let configs = try Self.configs()
        try ValuesFile.write(
            .record(["name": .string("Ada")]), to: path, typeName: "RegistrationForm", configs: configs)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "name: Ada\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["values.yaml"])
        #expect(throws: (any Error).self) {
            try ValuesFile.write(
                .record([:]), to: folder.appendingPathComponent("missing/v.yaml").path, typeName: "RegistrationForm",
                configs: configs)
        }
    }
}
