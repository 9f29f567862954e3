import Crypto
import Foundation
import ModelForm
import ModelFormServer
import ModelFormTesting
import TestFixtures
import Testing

/// The `_base` field a page carries (a digest per value, for the three-way merge of a
/// conflict) is keyed with the server's secret: it gives away no value the page does not
/// show, even to a guess checked offline.
@Suite struct PageDigestTests {
    /// The page's digests by path.
    static func digests(_ browser: BrowserSession) -> [String: String] {
        var byPath: [String: String] = [:]
        for pair in (browser.hidden("_base") ?? "").split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1).map(String.init)
            if parts.count == 2 { byPath[parts[0].removingPercentEncoding ?? parts[0]] = parts[1] }
        }
        return byPath
    }

    /// What an unkeyed digest of a string would be: SHA-256 of its canonical text, 8
    /// characters of base64 in the URL alphabet (the scheme before the fix).
    static func unkeyed(_ text: String) -> String {
        let canonical = "s\(text.utf8.count):\(text)"
        let base64 = Data(SHA256.hash(data: Array(canonical.utf8))).base64EncodedString().prefix(8)
        return String(base64.map { $0 == "+" ? "-" : $0 == "/" ? "_" : $0 })
    }

    @Test func aDigestCannotBeCheckedAgainstAGuessWithoutTheSecret() async throws {
        let (server, _) = try FormServerTests.registration()
        let browser = BrowserSession(server)
        _ = await browser.get("/")
        let digests = Self.digests(browser)
        let password = try #require(digests["password"], "the page has a digest for the stored password")
        #expect(password != Self.unkeyed("correct horse battery"))
        #expect(digests["name"] != Self.unkeyed("Ada Lovelace"))
        #expect(!(browser.hidden("_base") ?? "").contains(Self.unkeyed("correct horse battery")))
    }

    @Test func serversWithAnotherSecretDigestDifferentlyAndOnesSharingItAgree() async throws {
        let form = try YAMLFixtures.form("registration")
        func page(_ secret: String) async -> [String: String] {
            let server = FormServer(
                configs: form.configs, typeName: form.typeName, store: MemoryStore(values: form.values),
                secret: Array(secret.utf8))
            let browser = BrowserSession(server)
            _ = await browser.get("/")
            return Self.digests(browser)
        }
        let first = await page("the first secret, of more than thirty-two bytes")
        let again = await page("the first secret, of more than thirty-two bytes")
        let other = await page("another secret, also more than thirty-two bytes")
        #expect(!first.isEmpty && first == again, "instances that share a secret agree")
        #expect(first["password"] != other["password"] && first["name"] != other["name"])
    }

    /// A field with no value when the page was drawn, set only by the other person, keeps
    /// their value; it is not a field both changed.
    @Test func aFieldEmptyWhenDrawnAndChangedOnlyByTheOtherKeepsTheirValue() async throws {
        let (browser, store) = try await FormServerTests.afterAnotherSave([("phoneNumber", .string("+44 20 7946"))])
        let conflict = await browser.post(
            "/",
            FormServerTests.registrationFields([("name", "Ada King"), ("phoneNumber", ""), ("_action", "save")]))
        #expect(conflict.status == 409)
        #expect(conflict.text.contains("Phone Number"), "a row for it: the stored value differs from the page's")
        #expect(!conflict.text.contains("_keep:phoneNumber"), "not asked: only the other person set it")
        #expect(conflict.text.contains(#"value="+44 20 7946""#))
        let asDrawn = await browser.postBody("/", BrowserForm.body(conflict.text, clicking: "save"))
        #expect(asDrawn.status == 303, "\(asDrawn.text)")
        let saved = await store.load().values
        #expect(saved["phoneNumber"] == .string("+44 20 7946") && saved["name"] == .string("Ada King"))
    }
}
