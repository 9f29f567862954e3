import Foundation
import ModelForm
import ModelFormRecords
import Testing

/// `perform` carries out changes to records of several types in one transaction: all of
/// them, or (a record changed meanwhile) none; a change of a record an earlier one updated
/// expects the version that update left. In SQLite and PostgreSQL alike.
@Suite struct RecordBatchTests {
    typealias Department = RecordForeignKeyTests.Department
    typealias Employee = RecordForeignKeyTests.Employee

    static func stores(_ place: StorePlace) async throws -> (any RecordStore, any RecordStore) {
        let configs = try ConfigDictionary(describing: Employee.self)
        let departments = try await place.store("Department", configs)
        return (departments, try await place.store("Employee", configs, sharing: departments))
    }

    @Test(arguments: Backend.available)
    func everyChangeOrNone(_ backend: Backend) async throws {
        let place = try await backend.place()
        defer { Task { await place.close() } }
        let (departments, employees) = try await Self.stores(place)
        let research = try await departments.insert(.record(["name": .string("Research")]))
        let ada = try await employees.insert(.record(["name": .string("Ada"), "department": .int(research.id)]))
        let bob = try await employees.insert(.record(["name": .string("Bob"), "department": .int(research.id)]))

        // Bob changed since: clearing Ada's department is undone with the rest.
        let bobNow = try await employees.update(
            id: bob.id, with: .record(["name": .string("Robert"), "department": .int(research.id)]),
            expecting: bob.version)
        await #expect(throws: RecordStoreError.conflict(current: bobNow)) {
            try await departments.perform([
                .update(employees, id: ada.id, to: .record(["name": .string("Ada")]), expecting: ada.version),
                .delete(employees, id: bob.id, expecting: bob.version),
                .delete(departments, id: research.id, expecting: research.version),
            ])
        }
        #expect(try await employees.load(id: ada.id) == ada)
        #expect(try await employees.load(id: bob.id) == bobNow)
        #expect(try await departments.load(id: research.id) == research)

        // At the versions read: Ada updated twice (the second expects the first's version),
        // then deleted; Bob cleared; the department deleted.
        try await employees.perform([
            .update(employees, id: ada.id, to: .record(["name": .string("Ada L.")]), expecting: ada.version),
            .update(employees, id: ada.id, to: .record(["name": .string("Ada")]), expecting: ada.version),
            .delete(employees, id: ada.id, expecting: ada.version),
            .update(employees, id: bob.id, to: .record(["name": .string("Robert")]), expecting: bobNow.version),
            .delete(departments, id: research.id, expecting: research.version),
        ])
        #expect(try await employees.load(id: ada.id) == nil)
        #expect(try await employees.load(id: bob.id)?.values["department"] == nil)
        #expect(try await employees.load(id: bob.id)?.version == bobNow.version + 1)
        #expect(try await departments.load(id: research.id) == nil)
    }

    @Test(arguments: Backend.available)
    func valuesThatWouldNotReadBackRefuseTheBatchBeforeAnythingIsDone(_ backend: Backend) async throws {
        let place = try await backend.place()
        defer { Task { await place.close() } }
        let (departments, employees) = try await Self.stores(place)
        let research = try await departments.insert(.record(["name": .string("Research")]))
        await #expect(throws: RecordStoreError.self) {
            try await employees.perform([
                .update(departments, id: research.id, to: .record(["name": .string("R&D")]), expecting: 1),
                .update(
                    departments, id: research.id, to: .record(["name": .string("R"), "budget": .int(3)]), expecting: 1),
            ])
        }
        #expect(try await departments.load(id: research.id) == research)
    }

    @Test(arguments: Backend.shared)
    func aStoreOfAnotherDatabaseIsRefusedBeforeAnythingIsDone(_ backend: Backend) async throws {
        let place = try await backend.place()
        defer { Task { await place.close() } }
        let other = try await Backend.sqliteMemory.place()
        defer { Task { await other.close() } }
        let configs = try ConfigDictionary(describing: Department.self)
        let departments = try await place.store("Department", configs)
        let elsewhere = try await other.store("Department", configs)
        let research = try await departments.insert(.record(["name": .string("Research")]))
        let sales = try await elsewhere.insert(.record(["name": .string("Sales")]))
        await #expect {
            try await departments.perform([
                .delete(departments, id: research.id, expecting: research.version),
                .delete(elsewhere, id: sales.id, expecting: sales.version),
            ])
        } throws: { error in
            guard case .otherDatabase? = error as? RecordStoreError else { return false }
            return true
        }
        #expect(try await departments.load(id: research.id) == research)
        #expect(try await elsewhere.load(id: sales.id) == sales)
    }
}
