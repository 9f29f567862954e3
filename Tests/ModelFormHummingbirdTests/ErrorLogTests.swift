import Foundation
import Hummingbird
import HummingbirdTesting
import Logging
import ModelForm
import ModelFormHummingbird
import ModelFormServer
import Synchronization
import Testing

/// A store that cannot be read: what a database that is down does.
private struct BrokenStore: ModelStore {
    struct Down: Error, CustomStringConvertible {
        var description: String { "the database is down" }
    }
    func load() throws -> (model: RouterTests.Employee, version: String) { throw Down() }
    func save(_ model: RouterTests.Employee, expecting version: String) throws -> String { throw Down() }
}

/// The lines a logger was given.
private final class LoggedLines: Sendable {
    let lines = Mutex<[String]>([])
}

/// Keeps every message in `LoggedLines`.
private struct KeepingHandler: LogHandler {
    let kept: LoggedLines
    var metadata: Logger.Metadata = [:]
    var logLevel: Logger.Level = .trace
    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }
    func log(event: LogEvent) {
        kept.lines.withLock { $0.append("\(event.level): \(event.message)") }
    }
}

/// A server failure on a Hummingbird router reaches the application's log with the incident
/// number the page shows (the adapter sets the server's `errorLog` when it has none).
@Suite struct ErrorLogTests {
    @Test func aStoreFailureIsLoggedWithThePagesIncidentNumber() async throws {
        let kept = LoggedLines()
        let router = Router()
        try router.addForm(
            RouterTests.Employee.self, at: "/employee", sample: RouterTests.Employee(), store: BrokenStore(),
            secret: Array("the router tests' secret, long enough".utf8))
        let app = Application(router: router, logger: Logger(label: "test") { _ in KeepingHandler(kept: kept) })
        try await app.test(.router) { client in
            try await client.execute(uri: "/employee", method: .get) { response in
                #expect(response.status == .internalServerError)
                let page = String(buffer: response.body)
                let incident = try #require(page.firstMatch(of: /incident (\w+)/)?.output.1)
                let logged = kept.lines.withLock { $0 }
                #expect(
                    logged.contains {
                        $0.hasPrefix("error: ") && $0.contains("incident \(incident)")
                            && $0.contains("the database is down")
                    },
                    "\(logged)")
            }
        }
    }
}
