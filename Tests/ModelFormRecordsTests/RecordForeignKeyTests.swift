import Foundation
import ModelForm
import ModelFormRecords
import Testing

/// A lookup's column is a foreign key to the other type's table when the store makes its
/// table (or adds the column) after that table: the database itself refuses a dangling id
/// and the delete of a record others refer to (`referenced`, nothing changed), in SQLite and
/// PostgreSQL alike.
@Suite struct RecordForeignKeyTests {
    struct Department: Codable {
        var name = ""
    }
    struct Employee: Codable {
        var name = ""
        var department: Reference<Department>?
        var manager: Reference<Employee>?
    }

    static func isReferenced(_ error: any Error) -> Bool {
        if case .referenced? = error as? RecordStoreError { return true }
        return false
    }

    @Test(arguments: Backend.shared)
    func theDatabaseRefusesADanglingIdAndADeleteOthersReferTo(_ backend: Backend) async throws {
        let place = try await backend.place()
        defer { Task { await place.close() } }
        let configs = try ConfigDictionary(describing: Employee.self)
        let departments = try await place.store("Department", configs)
        let employees = try await place.store("Employee", configs)
        let research = try await departments.insert(.record(["name": .string("Research")]))
        let ada = try await employees.insert(.record(["name": .string("Ada"), "department": .int(research.id)]))
        // Its own table too: a manager is an employee.
        _ = try await employees.insert(.record(["name": .string("Bob"), "manager": .int(ada.id)]))
        await #expect(
            performing: {
                _ = try await employees.insert(.record(["name": .string("Cy"), "department": .int(999)]))
            }, throws: Self.isReferenced)
        await #expect(
            performing: {
                _ = try await employees.update(
                    id: ada.id, with: .record(["name": .string("Ada"), "manager": .int(999)]), expecting: ada.version)
            }, throws: Self.isReferenced)
        await #expect(
            performing: {
                try await departments.delete(id: research.id, expecting: research.version)
            }, throws: Self.isReferenced)
        #expect(try await departments.load(id: research.id) != nil, "nothing deleted")
        #expect(try await employees.count(RecordQuery()) == 2, "nothing inserted")
        #expect(try await employees.load(id: ada.id)?.version == ada.version, "nothing updated")
    }

    @Test(arguments: Backend.shared)
    func aTableMadeBeforeItsLookupsTableHasNoKey(_ backend: Backend) async throws {
        let place = try await backend.place()
        defer { Task { await place.close() } }
        let configs = try ConfigDictionary(describing: Employee.self)
        let employees = try await place.store("Employee", configs)
        _ = try await place.store("Department", configs)
        // Only the store's own checks (a record server's choices) stand for the key here.
        let cy = try await employees.insert(.record(["name": .string("Cy"), "department": .int(999)]))
        #expect(try await employees.load(id: cy.id)?.values["department"] == .int(999))
    }
}
