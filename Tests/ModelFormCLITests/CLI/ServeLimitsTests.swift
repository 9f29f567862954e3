import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `modelform serve` does not hold idle or slow connections forever, and caps how many it
/// holds, so that a crowd of them cannot starve a normal request.
@Suite(.serialized) struct ServeLimitsTests {
    /// A TCP connection to 127.0.0.1:port, optionally sending some bytes.
    static func connect(_ port: Int, sending text: String = "") -> Int32 {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
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
}
