import Foundation
import ModelForm
import ModelFormHTML
import ModelFormServer
import ModelFormTesting
import TestFixtures
import Testing

/// A value the page could not draw as it is (a bidi override shown as U+FFFD, a carriage
/// return) comes back altered when the user leaves it alone: it is kept byte for byte and
/// not reported as changed.
@Suite struct UntouchedValueTests {
    struct Person: Codable {
        var name = ""
        var notes = ""
    }

    @Test(arguments: ["abc\u{202E}gnp.exe", "line one\r\nline two", "bell \u{07} and \u{FFFE}"])
    func anUntouchedValueIsKept(_ stored: String) throws {
        var form = try Form(editing: Person(name: stored, notes: "x"))
        let page = HTMLRenderer().render(form)
        let body = BrowserForm.body(page, clicking: "save").replacingOccurrences(of: "%0D%0A", with: "%0A")
        try form.apply(submission: body)
        #expect(form.values["name"] == .string(stored))
        #expect(form.changes.isEmpty)
        // A real edit still lands, U+FFFD and all.
        try form.apply(submission: "name=abc%EF%BF%BDx&notes=x")
        #expect(form.values["name"] == .string("abc\u{FFFD}x"))
    }

    @Test func theServerSaysNothingChanged() async throws {
        let store = MemoryStore(values: .record(["name": .string("abc\u{202E}gnp.exe"), "notes": .string("")]))
        let configs = try Form(editing: Person()).configs
        let browser = BrowserSession(
            FormServer(configs: configs, typeName: "Person", store: store, secret: FormServerTests.secret))
        let page = await browser.get("/")
        #expect(page.text.contains("abc\u{FFFD}gnp.exe"))
        let saved = await browser.postBody("/", BrowserForm.body(page.text, clicking: "save"))
        #expect(saved.header("Location") == "/?saved=")
        #expect(await store.load().values["name"] == .string("abc\u{202E}gnp.exe"))
    }
}
