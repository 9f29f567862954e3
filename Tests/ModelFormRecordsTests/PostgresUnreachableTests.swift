import Foundation
import ModelForm
import ModelFormPostgres
import ModelFormRecords
import PostgresNIO
import Testing

/// A PostgreSQL server that does not answer (gone, or never there) leaves postgres-nio's
/// pool retrying its connections; the store does not wait for it past its answer limit
/// (10 s unless told otherwise; 2 s here): the request is ``RecordStoreError/unavailable(_:)`` (a server's 503), and no test
/// or page hangs.
@Suite struct PostgresUnreachableTests {
    struct Note: Codable { var title = "" }

    @Test func aServerThatDoesNotAnswerIsUnavailableWithinTheLimit() async throws {
        // Port 9 (discard) on loopback: nothing listens there, every connection is refused.
        let configuration = PostgresClient.Configuration(
            host: "127.0.0.1", port: 9, username: "nobody", password: nil, database: "none", tls: .disable)
        let client = PostgresClient(configuration: configuration)
        let running = Task { await client.run() }
        defer { running.cancel() }
        let error = await #expect(throws: RecordStoreError.self) {
            try await PostgresRecordStore.open(
                client: client, typeName: "Note", configs: try ConfigDictionary(describing: Note.self),
                answerLimit: .seconds(2))
        }
        // Its answer limit, or the pool's circuit breaker where it trips first.
        guard case .unavailable(let reason) = error else {
            Issue.record("\(String(describing: error))")
            return
        }
        #expect(reason.hasPrefix("postgres public.Note: "), "\(reason)")
    }
}
