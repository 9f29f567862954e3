import Foundation
import GRDB
import ModelForm
import ModelFormRecords
import ModelFormSQLite
import Testing

/// The SQLite store's writes are durable when answered (`synchronous = FULL`), and the
/// writes that arrive while one commits share the next commit (group commit), each in a
/// savepoint: a conflict fails alone, a batch of changes is kept whole or not at all.
@Suite(.timeLimit(.minutes(10))) struct SQLiteGroupCommitTests {
    struct Person: Codable {
        var name = ""
    }

    /// A store on a new file with `count` people, and the file.
    static func store(people count: Int) async throws -> (SQLiteRecordStore, [StoredRecord], String) {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("group-\(UUID()).sqlite").path
        let store = try SQLiteRecordStore(
            path: path, typeName: "Person", configs: try ConfigDictionary(describing: Person.self))
        var people: [StoredRecord] = []
        for number in 0..<count {
            people.append(try await store.insert(.record(["name": .string("Person \(number)")])))
        }
        return (store, people, path)
    }

    static func remove(_ path: String) {
        for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
    }

    /// Another connection holds the database's write lock, so that the store's first write
    /// waits for it while the others queue behind; `release` lets them all go.
    struct WriteLock {
        let holder: DatabaseQueue

        init(_ path: String) async throws {
            var configuration = Configuration()
            configuration.allowsUnsafeTransactions = true
            holder = try DatabaseQueue(path: path, configuration: configuration)
            try await holder.writeWithoutTransaction { db in try db.execute(sql: "BEGIN IMMEDIATE") }
        }

        func release() async throws {
            try await holder.writeWithoutTransaction { db in try db.execute(sql: "COMMIT") }
        }
    }

    /// Waits until `count` writes wait for their answer (the lock holds the first group).
    static func waitUntil(_ store: SQLiteRecordStore, hasUnanswered count: Int) async throws {
        let deadline = Date().addingTimeInterval(4)
        while store.committed.unanswered < count {
            guard Date() < deadline else {
                Issue.record("only \(store.committed.unanswered) of \(count) writes waited")
                return
            }
            try await Task.sleep(for: .milliseconds(5))
        }
    }

    @Test func savesAreSyncedAtEachCommit() async throws {
        let (store, _, path) = try await Self.store(people: 0)
        defer { Self.remove(path) }
        #expect(try await store.synchronous() == 2)
    }

    @Test func writesThatArriveTogetherShareOneCommit() async throws {
        let (store, people, path) = try await Self.store(people: 50)
        defer { Self.remove(path) }
        let lock = try await WriteLock(path)
        let before = store.committed.transactions

        let saves = people.map { person in
            Task {
                try await store.update(
                    id: person.id, with: .record(["name": .string("Renamed \(person.id)")]), expecting: person.version)
            }
        }
        try await Self.waitUntil(store, hasUnanswered: 50)
        try await lock.release()
        for save in saves { #expect(try await save.value.version == 2) }

        // The first group, held by the lock (the writes that had arrived when its transaction
        // began: at least one), then the rest, which waited behind it.
        #expect(store.committed.transactions - before <= 2)
        let names = try await store.list(RecordQuery()).map { $0.values["name"] }
        #expect(names == people.map { FormValue.string("Renamed \($0.id)") })
    }

    @Test func aFailedWriteInAGroupFailsAloneAndKeepsNothing() async throws {
        let (store, people, path) = try await Self.store(people: 6)
        defer { Self.remove(path) }
        let lock = try await WriteLock(path)
        let before = store.committed.transactions
        let rename = { (person: StoredRecord, version: Int64) in
            Task { try await store.update(id: person.id, with: .record(["name": .string("New")]), expecting: version) }
        }

        let first = rename(people[0], 1)
        let stale = rename(people[1], 7)
        // A batch whose second change conflicts: its first change is undone with it.
        let batch = Task {
            try await store.perform([
                .update(store, id: people[2].id, to: .record(["name": .string("New")]), expecting: 1),
                .update(store, id: people[3].id, to: .record(["name": .string("New")]), expecting: 9),
            ])
        }
        let others = [rename(people[4], 1), rename(people[5], 1)]
        // The first group is held by the lock; the rest wait together behind it.
        try await Self.waitUntil(store, hasUnanswered: 5)
        try await lock.release()

        #expect(try await first.value.version == 2)
        await #expect(throws: RecordStoreError.conflict(current: people[1])) { try await stale.value }
        await #expect(throws: RecordStoreError.conflict(current: people[3])) { try await batch.value }
        for other in others { #expect(try await other.value.version == 2) }
        #expect(store.committed.transactions - before <= 2)
        let names = try await store.list(RecordQuery()).map { $0.values["name"] }
        #expect(names == ["New", "Person 1", "Person 2", "Person 3", "New", "New"].map(FormValue.string))
    }

    @Test func aGroupThatCannotCommitKeepsNoneOfItsWrites() async throws {
        let (store, people, path) = try await Self.store(people: 3)
        defer { Self.remove(path) }
        // Held past the store's 5 s wait: every write of the group is answered unavailable.
        let lock = try await WriteLock(path)
        let saves = people.map { person in
            Task { try await store.update(id: person.id, with: .record(["name": .string("New")]), expecting: 1) }
        }
        for save in saves {
            await #expect(
                performing: { try await save.value },
                throws: { if case .unavailable? = $0 as? RecordStoreError { true } else { false } })
        }
        try await lock.release()
        #expect(try await store.list(RecordQuery()).map(\.version) == [1, 1, 1])
        let later = try await store.update(id: people[0].id, with: .record(["name": .string("New")]), expecting: 1)
        #expect(later.version == 2)
    }
}
