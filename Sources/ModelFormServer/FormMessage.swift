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

    /// The first header of a name (names are compared ignoring case).
    public func header(_ name: String) -> String? {
        let name = name.lowercased()
        return headers.first { $0.name.lowercased() == name }?.value
    }

    /// A cookie's value from the `Cookie` headers.
    public func cookie(_ name: String) -> String? {
        for header in headers where header.name.lowercased() == "cookie" {
            for pair in header.value.split(separator: ";") {
                let parts = pair.split(separator: "=", maxSplits: 1)
                if parts.count == 2, parts[0].trimmingSpaces == name { return String(parts[1].trimmingSpaces) }
            }
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

    /// The first header of a name (ignoring case).
    public func header(_ name: String) -> String? {
        let name = name.lowercased()
        return headers.first { $0.name.lowercased() == name }?.value
    }

    /// The body as text.
    public var text: String { String(decoding: body, as: UTF8.self) }
}

extension Substring {
    var trimmingSpaces: Substring {
        var text = self
        while text.first == " " { text = text.dropFirst() }
        while text.last == " " { text = text.dropLast() }
        return text
    }
}
