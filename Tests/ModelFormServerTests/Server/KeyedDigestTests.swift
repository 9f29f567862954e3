import Crypto
import Foundation
import ModelForm
import Testing

@testable import ModelFormServer

/// A page's digest of a value is the first 8 characters, in base64's URL alphabet, of the
/// keyed HMAC-SHA256 of the value's canonical text, whether the HMAC is keyed for each
/// digest or once and copied (as the server does, 1,000 digests a page of 1,000 fields):
/// checked against the HMAC computed whole, for values of every kind and for many keys.
@Suite struct KeyedDigestTests {
    static let values: [FormValue] = [
        .null, .bool(true), .int(-42), .string(""), .string("Ada Lovelace"), .string("é ✕ \u{1F600}"),
        .double(0.1), .list([.string("a"), .int(1)]), .record(["name": .string("Ada"), "age": .int(36)]),
        .string(String(repeating: "long text ", count: 40)),
    ]

    /// The digest computed the plain way: the HMAC of the whole text, base64, cut to 8.
    static func whole(_ canonicalText: String, key: SymmetricKey) -> String {
        let code = HMAC<SHA256>.authenticationCode(for: Array(canonicalText.utf8), using: key)
        let base64 = Data(code).base64EncodedString().prefix(8)
        return String(base64.map { $0 == "+" ? "-" : $0 == "/" ? "_" : $0 })
    }

    @Test func aDigestIsTheKeyedHMACOfTheCanonicalText() {
        for seed in 0..<64 {
            let key = SymmetricKey(data: (0..<32).map { UInt8(truncatingIfNeeded: $0 * 7 + seed * 13) })
            let digests = FormValueDigests(key: key)
            for value in Self.values {
                // The canonical text, as a record of one value holds it after its key.
                let record = FormValueDigests(.record(["v": value]), key: key)
                let digest = digests.digest(of: value)
                #expect(digest.count == 8)
                #expect(digest.allSatisfy { $0 == "-" || $0 == "_" || $0.isASCII && ($0.isLetter || $0.isNumber) })
                if case .record = value { continue }
                if case .list = value { continue }
                #expect(record.digest(at: FormPath().appending(key: "v")) == digest)
                #expect(digest == Self.whole(Self.canonical(value), key: key), "\(value)")
            }
        }
    }

    /// The canonical text of a single value (the scheme `FormValueDigests` documents).
    static func canonical(_ value: FormValue) -> String {
        switch value {
        case .null: "n;"
        case .bool(let flag): flag ? "T;" : "F;"
        case .int(let number): "i\(number);"
        case .double(let number): "d\(number.bitPattern);"
        case .string(let text): "s\(text.utf8.count):\(text)"
        default: ""
        }
    }
}
