import Foundation
import ModelFormTesting
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `modelform serve` as a process: it prints its address, answers, and stops on SIGINT with
/// exit status 0; a port in use is a clear error (exit 2).
@Suite(.serialized) struct ServeCommandTests {
    final class Served {
        let process = Process()
        let output = Pipe()
        let errors = Pipe()
        let folder: String

        /// Serves a copy of the package's `config`, `Cells` and `Themes` folders.
        convenience init(_ arguments: [String]) throws {
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
                "modelform-serve-\(UUID().uuidString)"
            ).path
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            for name in ["config", "Cells", "Themes"] {
                try FileManager.default.copyItem(atPath: PackagePaths.url(name).path, toPath: folder + "/" + name)
            }
            try self.init(arguments, in: folder)
        }

        /// Serves in `folder`, with `secret` as `MODELFORM_SECRET` when given.
        init(_ arguments: [String], in folder: String, secret: String? = nil) throws {
            self.folder = folder
            if let secret {
                process.environment = ProcessInfo.processInfo.environment.merging(["MODELFORM_SECRET": secret]) { $1 }
            }
            process.executableURL = EndToEndTests.binary
            process.arguments = ["serve"] + arguments
            process.currentDirectoryURL = URL(fileURLWithPath: folder)
            process.standardOutput = output
            process.standardError = errors
            process.standardInput = FileHandle.nullDevice
            try process.run()
        }

        /// The first line the server printed.
        func firstLine() -> String {
            var bytes: [UInt8] = []
            while let byte = try? output.fileHandleForReading.read(upToCount: 1), let first = byte.first, first != 0x0A
            { bytes.append(first) }
            return String(decoding: bytes, as: UTF8.self)
        }

        func stop(removing: Bool = true) -> (status: Int32, rest: String) {
            if process.isRunning { process.interrupt() }
            process.waitUntilExit()
            let rest = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            if removing { try? FileManager.default.removeItem(atPath: folder) }
            return (process.terminationStatus, rest)
        }
    }

    @Test func itPrintsItsAddressAnswersAndStopsOnCtrlC() async throws {
        let served = try Served(["--port", "0"])
        let line = served.firstLine()
        #expect(
            line.hasPrefix("Serving Create Your Account (config/registration.values.yaml) at http://127.0.0.1:")
                && line.hasSuffix("/ - Ctrl-C stops"), "\(line)")
        let address = String(line.split(separator: " ").first { $0.hasPrefix("http://") } ?? "")
        // Its own session, so that no cookie another test was given for 127.0.0.1 is sent.
        let (data, response) = try await URLSession(configuration: .ephemeral).data(
            from: URL(string: address + "address")!)
        let http = response as? HTTPURLResponse
        #expect(http?.statusCode == 200 && String(decoding: data, as: UTF8.self).contains("value=\"London\""))
        #expect(http?.value(forHTTPHeaderField: "Set-Cookie")?.contains("HttpOnly") == true)
        let end = served.stop()
        #expect(end.status == 0 && end.rest == "stopped\n")
    }

    /// Standard output closed by its reader (`modelform serve | head -1`): the server goes
    /// on, and stops on Ctrl-C with status 0 (it crashed writing `stopped`).
    @Test func aClosedOutputIsNoCrash() async throws {
        let served = try Served(["--port", "0"])
        defer { try? FileManager.default.removeItem(atPath: served.folder) }
        #expect(served.firstLine().hasPrefix("Serving "))
        try served.output.fileHandleForReading.close()
        try await Task.sleep(for: .milliseconds(200))
        #expect(served.process.isRunning)
        served.process.interrupt()
        served.process.waitUntilExit()
        #expect(served.process.terminationReason == .exit && served.process.terminationStatus == 0)
    }

    @Test func aPortInUseIsAClearError() async throws {
        let first = try Served(["--port", "0"])
        let line = first.firstLine()
        let port = line.split(separator: ":").last.map { $0.prefix { $0.isNumber } } ?? ""
        let second = try Served(["--port", String(port)])
        second.process.waitUntilExit()
        let message = String(decoding: second.errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(second.process.terminationStatus == 2)
        #expect(message.hasPrefix("error: cannot serve on 127.0.0.1:\(port): "), "\(message)")
        _ = second.stop()
        _ = first.stop()
    }
}

/// `serve` refuses at the start what would make it refuse every save later.
@Suite struct ServeOptionTests {
    @Test(arguments: [
        (["--origin", "https://forms.example.com/app"], "with no path, query or user"),
        (["--origin", "https://forms.example.com/?a=1"], "with no path, query or user"),
        (["--origin", "https://user@forms.example.com"], "with no path, query or user"),
        (["--origin", "forms.example.com"], "--origin needs a URL"),
        (["--trusted-proxy", "10.0.0.0/8"], "not a range or a name: '10.0.0.0/8'"),
        (["--trusted-proxy", "proxy.internal"], "not a range or a name: 'proxy.internal'"),
    ])
    func aUselessOriginOrProxyIsAUsageError(arguments: [String], message: String) {
        let run = CLIRun(["serve", "--port", "0"] + arguments)
        #expect(run.status == 64, "\(arguments): \(run.errors)")
        #expect(run.errors.contains(message), "\(run.errors)")
    }

    @Test func aPostgreSQLServerThatDoesNotAnswerIsAnErrorThatHidesThePassword() async throws {
        // Nothing listens on port 9: the store gives up after its 10 s answer limit. A process
        // of its own (the command blocks its thread while it waits), waited for without
        // holding one of the test run's threads.
        let process = Process()
        let errors = Pipe()
        process.executableURL = EndToEndTests.binary
        process.arguments = [
            "serve", "config/registration.types.yaml", "--port", "0", "--database",
            "postgres://forms:hunter2@127.0.0.1:9/app?sslmode=disable",
        ]
        process.currentDirectoryURL = PackagePaths.root
        process.standardOutput = FileHandle.nullDevice
        process.standardError = errors
        try process.run()
        while process.isRunning { try await Task.sleep(for: .milliseconds(100)) }
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(process.terminationStatus == 2, "\(message)")
        #expect(
            message.contains(
                "error: postgres://forms:***@127.0.0.1:9/app?sslmode=disable: the database is unavailable: "),
            "\(message)")
        #expect(!message.contains("hunter2"))
    }
}

/// `serve --database`: a type's records in a SQLite file, created on the first run; a new
/// record saved through the browser's form is in the file for the next run.
@Suite(.serialized) struct ServeDatabaseTests {
    static let types = """
        root: Person
        types:
          Person:
            name: String
            age: Int
        """

    /// A page's body, its CSRF cookie (when it set one) and its `_csrf` field.
    static func get(_ url: String, session: URLSession) async throws -> (page: String, status: Int, token: String?) {
        let (data, response) = try await session.data(from: try #require(URL(string: url)))
        let page = String(decoding: data, as: UTF8.self)
        let token = page.firstMatch(of: /name="_csrf" value="([^"]+)"/).map { String($0.output.1) }
        return (page, (response as? HTTPURLResponse)?.statusCode ?? 0, token)
    }

    /// Saves a new record's form as a browser posts it (the page's token, its origin);
    /// the response after the 303 is followed.
    static func saveNew(
        _ address: String, _ page: String, fields: String, token: String, session: URLSession
    ) async throws -> URLResponse {
        var request = URLRequest(url: try #require(URL(string: address + page)))
        request.httpMethod = "POST"
        request.setValue("application/x-www-form-urlencoded", forHTTPHeaderField: "Content-Type")
        request.setValue(String(address.dropLast()), forHTTPHeaderField: "Origin")  // no trailing "/"
        let encoded = token.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""
        request.httpBody = Data("_csrf=\(encoded)&_version=new&\(fields)&_action=save".utf8)
        return try await session.data(for: request).1
    }

    @Test func itServesTheRecordsOfASQLiteFileItCreates() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("modelform-db-\(UUID())").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try Self.types.write(toFile: folder + "/people.types.yaml", atomically: true, encoding: .utf8)
        let arguments = ["people.types.yaml", "--database", "people.sqlite", "--port", "0"]
        var served = try ServeCommandTests.Served(arguments, in: folder)
        var line = served.firstLine()
        #expect(line.hasPrefix("Serving Person records (people.sqlite) at http://127.0.0.1:"), "\(line)")
        var address = String(line.split(separator: " ").first { $0.hasPrefix("http://") } ?? "")
        let session = URLSession(configuration: .ephemeral)
        #expect(try await Self.get(address, session: session).page.contains(#"<a href="/Person/">Person</a>"#))
        let new = try await Self.get(address + "Person/new", session: session)
        #expect(new.status == 200)
        let response = try await Self.saveNew(
            address, "Person/new", fields: "name=Ada&age=36", token: try #require(new.token), session: session)
        #expect((response as? HTTPURLResponse)?.statusCode == 200)
        #expect(response.url?.path == "/Person/1", "\(String(describing: response.url))")
        #expect(served.stop(removing: false).status == 0)
        // The next run reads the same file.
        served = try ServeCommandTests.Served(arguments, in: folder)
        line = served.firstLine()
        address = String(line.split(separator: " ").first { $0.hasPrefix("http://") } ?? "")
        let list = try await Self.get(address + "Person/?q=ad", session: URLSession(configuration: .ephemeral))
        #expect(list.page.contains("1 record match “ad”.") && list.page.contains(#"<a href="/Person/1">Ada</a>"#))
        #expect(served.stop(removing: false).status == 0)
    }

    @Test func theTypesItsLookupsNameAreServedFromTheSameFile() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("modelform-db-\(UUID())").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        // Project stands alone (served too); Address is a part of an employee (not served).
        let types = """
            root: Employee
            types:
              Employee:
                name: String
                department: Int?
                address: Address?
              Department:
                name: String
              Address:
                city: String
              Project:
                title: String

            """
        try types.write(toFile: folder + "/staff.types.yaml", atomically: true, encoding: .utf8)
        try "Employee:\n  overrides:\n    department: {lookup: Department}\n".write(
            toFile: folder + "/staff.forms.yaml", atomically: true, encoding: .utf8)
        let served = try ServeCommandTests.Served(
            ["staff.types.yaml", "--database", "staff.sqlite", "--port", "0"], in: folder)
        let line = served.firstLine()
        let address = String(line.split(separator: " ").first { $0.hasPrefix("http://") } ?? "")
        let session = URLSession(configuration: .ephemeral)
        let index = try await Self.get(address, session: session)
        #expect(index.page.contains(#"<a href="/Department/">Department</a>"#), "\(index.page)")
        #expect(index.page.contains(#"<a href="/Project/">Project</a>"#), "\(index.page)")
        #expect(!index.page.contains(#"<a href="/Address/">"#), "a part is not a table")
        let new = try await Self.get(address + "Department/new", session: session)
        _ = try await Self.saveNew(
            address, "Department/new", fields: "name=Sales", token: try #require(new.token), session: session)
        let employee = try await Self.get(address + "Employee/new", session: session)
        #expect(employee.page.contains(#"<option value="1">Sales</option>"#), "\(employee.page)")
        #expect(served.stop(removing: false).status == 0)
    }

    @Test(arguments: [
        (
            ["--database", "postgres://localhost/app?ssl=true"],
            "'ssl=true' is not understood; a PostgreSQL URL takes schema=NAME and sslmode=disable, prefer or require"
        ),
        (["--database", "postgres:///app"], "is not a URL such as postgres://user@host/db"),
        (["--database", "a.sqlite", "--data", "config/registration.values.yaml"], "give one"),
    ])
    func aDatabaseItCannotServeIsAUsageError(arguments: [String], message: String) {
        let run = CLIRun(["serve", "--port", "0"] + arguments)
        #expect(run.status == 64, "\(arguments): \(run.errors)")
        #expect(run.errors.contains(message), "\(run.errors)")
    }

    @Test func aPostgreSQLServerThatDoesNotAnswerIsAnErrorThatHidesThePassword() {
        // Nothing listens on port 9: the store gives up after its 10 s answer limit.
        let run = CLIRun(
            ["serve", "--port", "0", "--database", "postgres://forms:hunter2@127.0.0.1:9/app?sslmode=disable"],
            directory: PackagePaths.url("config").deletingLastPathComponent().path)
        #expect(run.status == 2, "\(run.errors)")
        #expect(
            run.errors.contains(
                "error: postgres://forms:***@127.0.0.1:9/app?sslmode=disable: the database is unavailable: postgres public."
            ), "\(run.errors)")
        #expect(!run.output.contains("hunter2") && !run.errors.contains("hunter2"))
    }
}
