import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `modelform serve` does not hold idle or slow connections forever, and caps how many it
/// holds, so that a crowd of them cannot starve a normal request.
@Suite(.serialized) struct ServeLimitsTests {
    /// A TCP connection to 127.0.0.1:port, optionally sending some bytes.
    static func connect(_ port: Int, sending text: String = "", from source: String? = nil) -> Int32 {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        if let source {
            // Another loopback address: another peer, as another machine's client would be.
            var local = sockaddr_in()
            local.sin_family = sa_family_t(AF_INET)
            local.sin_addr.s_addr = inet_addr(source)
            let bound = withUnsafePointer(to: &local) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
                }
            }
            guard bound == 0 else {
                close(descriptor)
                return -1
            }
        }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                Foundation.connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else {
            close(descriptor)
            return -1
        }
        if !text.isEmpty { _ = text.withCString { send(descriptor, $0, strlen($0), Int32(MSG_NOSIGNAL)) } }
        return descriptor
    }

    /// Whether the server closed the connection (a read returns end of file or an error)
    /// within `seconds`.
    static func isClosed(_ descriptor: Int32, within seconds: Double) -> Bool {
        var poll = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        guard Glibc.poll(&poll, 1, Int32(seconds * 1000)) > 0 else { return false }
        var byte: UInt8 = 0
        return recv(descriptor, &byte, 1, Int32(MSG_DONTWAIT)) <= 0
    }

    /// A normal client's request on a new connection: the status it was answered with
    /// within `seconds`, or `nil`.
    static func get(_ port: Int, within seconds: Double = 5, from source: String? = nil) -> Int? {
        let descriptor = connect(
            port, sending: "GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n", from: source)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        let head = String(decoding: received(descriptor, within: seconds) { $0.count >= 12 }, as: UTF8.self)
        guard head.hasPrefix("HTTP/1.1 ") else { return nil }
        return Int(head.dropFirst(9).prefix(3))
    }

    static func port(_ served: ServeCommandTests.Served) -> Int {
        let line = served.firstLine()
        return Int(line.split(separator: ":").last.map { $0.prefix { $0.isNumber } } ?? "") ?? 0
    }

    @Test func idleAndHalfSentConnectionsAreClosedAndACrowdIsCapped() async throws {
        let served = try ServeCommandTests.Served(["--port", "0"])
        defer { _ = served.stop() }
        let port = Self.port(served)
        // 600 connections at once: those past the cap of 512 are closed straight away.
        let idle = (0..<300).map { _ in Self.connect(port) }
        let halfSent = (0..<300).map { _ in Self.connect(port, sending: "GET / HTTP/1.1\r\nHost: localhost\r\nX-Slow: ")
        }
        let all = idle + halfSent
        #expect(all.allSatisfy { $0 >= 0 })
        let closedAtOnce = all.filter { Self.isClosed($0, within: 0.05) }.count
        #expect(closedAtOnce >= 600 - 512, "\(closedAtOnce) of 600 closed at once")
        // Within the idle timeout (10 s) and a margin, every one of them is closed.
        let deadline = Date().addingTimeInterval(14)
        var open = all.filter { !Self.isClosed($0, within: 0) }
        while !open.isEmpty, Date() < deadline {
            open = open.filter { !Self.isClosed($0, within: 0.2) }
        }
        #expect(open.isEmpty, "\(open.count) connections still held after 14 s")
        for descriptor in all { close(descriptor) }
        // And the server still answers.
        // An ephemeral session: the shared one would keep the cookie for 127.0.0.1 (cookies
        // ignore ports) and other tests would be sent it.
        let (_, response) = try await URLSession(configuration: .ephemeral).data(
            from: URL(string: "http://127.0.0.1:\(port)/")!)
        #expect((response as? HTTPURLResponse)?.statusCode == 200)
    }

    /// 600 idle sockets from one client, which reconnects whatever is closed, do not keep a
    /// normal client (another address) from being answered: one address holds at most 64,
    /// and at the cap the connection idle longest is closed for the new one (bounded: 5 s
    /// of reconnecting, or 3 requests if they take longer).
    @Test func aCrowdThatReconnectsDoesNotStarveANewClient() async throws {
        let served = try ServeCommandTests.Served(["--port", "0"])
        defer { _ = served.stop() }
        let port = Self.port(served)
        var crowd = (0..<600).map { _ in Self.connect(port) }
        var answered = 0
        var asked = 0
        let end = Date().addingTimeInterval(5)
        while Date() < end || asked < 3 {
            // The crowd reconnects every socket the server closed.
            for index in crowd.indices where crowd[index] < 0 || Self.isClosed(crowd[index], within: 0) {
                if crowd[index] >= 0 { close(crowd[index]) }
                crowd[index] = Self.connect(port)
            }
            asked += 1
            if Self.get(port, from: "127.0.0.2") == 200 { answered += 1 }
        }
        #expect(answered == asked, "\(answered) of \(asked) normal requests answered")
        for descriptor in crowd where descriptor >= 0 { close(descriptor) }
    }

    /// A request head that trickles in a byte at a time (each resetting an idle timeout) is
    /// still cut off at the head deadline.
    @Test func aTricklingHeadIsClosedAtTheHeadDeadline() async throws {
        let served = try ServeCommandTests.Served(["--port", "0"])
        defer { _ = served.stop() }
        let port = Self.port(served)
        let slow = Self.connect(port, sending: "GET / HTTP/1.1\r\nX-Slow: ")
        var closed = false
        let end = Date().addingTimeInterval(14)
        while !closed, Date() < end {
            _ = "a".withCString { send(slow, $0, 1, Int32(MSG_NOSIGNAL)) }
            closed = Self.isClosed(slow, within: 1)
        }
        #expect(closed, "a head sent a byte a second is closed within the head deadline (10 s) and a margin")
        close(slow)
    }

    /// The bytes a server sent on `descriptor` until it closed it, `enough` holds of them,
    /// or `seconds` passed.
    static func received(
        _ descriptor: Int32, within seconds: Double, until enough: ([UInt8]) -> Bool = { _ in false }
    ) -> [UInt8] {
        var received: [UInt8] = []
        let deadline = Date().addingTimeInterval(seconds)
        while !enough(received), Date() < deadline {
            var poll = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            guard Glibc.poll(&poll, 1, 100) > 0 else { continue }
            var buffer = [UInt8](repeating: 0, count: 4096)
            let count = recv(descriptor, &buffer, buffer.count, 0)
            guard count > 0 else { break }
            received += buffer.prefix(count)
        }
        return received
    }

    /// What a server answered on `descriptor` until it closed it (or `seconds` passed).
    static func response(_ descriptor: Int32, within seconds: Double = 10) -> String {
        String(decoding: received(descriptor, within: seconds), as: UTF8.self)
    }

    /// A form sent in chunks (`Transfer-Encoding: chunked`, no `Content-Length`) is read
    /// whole and saved; a `GET` has no body to wait for.
    @Test func aFormSentInChunksIsReadAndSaved() throws {
        let served = try ServeCommandTests.Served(["--port", "0"])
        defer { _ = served.stop() }
        let port = Self.port(served)
        let get = Self.connect(port, sending: "GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
        let page = Self.response(get)
        close(get)
        #expect(page.hasPrefix("HTTP/1.1 200"))
        let cookie = try #require(page.firstMatch(of: /mf_csrf=([^;\r]+)/)).output.1
        let token = try #require(page.firstMatch(of: /name="_csrf" value="([^"]+)"/)).output.1
        let version = try #require(page.firstMatch(of: /name="_version" value="([^"]+)"/)).output.1
        let fields = [
            ("_csrf", String(token)), ("_version", String(version)), ("email", "ada@example.com"),
            ("name", "Ada Chunked"), ("gender", "female"), ("age", "36"), ("dateOfBirth", "1815-12-10"),
            ("language", "english"), ("notifications", "Email"), ("about", "Sent in pieces."),
            ("homepageURL", "https://example.com/ada"), ("agreedToTerms", "true"),
            ("_action", "submitRegistrationForm"),
        ]
        let body = fields.map { "\($0.0)=\($0.1.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "")" }
            .joined(separator: "&")
        let middle = body.utf8.count / 2
        let pieces = [String(body.utf8.prefix(middle))!, String(body.utf8.dropFirst(middle))!]
        let chunks = pieces.map { String($0.utf8.count, radix: 16) + "\r\n" + $0 + "\r\n" }.joined() + "0\r\n\r\n"
        let post = Self.connect(
            port,
            sending: "POST / HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nOrigin: http://127.0.0.1:\(port)\r\n"
                + "Cookie: mf_csrf=\(cookie)\r\nContent-Type: application/x-www-form-urlencoded\r\n"
                + "Transfer-Encoding: chunked\r\nConnection: close\r\n\r\n" + chunks)
        let answer = Self.response(post)
        close(post)
        #expect(answer.hasPrefix("HTTP/1.1 303"), "\(answer.prefix(200))")
        let saved = try String(contentsOfFile: served.folder + "/config/registration.values.yaml", encoding: .utf8)
        #expect(saved.contains("Ada Chunked"))
    }
}
