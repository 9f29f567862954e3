import Crypto
import Foundation

/// Cross-site request forgery protection, as the OWASP cheat sheet's signed double-submit
/// cookie: a random nonce in a cookie (`SameSite=Lax; HttpOnly`), and in every form a hidden
/// `_csrf` field holding the nonce and its HMAC-SHA256 under the server's secret. A request
/// passes when the field's nonce is the cookie's and its signature checks (compared in
/// constant time). Several instances behind a load balancer need only share the secret.
///
/// ```swift
/// let csrf = CSRFProtection(secret: Array("a long random secret".utf8))
/// let token = csrf.token(for: nonce)  // the form's _csrf field
/// let accepted = csrf.accepts(field: token, cookie: nonce)  // true
/// ```
public struct CSRFProtection: Sendable {
    /// The cookie's name.
    public static let cookieName = "mf_csrf"
    /// The form field's name.
    public static let fieldName = "_csrf"
    /// The header that may carry the token instead (clients other than forms).
    public static let headerName = "X-CSRF-Token"

    private let secret: [UInt8]
    /// The secret of the key that signs a page's digests of the values it drew, derived
    /// once, not per page.
    private let pageDigestSecret: [UInt8]

    /// Protection under a secret (use at least 32 random bytes).
    public init(secret: [UInt8]) {
        self.secret = secret
        pageDigestSecret = Self.derivedSecret(for: "modelform page digests", from: SymmetricKey(data: secret))
    }

    private var key: SymmetricKey { SymmetricKey(data: secret) }

    /// The key that signs a page's digests: a key of its own, so that what the CSRF token
    /// signs cannot pass for a digest, nor the other way round.
    var pageDigestKey: SymmetricKey { SymmetricKey(data: pageDigestSecret) }

    /// The secret of a key for another use of the server's secret (`purpose` names it).
    private static func derivedSecret(for purpose: String, from key: SymmetricKey) -> [UInt8] {
        Array(HMAC<SHA256>.authenticationCode(for: Data(purpose.utf8), using: key))
    }

    /// A fresh nonce for a visitor without the cookie.
    public static func nonce() -> String {
        var generator = SystemRandomNumberGenerator()
        let bytes = (0..<24).map { _ in UInt8.random(in: 0...255, using: &generator) }
        return Base64URL.encode(bytes)
    }

    /// The form field's value for a nonce: `NONCE.SIGNATURE`.
    public func token(for nonce: String) -> String {
        nonce + "." + Base64URL.encode(HMAC<SHA256>.authenticationCode(for: Data(nonce.utf8), using: key))
    }

    /// Whether a submitted field matches the cookie and is signed by this server.
    public func accepts(field: String?, cookie: String?) -> Bool {
        guard let field, let cookie, !cookie.isEmpty, let dot = field.lastIndex(of: ".") else { return false }
        let nonce = field[..<dot]
        let signature = Base64URL.decode(field[field.index(after: dot)...])
        guard let signature, constantTimeEqual(Array(nonce.utf8), Array(cookie.utf8)) else { return false }
        return HMAC<SHA256>.isValidAuthenticationCode(signature, authenticating: Array(nonce.utf8), using: key)
    }

    /// Equal bytes, compared without stopping at the first difference.
    private func constantTimeEqual(_ a: [UInt8], _ b: [UInt8]) -> Bool {
        guard a.count == b.count else { return false }
        var difference: UInt8 = 0
        for index in a.indices { difference |= a[index] ^ b[index] }
        return difference == 0
    }
}
