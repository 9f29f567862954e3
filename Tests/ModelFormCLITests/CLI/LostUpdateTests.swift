import Foundation
import ModelFormCLI
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Two `modelform serve` processes over one values file (the README says instances need only
/// share the secret): two people save different fields of the same version at the same
/// moment, one through each process. Every round, at most one is told "Saved" and the other
/// gets the conflict page (409); whatever was reported saved is in the file.
@Suite(.serialized) struct LostUpdateTests {
    static let rounds = 200

    /// One browser of one server: its cookie, and the page's hidden fields.
    struct Visitor: Sendable {
        let base: String
        var cookie = ""
        var csrf = ""
        var version = ""

        mutating func load(_ session: URLSession) async throws {
            var request = URLRequest(url: try #require(URL(string: base)))
            if !cookie.isEmpty { request.setValue("mf_csrf=\(cookie)", forHTTPHeaderField: "Cookie") }
            let (data, response) = try await session.data(for: request)
            let page = String(decoding: data, as: UTF8.self)
            if let set = (response as? HTTPURLResponse)?.value(forHTTPHeaderField: "Set-Cookie"),
                let value = set.split(separator: ";").first?.split(separator: "=", maxSplits: 1).last
            {
                cookie = String(value)
            }
            csrf = Self.hidden("_csrf", in: page)
            version = Self.hidden("_version", in: page)
        }

        /// Posts the form; `true` when it was saved (303 to the page with `saved=`), `false`
        /// for a conflict (409). Anything else fails the test.
        func save(_ fields: [(String, String)], _ session: URLSession) async throws -> Bool {
            var request = URLRequest(url: try #require(URL(string: base)))
            request.httpMethod = "POST"
            request.setValue("mf_csrf=\(cookie)", forHTTPHeaderField: "Cookie")
            request.setValue("application/x-www-form-urlencoded", forHTTPHeaderField: "Content-Type")
            let pairs = [("_csrf", csrf), ("_version", version)] + fields + [("_action", "save")]
            let allowed = CharacterSet.alphanumerics
            request.httpBody = Data(
                pairs.map {
                    "\($0.0.addingPercentEncoding(withAllowedCharacters: allowed) ?? "")="
                        + "\($0.1.addingPercentEncoding(withAllowedCharacters: allowed) ?? "")"
                }
                .joined(separator: "&").utf8)
            let (_, response) = try await session.data(for: request)
            let http = try #require(response as? HTTPURLResponse)
            if http.statusCode == 409 { return false }
            #expect(
                http.statusCode == 200 && http.url?.query?.contains("saved=") == true,
                "status \(http.statusCode) at \(String(describing: http.url))")
            return true
        }

        static func hidden(_ name: String, in page: String) -> String {
            guard let range = page.range(of: "name=\"\(name)\" value=\"") else { return "" }
            let rest = page[range.upperBound...]
            return rest.firstIndex(of: "\"").map { String(rest[..<$0]) } ?? ""
        }
    }

    @Test func twoServersOverOneFileLoseNoSave() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "modelform-lost-\(UUID().uuidString)"
        ).path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try "root: Note\ntypes:\n  Note:\n    title: String\n    body: String\n".write(
            toFile: folder + "/note.types.yaml", atomically: true, encoding: .utf8)
        try "title: start\nbody: start\n".write(toFile: folder + "/note.values.yaml", atomically: true, encoding: .utf8)
        let servers = try (0..<2).map { _ in
            try ServeCommandTests.Served(
                ["note.types.yaml", "--port", "0"], in: folder, secret: "one secret for both instances of the server")
        }
        defer { for server in servers { _ = server.stop(removing: false) } }
        let bases = servers.map { server in
            String(server.firstLine().split(separator: " ").first { $0.hasPrefix("http://") } ?? "")
        }
        let session = URLSession(configuration: .ephemeral)
        var visitors = bases.map { Visitor(base: $0) }
        var saves = 0
        var conflicts = 0
        var lost = 0
        for round in 0..<Self.rounds {
            for index in visitors.indices { try await visitors[index].load(session) }
            #expect(visitors[0].version == visitors[1].version)
            let title = "title \(round)"
            let body = "body \(round)"
            let (one, two) = (visitors[0], visitors[1])
            async let first = one.save([("title", title), ("body", "start")], session)
            async let second = two.save([("title", "start"), ("body", body)], session)
            let (titleSaved, bodySaved) = try await (first, second)
            let file = try String(contentsOfFile: folder + "/note.values.yaml", encoding: .utf8)
            for (saved, expected) in [(titleSaved, "title: \(title)"), (bodySaved, "body: \(body)")] {
                if saved { saves += 1 } else { conflicts += 1 }
                if saved, !file.contains(expected) { lost += 1 }
            }
            // The next round starts from both fields as they began.
            try "title: start\nbody: start\n".write(
                toFile: folder + "/note.values.yaml", atomically: true, encoding: .utf8)
        }
        print(
            "two serve processes, \(Self.rounds) rounds: \(saves) saves, \(conflicts) told of a conflict, \(lost) lost")
        #expect(lost == 0)
        #expect(saves + conflicts == 2 * Self.rounds)
        #expect(saves >= Self.rounds, "one of each round's two saves goes through")
    }
}

/// `apply` while another program saves the same values file: the other save lands first
/// (it happens while `apply` reads its form body), and `apply` puts its change on top of it
/// when the two changed different fields, or refuses, prints its edit and writes nothing.
@Suite struct ConcurrentApplyTests {
    static let body =
        "email=ada%40example.com&password=correct+horse+battery&repeatPassword=correct+horse+battery&name=Ada+King&age=36&gender=female&agreedToTerms=true&rememberMe=true&interests=computers&interests=socializing&notifications=1&language=english&about=Mathematician+and+writer.%0AFirst+to+publish+an+algorithm+for+a+machine.%0A&homepageURL=https%3A%2F%2Fexample.com%2Fada&dateOfBirth=1815-12-10&_action=save"

    /// Runs `apply --form-body -` with `Self.body`; `meanwhile` edits the file just before
    /// the body is read (after `apply` loaded the values).
    static func apply(in scratch: Scratch, meanwhile: @escaping @Sendable (String) throws -> String) throws -> (
        status: Int32, output: String, errors: String
    ) {
        let file = scratch.file("config/registration.values.yaml")
        let (capturing, captured) = CLIEnvironment.capturing(directory: scratch.path)
        let environment = CLIEnvironment(
            out: capturing.out, err: capturing.err,
            readInput: {
                let text = (try? String(contentsOfFile: file, encoding: .utf8)) ?? ""
                try? (try? meanwhile(text))?.write(toFile: file, atomically: true, encoding: .utf8)
                return Data(Self.body.utf8)
            },
            variables: [:], outputIsTerminal: false, directory: scratch.path)
        let status = CLIEnvironment.$current.withValue(environment) {
            ModelFormCLI.run(["apply", "--data", "config/registration.values.yaml", "--form-body", "-"])
        }
        return (status, captured.output, captured.errors)
    }

    @Test func changesToOtherFieldsAreKept() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let run = try Self.apply(in: scratch) {
            $0.replacingOccurrences(of: "email: ada@example.com", with: "email: ada@lovelace.org")
        }
        #expect(run.status == 0, "\(run.errors)")
        #expect(run.output == "name = Ada King\n")
        let saved = try scratch.read("config/registration.values.yaml")
        #expect(saved.contains("name: Ada King") && saved.contains("email: ada@lovelace.org"))
    }

    @Test func aChangeToTheSameFieldIsRefusedAndPrinted() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let run = try Self.apply(in: scratch) {
            $0.replacingOccurrences(of: "name: Ada Lovelace", with: "name: Augusta Ada")
        }
        #expect(run.status == 1)
        #expect(
            run.errors.contains(
                "config/registration.values.yaml: error: another program saved the file while the edit was made, and changed name too; nothing was written. The edit was:\nname = Ada King"
            ), "\(run.errors)")
        let saved = try scratch.read("config/registration.values.yaml")
        #expect(saved.contains("name: Augusta Ada") && !saved.contains("Ada King"))
    }
}
