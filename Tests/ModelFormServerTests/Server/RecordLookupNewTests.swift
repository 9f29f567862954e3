import Foundation
import ModelForm
import ModelFormRecords
import ModelFormSQLite
import ModelFormServer
import TestFixtures
import Testing

/// A lookup's New link: the new record's page, whose first save goes back to the page the
/// link was on with the new record chosen there (not saved until that page is); a return
/// address is a page of the same server, and a query can choose only a record of the
/// lookup's own type.
@Suite struct RecordLookupNewTests {
    /// The hidden fields a browser sends back with the last page's form.
    static func returnFields(_ browser: BrowserSession) -> [(String, String)] {
        ["_back", "_lookup"].compactMap { name in browser.hidden(name).map { (name, $0) } }
    }

    @Test func aNewRecordComesBackChosen() async throws {
        let served = try await RecordLookupTests.served()
        let browser = BrowserSession(served.server)
        let page = await browser.get("/Employee/1")
        let link = "/Department/new?back=%2FEmployee%2F1&amp;lookup=department"
        #expect(
            page.text.contains(
                #"Open Research</a> <a href="\#(link)" class="mf-link mf-new-record">New Department</a>"#),
            "\(page.text)")

        let new = await browser.get("/Department/new", query: "back=%2FEmployee%2F1&lookup=department")
        #expect(new.status == 200)
        #expect(new.text.contains("Once saved, you go back to the page you came from with it chosen."), "\(new.text)")
        #expect(browser.hidden("_back") == "/Employee/1" && browser.hidden("_lookup") == "department")
        let saved = await browser.post(
            "/Department/new", [("name", "Legal"), ("_action", "save")] + Self.returnFields(browser))
        #expect(saved.status == 303)
        #expect(saved.header("Location") == "/Employee/1?lookup=department&chosen=3", "\(saved.headers)")
        #expect(try await served.departments.load(id: 3)?.values["name"] == .string("Legal"))

        let back = await browser.get("/Employee/1", query: "lookup=department&chosen=3")
        #expect(back.text.contains(#"<option value="3" selected>Legal</option>"#), "\(back.text)")
        #expect(back.text.contains("“Legal” is chosen as Department: save to keep it."))
        #expect(try await served.employees.load(id: 1)?.values["department"] == .int(2), "not saved yet")
        let kept = await browser.post("/Employee/1", [("name", "Ada"), ("department", "3"), ("_action", "save")])
        #expect(kept.status == 303)
        #expect(try await served.employees.load(id: 1)?.values["department"] == .int(3))
    }

    @Test func aNewEmployeesPageIsComeBackToToo() async throws {
        let served = try await RecordLookupTests.served()
        let browser = BrowserSession(served.server)
        _ = await browser.get("/Department/new", query: "back=%2FEmployee%2Fnew&lookup=department")
        let saved = await browser.post(
            "/Department/new", [("name", "Legal"), ("_action", "save")] + Self.returnFields(browser))
        #expect(saved.header("Location") == "/Employee/new?lookup=department&chosen=3")
        let back = await browser.get("/Employee/new", query: "lookup=department&chosen=3")
        #expect(back.text.contains(#"<option value="3" selected>Legal</option>"#), "\(back.text)")
    }

    @Test func aToManyLookupHasTheNewRecordAdded() async throws {
        let served = try await RecordToManyLookupTests.served()
        let browser = BrowserSession(served.server)
        let page = await browser.get("/Article/1")
        #expect(
            page.text.contains(
                #"<a href="/Tag/new?back=%2FArticle%2F1&amp;lookup=tags" class="mf-link mf-new-record">New Tag</a>"#),
            "\(page.text)")
        _ = await browser.get("/Tag/new", query: "back=%2FArticle%2F1&lookup=tags")
        let saved = await browser.post(
            "/Tag/new", [("name", "Servers"), ("_action", "save")] + Self.returnFields(browser))
        #expect(saved.header("Location") == "/Article/1?lookup=tags&chosen=4")
        let back = await browser.get("/Article/1", query: "lookup=tags&chosen=4")
        for id in [1, 3, 4] {
            #expect(back.text.contains(#"name="tags" value="\#(id)" checked"#), "\(id): \(back.text)")
        }
        #expect(try await served.articles.load(id: 1)?.values["tags"] == .list([.int(1), .int(3)]), "not saved yet")
    }

    @Test(arguments: [
        "back=https%3A%2F%2Fevil.example%2F&lookup=department", "back=%2F%2Fevil.example%2F&lookup=department",
        "back=%2FEmployee%2F&lookup=department", "back=%2FEmployee%2F1%3Fx%3D1&lookup=department",
        "back=%2FEmployee%2Fdelete%2F1&lookup=department", "back=%2FEmployee%2F1", "back=%2FNobody%2F1&lookup=x",
        "back=%2FEmployee%2F1&lookup=a%5B",
    ])
    func aReturnAddressThatIsNoPageOfTheServerIsNotFollowed(query: String) async throws {
        let served = try await RecordLookupTests.served()
        let browser = BrowserSession(served.server)
        let new = await browser.get("/Department/new", query: query)
        #expect(new.status == 200 && browser.hidden("_back") == nil && !new.text.contains("Once saved"))
        let saved = await browser.post(
            "/Department/new",
            [("name", "Legal"), ("_back", "https://evil.example/"), ("_lookup", "department"), ("_action", "save")])
        #expect(saved.header("Location") == "/Department/3?saved=name", "\(saved.headers)")
    }

    @Test(arguments: ["lookup=department&chosen=99", "lookup=name&chosen=1", "lookup=department&chosen=01", "chosen=1"])
    func aQueryChoosesOnlyARecordOfTheLookupsType(query: String) async throws {
        let served = try await RecordLookupTests.served()
        let browser = BrowserSession(served.server)
        let page = await browser.get("/Employee/1", query: query)
        #expect(page.status == 200)
        #expect(page.text.contains(#"<option value="2" selected>Research</option>"#), "unchanged: \(page.text)")
        #expect(!page.text.contains("is chosen as"))
    }

    @Test func aLookupOfManyRecordsOffersTheNewOne() async throws {
        var served = try await RecordLookupTests.served(departments: ["A", "B", "C", "D", "E"])
        served.server.lookupChoiceLimit = 3
        let browser = BrowserSession(served.server)
        let back = await browser.get("/Employee/1", query: "lookup=department&chosen=5")
        #expect(back.text.contains(#"<option value="5" selected>E</option>"#), "\(back.text)")
        let kept = await browser.post("/Employee/1", [("name", "Ada"), ("department", "5"), ("_action", "save")])
        #expect(kept.status == 303)
    }

    @Test(.enabled(if: ProcessInfo.processInfo.environment["MODELFORM_EXTERNAL_CHECKS"] == "1"))
    func theNewAndReturnPagesPassNuAndAxe() async throws {
        let served = try await RecordLookupTests.served()
        let browser = BrowserSession(served.server)
        let new = await browser.get("/Department/new", query: "back=%2FEmployee%2F1&lookup=department")
        let back = await browser.get("/Employee/1", query: "lookup=department&chosen=1")
        try ExternalCheckers.checkPages([("new", new.text), ("back", back.text)])
    }
}
