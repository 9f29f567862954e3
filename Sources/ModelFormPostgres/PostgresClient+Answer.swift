import Logging
import ModelFormRecords
import PostgresNIO
import Synchronization

extension PostgresClient {
    /// Every row `query` returns. A database that cannot be used now (gone, closed, shutting
    /// down, out of connections, past the statement timeout, no answer within `limit`) is ``/ModelFormRecords/RecordStoreError/unavailable(_:)``, with the
    /// server's words; `place` names the table.
    func answer(_ query: PostgresQuery, place: String, within limit: Duration) async throws -> [PostgresRow] {
        do {
            return try await Self.first(within: limit, place: place) {
                var rows: [PostgresRow] = []
                for try await row in try await self.query(query) { rows.append(row) }
                return rows
            }
        } catch {
            throw Self.classified(error, place: place)
        }
    }

    /// Runs `body` in a transaction on one of the pool's connections (`BEGIN`, then `COMMIT`,
    /// or `ROLLBACK` when it throws), within `limit` as ``answer(_:place:within:)`` is;
    /// errors as it gives them, the body's own passed on.
    func transaction(
        place: String, within limit: Duration, _ body: @escaping @Sendable (PostgresConnection) async throws -> Void
    ) async throws {
        do {
            try await Self.first(within: limit, place: place) {
                try await self.withTransaction(logger: Self.quiet) { connection in try await body(connection) }
            }
        } catch let error as PostgresTransactionError {
            throw Self.classified(
                error.closureError ?? error.beginError ?? error.commitError ?? error, place: place)
        } catch {
            throw Self.classified(error, place: place)
        }
    }

    /// Every row `query` returns on `connection` (in a transaction), its errors as
    /// ``answer(_:place:within:)`` gives them.
    static func answer(_ query: PostgresQuery, on connection: PostgresConnection, place: String) async throws
        -> [PostgresRow]
    {
        do {
            var rows: [PostgresRow] = []
            for try await row in try await connection.query(query, logger: quiet) { rows.append(row) }
            return rows
        } catch {
            throw classified(error, place: place)
        }
    }

    private static let quiet = Logger(label: "ModelFormPostgres", factory: { _ in SwiftLogNoOpLogHandler() })

    /// A store's error for one the client or server gave.
    private static func classified(_ error: any Error, place: String) -> any Error {
        switch error {
        case let error as PSQLError:
            if error.serverInfo?[.sqlState] == "23503" {  // foreign_key_violation
                return RecordStoreError.referenced("\(place): \(error.serverInfo?[.message] ?? "\(error.code)")")
            }
            guard isUnavailable(error) else { return error }
            return RecordStoreError.unavailable("\(place): \(error.serverInfo?[.message] ?? "\(error.code)")")
        case is RecordStoreError, is CancellationError: return error
        default:
            // The pool's own errors (its circuit breaker, tripped by connections that keep failing).
            return RecordStoreError.unavailable("\(place): \(error)")
        }
    }

    /// `work`'s result, or past `limit` ``/ModelFormRecords/RecordStoreError/unavailable(_:)``
    /// at once: the work is cancelled, but not waited for (a pool waiting for a connection
    /// does not always stop when told to).
    private static func first<T: Sendable>(
        within limit: Duration, place: String, _ work: @escaping @Sendable () async throws -> T
    ) async throws -> T {
        let working = Task { try await work() }
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<T, any Error>) in
                let pending = Pending(continuation)
                let timer = Task {
                    try await Task.sleep(for: limit)
                    guard let waiting = pending.take() else { return }
                    working.cancel()
                    waiting.resume(
                        throwing: RecordStoreError.unavailable(
                            "\(place): no answer within \(limit.components.seconds) s"))
                }
                Task {
                    let result = await working.result
                    timer.cancel()
                    pending.take()?.resume(with: result)
                }
            }
        } onCancel: {
            working.cancel()
        }
    }

    /// Whether an error says the database cannot be used now, rather than that the statement is wrong.
    static func isUnavailable(_ error: PSQLError) -> Bool {
        switch error.code {
        case .clientClosedConnection, .serverClosedConnection, .connectionError, .uncleanShutdown, .poolClosed,
            .queryCancelled:
            return true
        case .server:
            // Connection exceptions, insufficient resources, operator intervention (a
            // shutdown, a cancelled or timed-out statement).
            return ["08", "53", "57"].contains(String((error.serverInfo?[.sqlState] ?? "").prefix(2)))
        default: return false
        }
    }
}

/// A continuation that the first of two tasks resumes.
private final class Pending<T: Sendable>: Sendable {
    private let continuation: Mutex<CheckedContinuation<T, any Error>?>

    init(_ continuation: CheckedContinuation<T, any Error>) { self.continuation = Mutex(continuation) }

    /// The continuation, to the first caller only.
    func take() -> CheckedContinuation<T, any Error>? { continuation.withLock { $0.take() } }
}
