import Crypto
import Foundation
import ModelForm
import ModelFormServer
import ModelFormTesting
import TestFixtures
import Testing

/// The Content-Security-Policy allows each page's own style sheet by its SHA-256, hashed
/// once per sheet: pages of several themes from one server, one after another and again,
/// each carry their own sheet's hash.
@Suite struct StyleSourceTests {
    /// `'sha256-…'` of the page's `<style>` text, found and hashed the plain way.
    static func expected(_ page: String) throws -> String {
        let open = try #require(page.range(of: "<style>"))
        let close = try #require(page.range(of: "</style>", range: open.upperBound..<page.endIndex))
        let sheet = Array(page[open.upperBound..<close.lowerBound].utf8)
        return "'sha256-" + Data(SHA256.hash(data: sheet)).base64EncodedString() + "'"
    }

    static func styleSource(_ response: FormResponse) -> String? {
        response.header("Content-Security-Policy")?.split(separator: ";").lazy
            .map { $0.trimmingCharacters(in: .whitespaces) }
            .first { $0.hasPrefix("style-src ") }.map { String($0.dropFirst("style-src ".count)) }
    }

    @Test(arguments: [
        ["plain"], ["plain", "dark", "plain"], ["dark", "wide", "plain", "dark", "wide", "dark"],
        (0..<12).map { "theme\($0 % 10)" },
    ])
    func eachPageCarriesItsOwnSheetsHash(_ themes: [String]) async throws {
        let form = try YAMLFixtures.form("registration")
        var server = FormServer(
            configs: form.configs, typeName: form.typeName, store: MemoryStore(values: form.values),
            secret: FormServerTests.secret)
        var sources: [String: String] = [:]
        for name in themes {
            // A theme of its own name: its sheet differs from every other's.
            server.renderer.theme = Theme(name: name, assets: ["css": [".mf-theme-\(name) { color: black; }"]])
            let response = await BrowserSession(server).get("/")
            let source = try #require(Self.styleSource(response))
            #expect(source == (try Self.expected(response.text)), "\(name)")
            #expect(sources[name, default: source] == source)
            sources[name] = source
        }
        #expect(Set(sources.values).count == sources.count)
    }

    /// A response without a page (a redirect, a plain-text error) allows no style at all.
    @Test func aResponseWithoutAStyleSheetAllowsNone() async throws {
        let (server, _) = try FormServerTests.registration()
        let response = await BrowserSession(server).get("/nowhere")
        #expect(response.status == 404)
        #expect(Self.styleSource(response) == "'none'")
    }
}
