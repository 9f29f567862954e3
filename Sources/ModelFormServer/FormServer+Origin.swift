import Foundation

extension FormServer {
    /// Why a request's host is refused (400), or `nil`: the `Host` (or a trusted proxy's
    /// `X-Forwarded-Host`) must be an IP address, `localhost` (or a name below it), a name in
    /// ``allowedHosts`` or the host of ``publicOrigin``. A page whose name was re-bound to
    /// this machine's address (DNS rebinding) sends its own name, and is refused.
    func refusedHost(_ request: FormRequest) -> String? {
        // Two Host headers (RFC 9112: answered 400) would let a check read one and a proxy the other.
        guard request.headers.count(where: { $0.name.equalsIgnoringASCIICase("host") }) <= 1 else {
            return "Bad request: the request has more than one Host header."
        }
        guard let authority = host(of: request) else { return "Bad request: the Host header is missing." }
        let name = Self.hostName(authority)
        if Self.isAddress(name) || name == "localhost" || name.hasSuffix(".localhost") { return nil }
        if let origin = publicOrigin.flatMap(URLComponents.init(string:))?.host?.lowercased(), origin == name {
            return nil
        }
        for allowed in allowedHosts.map({ $0.lowercased() }) {
            if allowed == "*" || allowed == name { return nil }
            if allowed.hasPrefix("."), name == allowed.dropFirst() || name.hasSuffix(allowed) { return nil }
        }
        return
            "Bad request: this server does not answer for the host '\(name.excerpt(80))' (allow it with --allowed-host)."
    }

    /// `Origin` (when sent) is the page's own origin: ``publicOrigin`` when set, else the
    /// scheme (`https` with ``secureCookies`` or a trusted proxy's `X-Forwarded-Proto`) and the
    /// host the request names; and `Sec-Fetch-Site` (when sent) says the request came from
    /// this origin or was typed by the user.
    func isSameOrigin(_ request: FormRequest) -> Bool {
        if let site = request.header("Sec-Fetch-Site")?.lowercased(), site != "same-origin", site != "none" {
            return false
        }
        guard let origin = request.header("Origin") else { return true }
        guard let sent = Self.origin(origin), let expected = expectedOrigin(request) else { return false }
        return sent == expected
    }

    /// The origin this request's page has: `scheme://host[:port]`, lowercased.
    func expectedOrigin(_ request: FormRequest) -> String? {
        if let publicOrigin { return Self.origin(publicOrigin) }
        guard let authority = host(of: request) else { return nil }
        let forwarded =
            isFromTrustedProxy(request)
            ? request.header("X-Forwarded-Proto")?.split(separator: ",").first.map {
                $0.trimmingCharacters(in: .whitespaces).lowercased()
            } : nil
        let scheme = forwarded ?? (secureCookies ? "https" : "http")
        return Self.origin("\(scheme)://\(authority)")
    }

    /// The authority the request names: a trusted proxy's `X-Forwarded-Host`, else `Host`.
    func host(of request: FormRequest) -> String? {
        if isFromTrustedProxy(request), let forwarded = request.header("X-Forwarded-Host")?.split(separator: ",").first
        {
            return forwarded.trimmingCharacters(in: .whitespaces)
        }
        return request.header("Host")
    }

    /// Whether the peer is one of ``trustedProxies``.
    func isFromTrustedProxy(_ request: FormRequest) -> Bool {
        guard let address = request.remoteAddress, !trustedProxies.isEmpty else { return false }
        return trustedProxies.contains(address)
    }

    /// `scheme://host[:port]` of a URL, lowercased, with the scheme's default port left out;
    /// `nil` for text that is not an origin (a path, user info).
    static func origin(_ text: String) -> String? {
        guard let components = URLComponents(string: text), let scheme = components.scheme?.lowercased(),
            let host = components.host?.lowercased(),
            !host.isEmpty, components.path.isEmpty || components.path == "/", components.user == nil
        else { return nil }
        let defaultPort = scheme == "https" ? 443 : scheme == "http" ? 80 : nil
        let port = components.port.flatMap { $0 == defaultPort ? nil : $0 }
        let shownHost = host.contains(":") && !host.hasPrefix("[") ? "[\(host)]" : host
        return "\(scheme)://\(shownHost)" + (port.map { ":\($0)" } ?? "")
    }

    /// The host name of an authority (`example.com:8080` -> `example.com`, `[::1]:80` -> `::1`), lowercased.
    static func hostName(_ authority: String) -> String {
        let lowered = authority.lowercased()
        if lowered.hasPrefix("["), let close = lowered.firstIndex(of: "]") {
            return String(lowered[lowered.index(after: lowered.startIndex)..<close])
        }
        return String(lowered.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false).first ?? "")
    }

    /// Whether a host name is an IPv4 or IPv6 address (no DNS name can be re-bound to it).
    static func isAddress(_ name: String) -> Bool {
        var v4 = in_addr()
        var v6 = in6_addr()
        return inet_pton(AF_INET, name, &v4) == 1 || inet_pton(AF_INET6, name, &v6) == 1
    }
}
