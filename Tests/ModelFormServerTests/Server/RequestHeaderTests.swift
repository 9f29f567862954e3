import ModelFormServer
import Testing

/// Headers are found by name ignoring ASCII case, as HTTP compares them; a cookie is the
/// first pair of its name in the `Cookie` headers.
@Suite struct RequestHeaderTests {
    @Test(arguments: [
        ("Host", "host", true), ("CONTENT-TYPE", "Content-Type", true), ("x-csrf-token", "X-CSRF-Token", true),
        ("Hosts", "host", false), ("Hos", "host", false), ("[a]", "{a}", false), ("@", "`", false),
        ("Hóst", "hóst", true), ("HÓST", "hóst", false), ("", "", true),
    ])
    func aHeaderIsFoundByItsNameIgnoringASCIICase(sent: String, asked: String, found: Bool) {
        let request = FormRequest(method: "GET", path: "/", headers: [(sent, "v")])
        #expect((request.header(asked) == "v") == found)
        #expect((FormResponse(status: 200, headers: [(sent, "v")]).header(asked) == "v") == found)
    }

    @Test(arguments: [
        (["mf_csrf=abc"], "abc"),
        (["a=1; mf_csrf=xyz"], "xyz"),
        ([" mf_csrf = xyz "], "xyz"),
        (["x=1;mf_csrf=v=w"], "v=w"),
        (["mf_csrfx=1; xmf_csrf=2"], nil),
        (["mf_csrf"], nil),
        (["mf_csrf="], ""),
        (["mf_csrf=a; mf_csrf=b"], "a"),
        (["a=1", "mf_csrf=second"], "second"),
        (["mf_csrf=é; b=2"], "é"),
        ([";;"], nil),
    ])
    func aCookieIsTheFirstPairOfItsName(headers: [String], value: String?) {
        let request = FormRequest(method: "GET", path: "/", headers: headers.map { ("Cookie", $0) })
        #expect(request.cookie("mf_csrf") == value)
    }
}
