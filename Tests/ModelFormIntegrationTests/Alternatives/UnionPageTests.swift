import Foundation
import ModelForm
import ModelFormHTML
import ModelFormServer
import ModelFormYAML
import TestFixtures
import Testing

/// Unions on an HTML page, without scripts: a `<select>` named `_choice:` and the union's
/// path with a Switch button, the chosen alternative's inputs below it. A submission that
/// switches passes over the inputs of the alternative it leaves; switching back brings
/// back what was typed.
@Suite struct UnionPageTests {
    static func form() throws -> Form<FormValue> {
        try UnionFileTests.form(UnionFileTests.card)
    }

    @Test func thePageDrawsTheChoiceAndTheChosenAlternativesInputs() throws {
        let html = HTMLRenderer().render(try Self.form())
        #expect(html.contains(#"<select id="f-payment.choice" name="_choice:payment">"#), "\(html)")
        #expect(html.contains(#"<option value="1" selected>Card</option>"#), "\(html)")
        #expect(html.contains(#"name="_action" value="update""#), "\(html)")
        #expect(html.contains(#"name="payment[card][number]" value="4242""#), "\(html)")
        #expect(html.contains(#"name="contact[street]""#), "\(html)")
        #expect(html.contains(#"<label for="f-payment.choice""#), "\(html)")
    }

    @Test func theErrorSummaryLinksToTheChoice() throws {
        var form = try Self.form()
        form.environment.validator.addModelCheck { _ in
            [FieldError(path: "payment", rule: "custom", message: "choose how to pay")]
        }
        #expect(!form.validate().isEmpty)
        let html = HTMLRenderer().render(form)
        let targets = html.matches(of: /<a href="#([^"]+)">/).map { String($0.output.1) }
        #expect(targets.contains("f-payment.choice"), "\(html)")
        for target in targets { #expect(html.contains(#"id="\#(target)""#), "no element \(target) in \(html)") }
    }

    @Test func aSubmissionSwitchesPassesOverTheLeftInputsAndSwitchesBack() throws {
        var form = try Self.form()
        let action = try form.apply(pairs: [
            ("_choice:payment", "2"), ("payment[card][number]", "9999"), ("_choice:contact", "1"),
            ("contact[street]", "Elm St"), ("contact[city]", "Oslo"), ("_action", "update"),
        ])
        #expect(action == .custom("update"))
        #expect(form.displayedValues[FormPath("payment")] == .record(["voucher": .string("")]))
        #expect(form.displayedValues[FormPath("contact.street")] == .string("Elm St"))
        // The page now draws the voucher's input; typed, then back to the card.
        let html = HTMLRenderer().render(form)
        #expect(html.contains(#"name="payment[voucher]""#), "\(html)")
        _ = try form.apply(pairs: [("_choice:payment", "2"), ("payment[voucher]", "XMAS"), ("contact[city]", "Oslo")])
        _ = try form.apply(pairs: [("_choice:payment", "card"), ("payment[voucher]", "ignored")])
        #expect(form.displayedValues[FormPath("payment.card.number")] == .string("4242"))
        _ = try form.apply(pairs: [("_choice:payment", "voucher")])
        #expect(form.displayedValues[FormPath("payment")] == .record(["voucher": .string("XMAS")]))
    }

    @Test func anUntaggedOneValueAlternativeIsTheUnionsOwnInput() throws {
        var form = try Self.form()
        _ = try form.apply(pairs: [("_choice:contact", "0"), ("_action", "update")])
        #expect(form.displayedValues[FormPath("contact")] == .string(""))
        let html = HTMLRenderer().render(form)
        #expect(html.contains(#"name="contact" value="""#), "\(html)")
        _ = try form.apply(pairs: [("_choice:contact", "0"), ("contact", "ada@example.com")])
        #expect(form.displayedValues[FormPath("contact")] == .string("ada@example.com"))
        #expect(form.errors.isEmpty, "\(form.errors)")
    }

    @Test(arguments: [
        ([("_choice:payment", "cheque")], "has no alternative"),
        ([("_choice:item", "0")], "is not one of several alternatives"),
    ])
    func aWrongChoiceChangesNothing(_ pairs: [(String, String)], _ message: String) throws {
        var form = try Self.form()
        let before = form.values
        do {
            _ = try form.apply(pairs: pairs.map { (name: $0.0, value: $0.1) })
            Issue.record("applied \(pairs)")
        } catch {
            #expect("\(error)".contains(message), "\(error)")
        }
        #expect(form.values == before)
    }

    /// The page passes the Nu HTML Checker and axe-core (with the external checks).
    @Test(.enabled(if: ProcessInfo.processInfo.environment["MODELFORM_EXTERNAL_CHECKS"] == "1"))
    func thePagePassesTheCheckers() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("modelform-unions-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try HTMLRenderer().render(try Self.form()).write(
            to: folder.appendingPathComponent("order.html"), atomically: true, encoding: .utf8)
        try ExternalCheckers.check("check_outputs.py", "--html-only", folder.path)
    }
}

extension UnionPageTests {
    /// Through `FormServer`: Switch draws the page again with the new alternative, nothing
    /// saved; Save stores it; a page inside a union has no URL of its own.
    @Test func theServerSwitchesThenSaves() async throws {
        let form = try Self.form()
        let store = MemoryStore(values: form.values)
        let server = FormServer(
            configs: form.configs, typeName: form.typeName, store: store, secret: BrowserSession.secret)
        let browser = BrowserSession(server)
        let page = await browser.get("/")
        #expect(page.status == 200 && page.text.contains(#"name="_choice:payment""#))
        let common = [("item", "Lamp"), ("contact[street]", "Main St"), ("contact[city]", "Oslo")]
        let switched = await browser.post(
            "/", common + [("_choice:payment", "2"), ("payment[card][number]", "4242"), ("_action", "update")])
        #expect(switched.status == 200, "\(switched.text)")
        #expect(switched.text.contains(#"name="payment[voucher]""#), "\(switched.text)")
        #expect(await store.load().values[FormPath("payment.card.number")] == .string("4242"), "nothing saved yet")
        let saved = await browser.post(
            "/", common + [("_choice:payment", "2"), ("payment[voucher]", "XMAS"), ("_action", "save")])
        #expect(saved.status == 303, "\(saved.text)")
        #expect(await store.load().values[FormPath("payment")] == .record(["voucher": .string("XMAS")]))
        #expect(await browser.get("/payment/voucher").status == 404)
        #expect(await browser.get("/contact").status == 404)
    }
}
