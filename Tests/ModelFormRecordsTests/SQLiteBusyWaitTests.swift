import Foundation
import ModelForm
import ModelFormRecords
import Testing

@testable import ModelFormSQLite

/// A SQLite store waits for another connection's write lock by short, even pauses (not
/// SQLite's own, which grow to 100 ms between tries), up to about 5 s.
@Suite(.timeLimit(.minutes(10))) struct SQLiteBusyWaitTests {
    @Test(arguments: [
        (0.0, 0), (0.001, 10), (0.002, 20), (0.003, 21), (5.0, 5018),
    ])
    func theTriesFillTheLimit(limit: TimeInterval, tries: Int) {
        #expect(SQLiteBusyWait.tries(within: limit) == tries)
    }

    @Test func theCallbackTriesAgainUntilTheLimit() {
        let callback = SQLiteBusyWait.callback(limit: 0.003)
        #expect((0..<21).allSatisfy { callback($0) })
        #expect(!callback(21))
        #expect(!callback(500))
    }

    @Test func aWriteWaitsForAnotherConnectionsLockAndThenSaves() async throws {
        let (store, people, path) = try await SQLiteGroupCommitTests.store(people: 1)
        defer { SQLiteGroupCommitTests.remove(path) }
        let lock = try await SQLiteGroupCommitTests.WriteLock(path)
        let save = Task {
            try await store.update(id: people[0].id, with: .record(["name": .string("New")]), expecting: 1)
        }
        try await SQLiteGroupCommitTests.waitUntil(store, hasUnanswered: 1)
        try await Task.sleep(for: .milliseconds(300))
        try await lock.release()
        #expect(try await save.value.version == 2)
    }
}
