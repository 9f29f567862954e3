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
}
