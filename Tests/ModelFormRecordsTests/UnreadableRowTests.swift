import Foundation
import ModelForm
import ModelFormRecords
import ModelFormYAML
import Testing

/// A row the type cannot read (a value another program wrote) does not stop a list: it is
/// listed with its problem and its columns as stored, the rest read as ever; loading it is
/// still an error that says why, so nothing is written from what was not read.
@Suite struct UnreadableRowTests {
    @Test(arguments: Backend.shared)
    func aRowTheTypeCannotReadIsListedWithItsProblem(_ backend: Backend) async throws {
        let place = try await backend.place()
        defer { Task { await place.close() } }
        let configs = ConfigDictionary(
            try TypeDefinitionLoader.load(text: "types:\n  people: {name: String, born: Date?}\n", file: "t"))
        let store = try await place.store("people", configs)
        _ = try await store.insert(.record(["name": .string("Ada")]))
        _ = try await store.insert(.record(["name": .string("Grace")]))
        _ = try await store.insert(.record(["name": .string("Alan")]))
        try await place.execute("UPDATE {people} SET born = 'not a date' WHERE name = 'Grace'", table: "people")
        let listed = try await store.list(RecordQuery())
        #expect(listed.map { $0.problem == nil } == [true, false, true])
        #expect(listed[1].values["name"] == .string("Grace"))
        #expect(listed[1].values["born"] == .string("not a date"))
        #expect(listed[1].problem?.contains("people #2") == true, "\(listed[1].problem ?? "")")
        #expect(try await store.count(RecordQuery()) == 3)
        await #expect(throws: (any Error).self) { _ = try await store.load(id: 2) }
    }
}
