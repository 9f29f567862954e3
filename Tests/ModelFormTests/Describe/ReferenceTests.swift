import Foundation
import ModelForm
import Testing

/// `Reference<Target>`: a Swift lookup. Its field holds the other record's id and names
/// the type (`lookup`); the type it refers to gets a form of its own; it encodes as the id.
@Suite struct ReferenceTests {
    struct Department: Codable {
        var name = ""
        var floor = 0
    }
    struct Employee: Codable {
        var name = ""
        var department: Reference<Department>?
        var manager: Reference<Employee>?
        var mentor = Reference<Employee>(1)
    }

    @Test(arguments: [true, false])
    func aReferenceIsALookupOfItsTargetsRecords(fromAnInstance: Bool) throws {
        let configs =
            fromAnInstance
            ? try ConfigDictionary(describing: Employee(name: "Ada", department: Reference(3)))
            : try ConfigDictionary(describing: Employee.self)
        #expect(configs.root.field("department")?.lookup == "Department")
        #expect(configs.root.field("manager")?.lookup == "Employee", "a record's own type")
        #expect(configs.root.field("mentor")?.lookup == "Employee")
        #expect(configs.root.field("department")?.type == .integer)
        #expect(configs.root.field("name")?.lookup == nil)
        #expect(configs["Department"]?.fields.compactMap(\.key) == ["name", "floor"], "its target's form")
    }

    @Test func itIsStoredAsTheIdAndComesBack() throws {
        var form = try Form(editing: Employee(name: "Ada", department: Reference(3), mentor: Reference(2)))
        #expect(form.value(at: "department") == .int(3) && form.value(at: "mentor") == .int(2))
        try form.setText("7", at: "department")
        try form.setText("", at: "manager")
        let saved = try form.commit()
        #expect(saved.department == Reference(7) && saved.manager == nil && saved.mentor.id == 2)
        #expect(try FormValueEncoder().encode(Reference<Department>(5)) == .int(5))
    }

    @Test func aReferenceToAOneValueTypeIsRefused() {
        struct Email: Codable {
            var text: String
            init(from decoder: any Decoder) throws { text = try decoder.singleValueContainer().decode(String.self) }
            func encode(to encoder: any Encoder) throws {
                var container = encoder.singleValueContainer()
                try container.encode(text)
            }
        }
        struct Message: Codable {
            var to: Reference<Email>
        }
        let error = #expect(throws: DescriptionError.self) { try ConfigDictionary(describing: Message.self) }
        #expect(error?.message.contains("a Reference is to a record of a model with properties") == true)
        #expect(error?.path == "to")
    }
}
