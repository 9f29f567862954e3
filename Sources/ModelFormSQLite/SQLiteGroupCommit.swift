import GRDB
import Synchronization

/// The writes of the stores on one database, committed together: the writes that arrive
/// while a transaction is being written wait, and then share the next one, each in a
/// savepoint of its own, so that they share its one `fsync` (group commit, as PostgreSQL
/// does with the commits that arrive together). A write that fails (a version conflict, a
/// refused delete) rolls its savepoint back and fails alone; the others commit. A
/// transaction that cannot commit fails every write in it, and none of them is kept. A write
/// is answered once its transaction is durable: never before the commit.
///
/// At most ``largestGroup`` writes share a transaction; the ones past it wait for the next.
final class SQLiteGroupCommit: Sendable {
    /// The most writes one transaction holds.
    static let largestGroup = 100

    private let writer: any DatabaseWriter
    private let state = Mutex(State())

    private struct State {
        var waiting: [any GroupedWrite] = []
        /// Whether a task is committing the waiting writes (it takes those that arrive too).
        var committing = false
        /// How many writes the group last taken holds (0 once none waits): set as each
        /// group is taken.
        var writing = 0
        /// How many transactions committed (the tests read it).
        var commits = 0
    }

    init(writer: any DatabaseWriter) {
        self.writer = writer
    }

    /// How many transactions the group has committed.
    var commits: Int { state.withLock { $0.commits } }

    /// How many writes wait for their answer: those waiting for a transaction and those in
    /// the one being written.
    var unanswered: Int { state.withLock { $0.waiting.count + $0.writing } }

    /// Runs `body` in a savepoint of the next transaction and gives its result once that
    /// transaction has committed.
    func write<T: Sendable>(_ body: @escaping @Sendable (Database) throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            let write = Write(body: body, continuation: continuation)
            let starts = state.withLock { state in
                state.waiting.append(write)
                let starts = !state.committing
                state.committing = true
                return starts
            }
            if starts { Task { await self.commitWaiting() } }
        }
    }

    /// Commits the waiting writes, a group at a time, until none waits.
    private func commitWaiting() async {
        while true {
            let group: [any GroupedWrite] = state.withLock { state in
                let taken = Array(state.waiting.prefix(Self.largestGroup))
                state.waiting.removeFirst(taken.count)
                state.writing = taken.count
                if taken.isEmpty { state.committing = false }
                return taken
            }
            guard !group.isEmpty else { return }
            do {
                try await writer.write { db in
                    for write in group { write.run(db) }
                }
                state.withLock { $0.commits += 1 }
                for write in group { write.finish(failure: nil) }
            } catch {
                for write in group { write.finish(failure: error) }
            }
        }
    }
}

/// A write waiting in a ``SQLiteGroupCommit``: run inside the group's transaction, then
/// answered once the transaction ends.
private protocol GroupedWrite: Sendable {
    /// Runs the write in a savepoint of `db`'s transaction, keeping its result.
    func run(_ db: Database)
    /// Answers the write: its result, or `failure` when the transaction did not commit.
    func finish(failure: (any Error)?)
}

/// One write and the task that waits for it. Its result is set and read only by the task
/// that commits its group, one step after the other.
private final class Write<T: Sendable>: GroupedWrite, @unchecked Sendable {
    private let body: @Sendable (Database) throws -> T
    private let continuation: CheckedContinuation<T, any Error>
    private var result: Result<T, any Error>?

    init(body: @escaping @Sendable (Database) throws -> T, continuation: CheckedContinuation<T, any Error>) {
        self.body = body
        self.continuation = continuation
    }

    func run(_ db: Database) {
        // A failure SQLite answers by rolling the whole transaction back (a full disk)
        // leaves no transaction: a savepoint now would commit on its own, ahead of the
        // group's answer that nothing was kept.
        guard db.isInsideTransaction else {
            result = .failure(DatabaseError(resultCode: .SQLITE_ABORT, message: "the transaction was rolled back"))
            return
        }
        var value: T?
        do {
            try db.inSavepoint {
                value = try body(db)
                return .commit
            }
            result = value.map { .success($0) }
        } catch {
            result = .failure(error)
        }
    }

    func finish(failure: (any Error)?) {
        switch (result, failure) {
        case (.failure(let error)?, _): continuation.resume(throwing: error)
        case (_, let failure?): continuation.resume(throwing: failure)
        case (.success(let value)?, nil): continuation.resume(returning: value)
        case (nil, nil): continuation.resume(throwing: DatabaseError(message: "the write did not run"))
        }
    }
}
