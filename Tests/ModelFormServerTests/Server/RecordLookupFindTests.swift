import Foundation
import ModelForm
import ModelFormRecords
import ModelFormSQLite
import ModelFormServer
import TestFixtures
import Testing

/// A lookup of more records than a choice lists (the limit is 1,000; 3 here) has a Find box:
/// no script, the page's other edits kept, what was found among the choices, and only real
/// records accepted.
@Suite struct RecordLookupFindTests {
    typealias Department = RecordLookupTests.Department
    typealias Employee = RecordLookupTests.Employee

    static func served() async throws -> RecordLookupTests.Served {
        var served = try await RecordLookupTests.served(
            departments: ["Sales", "Research", "Field Sales", "Marketing", "Sales Support"])
        served.server.lookupChoiceLimit = 3
        return served
    }

    @Test func pastTheLimitTheChoicesAreTheChosenRecordAndAFindBox() async throws {
        let served = try await Self.served()
        let page = await BrowserSession(served.server).get("/Employee/1")
        #expect(page.status == 200)
        #expect(
            page.text.contains(#"<option value="">None</option><option value="2" selected>Research</option></select>"#),
            "\(page.text)")
        #expect(!page.text.contains("Marketing"))
        #expect(
            page.text.contains(
                #"<input type="search" id="f-department-find" name="_find:department" aria-label="Find Department records for Department"> <button type="submit" name="_action" value="update" class="mf-button mf-secondary mf-find-button" formnovalidate>Find</button>"#
            ), "\(page.text)")
        #expect(page.text.contains("More than 3 Department records: Find one by its name, then choose it."))
        // Enter in a field presses a hidden Save placed before the Find button.
        let hiddenSave = try #require(page.text.range(of: "mf-default-action"))
        #expect(hiddenSave.lowerBound < page.text.range(of: "mf-find-button")!.lowerBound)
    }

    @Test(arguments: ["update", "save"])
    func findDrawsTheMatchesAmongTheChoicesKeepingTheEditsAndSavesNothing(action: String) async throws {
        let served = try await Self.served()
        let browser = BrowserSession(served.server)
        let before = try await served.employees.load(id: 1)
        _ = await browser.get("/Employee/1")
        // "save" is Enter in the Find box: text there is a Find, not a save.
        let found = await browser.post(
            "/Employee/1",
            [("name", "Ada L."), ("department", "2"), ("_find:department", " sales "), ("_action", action)])
        #expect(found.status == 200, "\(found.text)")
        #expect(try await served.employees.load(id: 1) == before, "nothing saved")
        #expect(found.text.contains(#"value="Ada L.""#), "the edit is kept")
        for (id, name) in [(1, "Sales"), (3, "Field Sales"), (5, "Sales Support")] {
            #expect(found.text.contains(#"<option value="\#(id)">\#(name)</option>"#), "\(name)")
        }
        #expect(found.text.contains(#"<option value="2" selected>Research</option>"#))
        #expect(!found.text.contains("Marketing"))
        #expect(found.text.contains("3 Department records matching “sales” are among the choices."))
        #expect(found.text.contains(#"name="_find:department" aria-label"#), "the box is empty again")

        let saved = await browser.post("/Employee/1", [("name", "Ada L."), ("department", "5"), ("_action", "save")])
        #expect(saved.status == 303, "\(saved.text)")
        #expect(try await served.employees.load(id: 1)?.values["department"] == .int(5))
        let again = await browser.get("/Employee/1")
        #expect(again.text.contains(#"<option value="5" selected>Sales Support</option>"#))
        let list = await browser.get("/Employee/")
        #expect(list.text.contains("<td>Sales Support</td>"), "the list names it too: \(list.text)")
    }

    @Test func aFindThatMatchesNothingSaysSo() async throws {
        let served = try await Self.served()
        let browser = BrowserSession(served.server)
        _ = await browser.get("/Employee/1")
        let found = await browser.post(
            "/Employee/1",
            [("name", "Ada"), ("department", "2"), ("_find:department", "<b>x%_"), ("_action", "update")])
        #expect(found.status == 200)
        #expect(found.text.contains("No Department record matches “&lt;b&gt;x%_”."), "\(found.text)")
    }

    @Test(arguments: ["99", "0", "6", "-1", "Sales"])
    func anIdThatIsNoRecordIsRefused(id: String) async throws {
        let served = try await Self.served()
        let browser = BrowserSession(served.server)
        _ = await browser.get("/Employee/1")
        let refused = await browser.post("/Employee/1", [("name", "Ada"), ("department", id), ("_action", "save")])
        #expect(refused.status == 422, "\(refused.text)")
        #expect(try await served.employees.load(id: 1)?.values["department"] == .int(2), "nothing saved")
    }

    @Test func aNewRecordFindsToo() async throws {
        let served = try await Self.served()
        let browser = BrowserSession(served.server)
        _ = await browser.get("/Employee/new")
        let found = await browser.post(
            "/Employee/new",
            [("name", "Grace"), ("department", ""), ("_find:department", "market"), ("_action", "update")])
        #expect(found.status == 200)
        #expect(found.text.contains(#"<option value="4">Marketing</option>"#), "\(found.text)")
        let saved = await browser.post("/Employee/new", [("name", "Grace"), ("department", "4"), ("_action", "save")])
        #expect(saved.status == 303, "\(saved.text)")
        #expect(try await served.employees.load(id: 2)?.values["department"] == .int(4))
    }

    @Test(.enabled(if: ProcessInfo.processInfo.environment["MODELFORM_EXTERNAL_CHECKS"] == "1"))
    func theFindPagesPassNuAndAxe() async throws {
        let served = try await Self.served()
        let browser = BrowserSession(served.server)
        let page = await browser.get("/Employee/1")
        let found = await browser.post(
            "/Employee/1", [("name", "Ada"), ("department", "2"), ("_find:department", "sales"), ("_action", "update")])
        try ExternalCheckers.checkPages([("find", page.text), ("found", found.text)])
    }
}
