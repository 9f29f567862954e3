import Testing

@testable import ModelFormJSONSchema

/// The `email` format, read by bytes: dot-atoms, quoted local parts, hostnames and IP
/// literals, and what each refuses.
@Suite struct EmailFormatTests {
    @Test(arguments: [
        ("joe.bloggs@example.com", true), ("a+b@x-y.com", true), ("te~st@example.com", true),
        ("!#$%&'*+-/=?^_`{|}~@example.com", true), ("\"joe bloggs\"@example.com", true),
        ("\"joe\\\"x\"@example.com", true), ("joe@[127.0.0.1]", true), ("joe@[IPv6:::1]", true),
        ("joe@example.com.", true), ("x@localhost", true),
        (".joe@example.com", false), ("joe.@example.com", false), ("jo..e@example.com", false),
        ("jo e@example.com", false), ("é@example.com", false), ("joe@é.com", false), ("joe@-x.com", false),
        ("joe@x-.com", false), ("joe@x_y.com", false), ("joe@x..com", false), ("@example.com", false),
        ("joe@", false), ("joe", false), ("joe@[300.0.0.1]", false), ("jo(e@example.com", false),
    ])
    func email(_ text: String, _ valid: Bool) {
        #expect(Formats.isEmail(text) == valid, "\(text)")
    }

    /// Hostnames, read in one pass over their bytes: label lengths at 63 and 64, the name's at
    /// 253 and 254 bytes, hyphens at a label's ends, empty labels, one dot at the end.
    static let label63 = String(repeating: "a", count: 63)
    /// Four labels of 63: 255 bytes.
    static let four63 = [label63, label63, label63, label63].joined(separator: ".")

    @Test(arguments: [
        ("example.com", true), ("a", true), ("a.b-c.d", true), ("xn--bcher-kva.example", true), ("a.", true),
        (label63 + ".com", true), (label63 + "a.com", false), (String(four63.dropLast(2)), true),
        (String(four63.dropLast(1)), false), ("", false), (".", false), ("a..", false), ("..a", false), (".a", false),
        ("a..b", false), ("-a", false),
        ("a-", false), ("a.-b", false), ("a-.b", false), ("a_b", false), ("ä.com", false), ("a b", false),
    ])
    func hostname(_ text: String, _ valid: Bool) {
        #expect(Formats.isHostname(text) == valid, "\(text)")
    }
}
