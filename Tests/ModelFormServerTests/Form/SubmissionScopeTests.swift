import Foundation
import ModelForm
import ModelFormServer
import ModelFormTesting
import TestFixtures
import Testing

/// A submission binds only what the page drew as an input (mass assignment): a hidden field
/// of any kind, a field of a relationship drawn on a page of its own, a collection button for
/// either, each refuse the whole submission, and nothing changes.
@Suite struct SubmissionScopeTests {
    /// Every keyed field of the Everything fixture, one kind each.
    static let everyField: [String] = EverythingFixture.configs["Everything"]?.fields.compactMap(\.key) ?? []

    /// A value a browser could send for any field kind (the refusal comes before parsing).
    static func anyValue(for key: String) -> [(name: String, value: String)] {
        [(key, "1"), (key, "INJECTED")]
    }

    @Test(arguments: everyField)
    func aHiddenFieldOfEveryKindIsRefused(key: String) throws {
        var configs = EverythingFixture.configs
        try configs["Everything"]?.update(key) { $0.hidden = true }
        var form = Form(values: EverythingFixture.values, configs: configs)
        let before = form.values
        #expect(throws: FormError.notEditable(key, "not an input of this page")) {
            try form.apply(pairs: [("name", "Changed")] + Self.anyValue(for: key) + [("_action", "save")])
        }
        #expect(form.values == before, "nothing changes, the other field included")
        #expect(!form.hasPendingSubmission)
    }

    /// Names of fields the page does not draw: relationships on pages of their own (to-one,
    /// not inline), hidden fields inside an inline subform, collection buttons for those.
    @Test(arguments: [
        "billing[street]", "mentor[name]", "mentor[friends][0][name]",
    ])
    func aFieldOfARelationshipOnAnotherPageIsRefused(name: String) throws {
        var form = Form(values: EverythingFixture.values, configs: EverythingFixture.configs)
        let before = form.values
        let error = #expect(throws: FormError.self) {
            try form.apply(pairs: [(name, "INJECTED"), ("_action", "save")])
        }
        #expect(
            error?.description.hasSuffix("cannot be edited: not an input of this page") == true,
            "\(String(describing: error))")
        #expect(form.values == before)
    }

    @Test func aHiddenFieldInsideAnInlineSubformAndHiddenCollectionsButtonsAreRefused() throws {
        var configs = EverythingFixture.configs
        try configs["Address"]?.update("street") { $0.hidden = true }
        try configs["Everything"]?.update("tags") { $0.hidden = true }
        let cases: [[(name: String, value: String)]] = [
            [("address[street]", "INJECTED")],
            [("_action", "add:tags")],
            [("_action", "remove:tags[0]")],
            [("_action", "add:mentor.friends")],
            [("_action", "up:mentor.friends[0]")],
        ]
        for pairs in cases {
            var form = Form(values: EverythingFixture.values, configs: configs)
            let before = form.values
            let error = #expect(throws: FormError.self, "\(pairs)") { try form.apply(pairs: pairs) }
            #expect(
                error?.description.hasSuffix("cannot be edited: not an input of this page") == true,
                "\(pairs): \(String(describing: error))")
            #expect(form.values == before, "\(pairs)")
        }
    }

    @Test func whatThePageDrawsStillBinds() throws {
        var form = Form(values: EverythingFixture.values, configs: EverythingFixture.configs)
        _ = try? form.apply(pairs: [
            ("address[city]", "Bern"), ("friends[1][friends][0][name]", "Mary S"), ("tags[0]", "go"),
        ])
        #expect(form.displayedValues["address.city"] == .string("Bern"))
        #expect(
            form.displayedValues["friends[1].friends[0].name"] == .string("Mary S"),
            "items are drawn in place at any depth")
        #expect(form.displayedValues["tags[0]"] == .string("go"))
        // A page that drew every subform in place binds their fields.
        var inline = Form(values: EverythingFixture.values, configs: EverythingFixture.configs)
        _ = try? inline.apply(pairs: [("billing[city]", "Basel")], inlineSubforms: true)
        #expect(inline.displayedValues["billing.city"] == .string("Basel"))
    }

    /// The server answers 400 and stores nothing, with a valid CSRF token and version.
    @Test func theServerRefusesAHiddenFieldWith400AndStoresNothing() async throws {
        var configs = EverythingFixture.configs
        try configs["Everything"]?.update("notes") { $0.hidden = true }
        let store = MemoryStore(values: EverythingFixture.values)
        let server = FormServer(configs: configs, typeName: "Everything", store: store, secret: FormServerTests.secret)
        let browser = BrowserSession(server)
        _ = await browser.get("/")
        for fields in [
            [("notes", "INJECTED")], [("billing[street]", "INJECTED")], [("ghost", "x")],
            [("_action", "add:mentor.friends")],
        ] {
            let action = fields.contains { $0.0 == "_action" } ? [] : [("_action", "save")]
            let response = await browser.post("/", [("name", "Changed")] + fields + action)
            #expect(response.status == 400, "\(fields): \(response.status) \(response.text.prefix(3000))")
            let stored = await store.load()
            #expect(stored.version == "1" && stored.values == EverythingFixture.values, "\(fields)")
        }
        // The related page draws billing's fields: there they bind.
        _ = await browser.get("/billing")
        let saved = await browser.post("/billing", [("street", "3 Other St"), ("_action", "save")])
        #expect(saved.status == 303, "\(saved.text)")
    }
}
