import Foundation
import ModelForm
import ModelFormRecords
import ModelFormSQLite
import ModelFormServer
import TestFixtures
import Testing

/// A database that cannot be used now is a 503 with `Retry-After`, not a 500, and nothing
/// is half-written: here another process (the `sqlite3` shell) holds the file's write lock
/// past the store's 5 s wait; once it lets go, the same save works.
@Suite struct RecordUnavailableTests {
    struct Person: Codable {
        var name = ""
        var age = 0
    }

    /// The `sqlite3` shell on `path`, holding its write lock until `release()`.
    final class LockHolder {
        let process = Process()
        let input = Pipe()
        let output = Pipe()

        init(path: String) throws {
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            // Interactive, so that it answers each line at once (piped, it would buffer).
            process.arguments = ["sqlite3", "-interactive", path]
            process.standardInput = input
            process.standardOutput = output
            try process.run()
            input.fileHandleForWriting.write(Data("BEGIN EXCLUSIVE;\nSELECT upper('held');\n".utf8))
            var seen = ""
            while !seen.contains("HELD") {
                // What is there now (`read(upToCount:)` would wait for the whole count).
                let chunk = output.fileHandleForReading.availableData
                guard !chunk.isEmpty else { break }
                seen += String(decoding: chunk, as: UTF8.self)
            }
        }

        func release() {
            input.fileHandleForWriting.write(Data("COMMIT;\n.quit\n".utf8))
            process.waitUntilExit()
        }
    }

    @Test func aLockedDatabaseIsA503WithNothingChanged() async throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("locked-\(UUID()).sqlite").path
        defer {
            for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
        }
        let configs = try ConfigDictionary(describing: Person.self)
        let people = try SQLiteRecordStore(path: path, typeName: "Person", configs: configs)
        _ = try await people.insert(.record(["name": .string("Ada"), "age": .int(36)]))
        let logged = LogLines()
        var server = RecordServer(
            configs: configs, tables: [RecordServer.Table(typeName: "Person", records: people)],
            secret: BrowserSession.secret)
        server.site.errorLog = { logged.append($0) }
        let browser = BrowserSession(server)
        _ = await browser.get("/Person/1")
        let holder = try LockHolder(path: path)
        let busy = await browser.post("/Person/1", [("name", "Ada"), ("age", "37"), ("_action", "save")])
        #expect(busy.status == 503, "\(busy.text)")
        #expect(busy.header("Retry-After") == "5")
        #expect(busy.text.contains("the database is not available right now. Nothing was changed"))
        #expect(logged.lines.contains { $0.contains("the database is unavailable") || $0.contains("locked") })
        #expect(await browser.get("/Person/").status == 200, "readers do not wait (WAL)")
        holder.release()
        #expect(try await people.load(id: 1)?.values["age"] == .int(36), "nothing written")
        _ = await browser.get("/Person/1")
        let saved = await browser.post("/Person/1", [("name", "Ada"), ("age", "37"), ("_action", "save")])
        #expect(saved.status == 303)
        #expect(try await people.load(id: 1)?.values["age"] == .int(37))
    }
}

/// Lines an error log was given.
final class LogLines: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: [String] = []
    var lines: [String] { lock.withLock { stored } }
    func append(_ line: String) { lock.withLock { stored.append(line) } }
}
