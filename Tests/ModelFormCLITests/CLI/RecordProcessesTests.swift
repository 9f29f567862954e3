import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Three `modelform serve --database` processes over one database (a SQLite file in WAL
/// mode; PostgreSQL where `MODELFORM_POSTGRES_URL` names a server), sharing only
/// `MODELFORM_SECRET`: a record created through one is listed by the others at once, a CSRF
/// token one process minted is accepted by another, and three people saving the same record
/// at the same version through the three processes lose no update: one is saved, the others
/// get the conflict page (409), every round.
@Suite(.serialized) struct RecordProcessesTests {
    static let rounds = 30

    enum Database: String, CaseIterable, CustomTestStringConvertible {
        case sqlite = "SQLite file"
        case postgres = "PostgreSQL"

        var testDescription: String { rawValue }

        static var postgresURL: String? { ProcessInfo.processInfo.environment["MODELFORM_POSTGRES_URL"] }
        static let available: [Database] = allCases.filter { $0 != .postgres || postgresURL != nil }

        /// The `--database` argument.
        var argument: String {
            switch self {
            case .sqlite: return "notes.sqlite"
            case .postgres: return (Self.postgresURL ?? "") + "?sslmode=disable"
            }
        }
    }

    /// Posts a new record's form to `address` with `visitor`'s token and cookie; the record's
    /// page it was redirected to.
    static func create(
        _ visitor: LostUpdateTests.Visitor, fields: String, session: URLSession
    ) async throws -> String {
        var request = URLRequest(url: try #require(URL(string: visitor.base)))
        request.httpMethod = "POST"
        request.setValue("mf_csrf=\(visitor.cookie)", forHTTPHeaderField: "Cookie")
        request.setValue("application/x-www-form-urlencoded", forHTTPHeaderField: "Content-Type")
        let token = visitor.csrf.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""
        request.httpBody = Data("_csrf=\(token)&_version=new&\(fields)&_action=save".utf8)
        let (_, response) = try await session.data(for: request)
        #expect((response as? HTTPURLResponse)?.statusCode == 200)
        return response.url?.path ?? ""
    }

    @Test(arguments: Database.available)
    func threeProcessesOverOneDatabaseLoseNoUpdate(_ database: Database) async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("modelform-procs-\(UUID())").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        // A table of its own on a shared server: the type's name is new each run.
        let type = "Note" + UUID().uuidString.prefix(8).filter(\.isLetter)
        try "root: \(type)\ntypes:\n  \(type):\n    title: String\n    count: Int\n".write(
            toFile: folder + "/notes.types.yaml", atomically: true, encoding: .utf8)
        let arguments = ["notes.types.yaml", "--database", database.argument, "--port", "0"]
        // The first process makes the table; the other two open it.
        var servers = [try ServeCommandTests.Served(arguments, in: folder, secret: "one secret for three servers")]
        var bases = [String(servers[0].firstLine().split(separator: " ").first { $0.hasPrefix("http://") } ?? "")]
        for _ in 1..<3 {
            let server = try ServeCommandTests.Served(arguments, in: folder, secret: "one secret for three servers")
            servers.append(server)
            bases.append(String(server.firstLine().split(separator: " ").first { $0.hasPrefix("http://") } ?? ""))
        }
        defer { for server in servers { _ = server.stop(removing: false) } }
        #expect(bases.allSatisfy { $0.hasPrefix("http://127.0.0.1:") }, "\(bases)")
        let session = URLSession(configuration: .ephemeral)

        // Created through the first, listed by the others at once.
        var creator = LostUpdateTests.Visitor(base: bases[0] + "\(type)/new")
        try await creator.load(session)
        let page = try await Self.create(creator, fields: "title=shared&count=0", session: session)
        #expect(page.hasPrefix("/\(type)/"), "\(page)")
        for base in bases.dropFirst() {
            let (data, _) = try await session.data(from: try #require(URL(string: base + "\(type)/")))
            #expect(String(decoding: data, as: UTF8.self).contains(#"<a href="\#(page)">shared</a>"#), "\(base)")
        }

        // A token and cookie minted by the first process, posted to the second.
        var crossing = LostUpdateTests.Visitor(base: bases[0] + page.dropFirst())
        try await crossing.load(session)
        crossing = LostUpdateTests.Visitor(
            base: bases[1] + page.dropFirst(), cookie: crossing.cookie, csrf: crossing.csrf, version: crossing.version)
        #expect(
            try await crossing.save([("title", "shared"), ("count", "-1")], session), "accepted by another process")

        var saves = 0
        var conflicts = 0
        var lost = 0
        for round in 0..<Self.rounds {
            var visitors = bases.map { LostUpdateTests.Visitor(base: $0 + page.dropFirst()) }
            for index in visitors.indices { try await visitors[index].load(session) }
            #expect(Set(visitors.map(\.version)).count == 1, "the three saw one version")
            let (one, two, three) = (visitors[0], visitors[1], visitors[2])
            async let first = one.save([("title", "shared"), ("count", "\(round * 10 + 1)")], session)
            async let second = two.save([("title", "shared"), ("count", "\(round * 10 + 2)")], session)
            async let third = three.save([("title", "shared"), ("count", "\(round * 10 + 3)")], session)
            let outcomes = try await [first, second, third]
            let winners = outcomes.indices.filter { outcomes[$0] }
            saves += winners.count
            conflicts += outcomes.count - winners.count
            // Read through a process that may not be the winner's.
            var reader = LostUpdateTests.Visitor(base: bases[round % 3] + page.dropFirst())
            try await reader.load(session)
            let (data, _) = try await session.data(from: try #require(URL(string: reader.base)))
            let stored = String(decoding: data, as: UTF8.self).firstMatch(of: /name="count"[^>]*value="(-?[0-9]+)"/)
                .flatMap { Int($0.output.1) }
            if winners.count != 1 || stored != winners.first.map({ round * 10 + $0 + 1 }) { lost += 1 }
            #expect(Int(reader.version) == Int(visitors[0].version).map { $0 + 1 }, "one save per round")
        }
        print(
            "three serve processes on \(database.rawValue), \(Self.rounds) rounds: \(saves) saves, \(conflicts) told of a conflict, \(lost) lost"
        )
        #expect(lost == 0)
        #expect(saves == Self.rounds && conflicts == 2 * Self.rounds)
    }
}
