/// A request as the server library sees it, whatever the web framework: a method, a path
/// (without the query), the query, the headers and the body's bytes.
///
/// ```swift
/// let request = FormRequest(method: "GET", path: "/employee", headers: [("Host", "localhost:8080")])
/// ```
public struct FormRequest: Sendable {
    public var method: String
    public var path: String
    public var query: String
    public var headers: [(name: String, value: String)]
    public var body: [UInt8]
    /// The address of the peer that sent the request (`127.0.0.1`), when the framework
    /// knows it: a proxy's `X-Forwarded-*` headers are trusted only from the addresses in
    /// ``FormServer/trustedProxies``.
    public var remoteAddress: String?

    /// A request.
    ///
    /// - Parameters:
    ///   - method: `GET`, `HEAD`, `POST`...
    ///   - path: The URL path, percent-decoded (`/employee/address`).
    ///   - query: The query string without `?`.
    ///   - headers: The headers, in order.
    ///   - body: The body's bytes.
    ///   - remoteAddress: The peer's address, when the framework knows it.
    public init(
        method: String, path: String, query: String = "", headers: [(name: String, value: String)] = [],
        body: [UInt8] = [],
        remoteAddress: String? = nil
    ) {
        self.method = method
        self.path = path
        self.query = query
        self.headers = headers
        self.body = body
        self.remoteAddress = remoteAddress
    }

    /// The first header of a name (names are compared ignoring ASCII case, as HTTP's are).
    public func header(_ name: String) -> String? {
        headers.first { $0.name.equalsIgnoringASCIICase(name) }?.value
    }

    /// A cookie's value from the `Cookie` headers: the first `name=value` pair of that
    /// name, spaces around either part ignored.
    public func cookie(_ name: String) -> String? {
        for header in headers where header.name.equalsIgnoringASCIICase("cookie") {
            var value = header.value
            let found = value.withUTF8 { bytes -> String? in
                for pair in bytes.split(separator: UInt8(ascii: ";"), omittingEmptySubsequences: false) {
                    guard let equals = pair.firstIndex(of: UInt8(ascii: "=")) else { continue }
                    if pair[..<equals].trimmingSpaces.elementsEqual(name.utf8) {
                        return String(decoding: pair[(equals + 1)...].trimmingSpaces, as: UTF8.self)
                    }
                }
                return nil
            }
            if let found { return found }
        }
        return nil
    }
}

/// A response: a status, headers and a body.
public struct FormResponse: Sendable {
    public var status: Int
    public var headers: [(name: String, value: String)]
    public var body: [UInt8]

    /// A response with a status code, headers in order and a body.
    public init(status: Int, headers: [(name: String, value: String)] = [], body: [UInt8] = []) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// The first header of a name (ignoring ASCII case).
    public func header(_ name: String) -> String? {
        headers.first { $0.name.equalsIgnoringASCIICase(name) }?.value
    }

    /// The body as text.
    public var text: String { String(decoding: body, as: UTF8.self) }
}

extension Slice<UnsafeBufferPointer<UInt8>> {
    /// Without the spaces at either end.
    var trimmingSpaces: Self {
        var text = self
        while text.first == UInt8(ascii: " ") { text = text.dropFirst() }
        while text.last == UInt8(ascii: " ") { text = text.dropLast() }
        return text
    }
}

extension String {
    /// Whether the two are the same text ignoring the case of ASCII letters, as HTTP
    /// compares header names (other bytes must be equal).
    func equalsIgnoringASCIICase(_ other: String) -> Bool {
        guard utf8.count == other.utf8.count else { return false }
        return zip(utf8, other.utf8).allSatisfy { mine, theirs in
            mine == theirs
                || (mine | 0x20 == theirs | 0x20 && (mine | 0x20) >= UInt8(ascii: "a")
                    && (mine | 0x20) <= UInt8(ascii: "z"))
        }
    }
}
