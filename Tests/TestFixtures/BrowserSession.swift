import Foundation
import ModelFormServer

/// A browser's side of the conversation: it keeps the CSRF cookie and reads the hidden
/// fields of the last page, as a form post would send them.
public final class BrowserSession: @unchecked Sendable {
    /// A CSRF secret for test servers.
    public static let secret = Array("a secret of more than thirty-two bytes for tests".utf8)

    /// The server asked.
    let server: @Sendable (FormRequest) async -> FormResponse
    /// The CSRF cookie the server set.
    public var cookie: String?
    /// The last HTML page answered.
    public var lastPage = ""
    /// The Host header sent.
    public var host = "localhost:8080"

    public init(_ server: FormServer) { self.server = server.respond(to:) }

    /// A session with a server of records.
    public init(_ server: RecordServer) { self.server = server.respond(to:) }

    /// Gets a page, keeping its cookie and its hidden fields.
    public func get(_ path: String, query: String = "") async -> FormResponse {
        let response = await server(
            FormRequest(method: "GET", path: path, query: query, headers: headers()))
        remember(response)
        return response
    }

    /// Posts `fields` with the CSRF token and version of the last page (unless given).
    public func post(
        _ path: String, _ fields: [(String, String)], csrf: Bool = true, extraHeaders: [(String, String)] = []
    )
        async -> FormResponse
    {
        var pairs = fields
        if csrf, !fields.contains(where: { $0.0 == "_csrf" }), let token = hidden("_csrf") {
            pairs.insert(("_csrf", token), at: 0)
        }
        if !fields.contains(where: { $0.0 == "_version" }), let version = hidden("_version") {
            pairs.insert(("_version", version), at: 0)
        }
        if !fields.contains(where: { $0.0 == "_base" }), let base = hidden("_base") {
            pairs.insert(("_base", base), at: 0)
        }
        let body = pairs.map { "\(Self.encode($0.0))=\(Self.encode($0.1))" }.joined(separator: "&")
        let request = FormRequest(
            method: "POST", path: path,
            headers: (headers() + [("Content-Type", "application/x-www-form-urlencoded"), ("Origin", "http://\(host)")])
                .filter { header in
                    !extraHeaders.contains { $0.0.lowercased() == header.name.lowercased() }
                } + extraHeaders.map { (name: $0.0, value: $0.1) },
            body: Array(body.utf8))
        let response = await server(request)
        remember(response)
        return response
    }

    /// Posts a body as a browser sends a page's form (its hidden fields included).
    public func postBody(_ path: String, _ body: String) async -> FormResponse {
        let request = FormRequest(
            method: "POST", path: path,
            headers: headers() + [("Content-Type", "application/x-www-form-urlencoded"), ("Origin", "http://\(host)")],
            body: Array(body.utf8))
        let response = await server(request)
        remember(response)
        return response
    }

    private func headers() -> [(name: String, value: String)] {
        [("Host", host)] + (cookie.map { [("Cookie", "mf_csrf=\($0)")] } ?? [])
    }

    private func remember(_ response: FormResponse) {
        if let set = response.header("Set-Cookie"),
            let value = set.split(separator: ";").first?.split(separator: "=", maxSplits: 1).last
        {
            cookie = String(value)
        }
        if response.header("Content-Type")?.hasPrefix("text/html") == true { lastPage = response.text }
    }

    /// A hidden input's value on the last page.
    public func hidden(_ name: String) -> String? {
        guard let range = lastPage.range(of: "name=\"\(name)\" value=\"") else { return nil }
        let rest = lastPage[range.upperBound...]
        return rest.firstIndex(of: "\"").map { String(rest[..<$0]).replacingOccurrences(of: "&amp;", with: "&") }
    }

    /// `text` percent-encoded for a form body.
    public static func encode(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: .alphanumerics.union(CharacterSet(charactersIn: "-._~")))
            ?? text
    }
}
