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
        // The problem names the record and the column, not a place in JSON made from the row.
        let problem = try #require(listed[1].problem)
        #expect(problem.contains("people #2 cannot be read: column \"born\": "), "\(problem)")
        #expect(problem.contains("not a date") && !problem.contains(":1:") && !problem.contains("|"), "\(problem)")
        #expect(try await store.count(RecordQuery()) == 3)
        await #expect {
            _ = try await store.load(id: 2)
        } throws: { error in
            guard case RecordStoreError.unreadable(_, "born", _) = error else { return false }
            return true
        }
    }

    /// A JSON column (a nested record, a list) whose text another program made unreadable
    /// names that column too (SQLite's: PostgreSQL's `json` type refuses such text).
    @Test func aJSONColumnThatDoesNotParseIsNamed() async throws {
        let place = try await Backend.sqliteFile.place()
        defer { Task { await place.close() } }
        let configs = ConfigDictionary(
            try TypeDefinitionLoader.load(text: "types:\n  people: {name: String, tags: '[String]'}\n", file: "t"))
        let store = try await place.store("people", configs)
        _ = try await store.insert(.record(["name": .string("Ada"), "tags": .list([.string("a")])]))
        try await place.execute("UPDATE {people} SET tags = '[\"a\",' WHERE name = 'Ada'", table: "people")
        await #expect {
            _ = try await store.load(id: 1)
        } throws: { error in
            guard case RecordStoreError.unreadable(_, "tags", let reason) = error else { return false }
            return reason.hasPrefix("its JSON does not parse: ")
        }
    }
}
