import Foundation
import ModelForm
import ModelFormHTML
import ModelFormMarkdown
import ModelFormServer
import ModelFormTesting
import ModelFormText
import TestFixtures
import Testing

/// A Swift type that encodes itself as one value is one field of that value, in the
/// instance route and the type route alike; its own `Decodable` reads what is typed.
@Suite struct OneValueTypeTests {
    @Test func theValueIsDrawnInEveryFormat() throws {
        let form = try Form(editing: Recipe())
        let field = try form.field(at: "ovenTemperature")
        #expect(field.type == .text && field.valueType == .singleValue("Temperature", .string))
        let text = TextRenderer().render(form)
        #expect(text.contains("Oven Temperature     180 C") && text.contains("Colour               #c08040"))
        #expect(text.contains("Resting Temperature  25 C") && text.contains("  2. 200 C"))
        let markdown = MarkdownRenderer().render(form)
        #expect(markdown.contains("| Oven Temperature | 180 C |") && markdown.contains("2. 200 C"))
        let html = HTMLRenderer().render(form)
        #expect(html.contains(#"name="ovenTemperature" value="180 C""#))
        #expect(
            html.contains(#"name="steps[1]" value="200 C""#) && html.contains(##"name="palette[0]" value="#ffffff""##))
    }

    @Test func textIsReadBackThroughTheTypesOwnDecoder() throws {
        var form = try Form(editing: Recipe())
        try form.setText("200 C", at: "ovenTemperature")
        try form.setText("210 F", at: "steps[1]")
        try form.setText("", at: "restingTemperature")
        try form.setText("#000000", at: "colour")
        let saved = try form.commit()
        #expect(saved.ovenTemperature == Temperature(degrees: 200, scale: .celsius))
        #expect(saved.steps[1] == Temperature(degrees: 210, scale: .fahrenheit))
        #expect(saved.restingTemperature == nil && saved.colour == Colour(hex: "#000000"))
        try form.setValue(Temperature(degrees: 150, scale: .fahrenheit), at: "ovenTemperature")
        #expect(try form.commit().ovenTemperature == Temperature(degrees: 150, scale: .fahrenheit))
    }

    @Test(arguments: [("ovenTemperature", "hot"), ("steps[1]", "200"), ("restingTemperature", "warm")])
    func whatTheDecoderRefusesIsTheFieldsLocatedError(_ path: String, _ text: String) throws {
        var form = try Form(editing: Recipe())
        try form.setText(text, at: FormPath(parsing: path))
        let errors = form.validate()
        #expect(
            errors == [
                FieldError(
                    path: try FormPath(parsing: path), rule: "type",
                    message: "'\(text)' is not a temperature such as 180 C")
            ])
        #expect(throws: FormError.self) { try form.commit() }
        #expect(form.original["ovenTemperature"] == .string("180 C"), "nothing committed")
    }

    @Test func aCellRegisteredForTheTypeGetsTheEncodedValue() throws {
        var cells = HTMLCells.standard
        cells.register(
            Cell<HTMLFormat>(name: "thermometer") { "[thermometer \($0.inputName)=\($0.inputValue)]" },
            forValueType: Temperature.self)
        let form = try Form(editing: Recipe())
        #expect(cells.resolve(try form.field(at: "ovenTemperature")).cell.name == "thermometer")
        let page = HTMLRenderer(cells: cells).render(form)
        #expect(page.contains("[thermometer ovenTemperature=180 C]"))
        #expect(page.contains("[thermometer restingTemperature=25 C]"), "an optional too")
    }

    /// The type route: probe values in turn (`"0 C"` passes `Temperature`), and a type no
    /// probe value makes is described from a sample or named with its decoder's words.
    @Test func theTypeRouteDescribesOneValueTypesAndNamesWhatItCannotMake() throws {
        struct Plain: Codable {
            var oven = Temperature(degrees: 180, scale: .celsius)
            var steps: [Temperature] = []
        }
        let plain = try #require(try ModelDescription(type: Plain.self).rootEntity)
        #expect(plain.property("oven")?.valueType == .singleValue("Temperature", .string))
        #expect(plain.property("steps")?.valueType == .array(.singleValue("Temperature", .string)))
        #expect {
            try ModelDescription(type: Recipe.self)
        } throws: { error in
            let error = try #require(error as? DescriptionError)
            return error.path == "servings"
                && error.message.contains("Servings.init(from:) cannot be made while probing")
                && error.message.contains("ModelDescription(type:sample:)")
        }
        let sampled = try #require(try ModelDescription(type: Recipe.self, sample: Recipe()).rootEntity)
        #expect(sampled.properties.map(\.key).count == 10)
        #expect(sampled.property("servings")?.valueType == .unsupported("Servings"))
    }

    @Test func aTypeNoProbeValuePassesIsNamedWithItsDecodersWords() throws {
        struct ISBN: Codable {
            var digits: String
            init(from decoder: any Decoder) throws {
                digits = try decoder.singleValueContainer().decode(String.self)
                guard digits.count == 13, digits.allSatisfy(\.isNumber) else {
                    throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "an ISBN has 13 digits"))
                }
            }
        }
        struct Book: Codable { var isbn: ISBN }
        #expect(
            throws: DescriptionError(
                path: "isbn",
                message:
                    ##"ISBN.init(from:) refused every probe value ("", "0", "a", "1", "a@example.com", "https://example.com/", "#000000", "00000000-0000-0000-0000-000000000000", "2000-01-01", "0 C"): an ISBN has 13 digits. Describe the model from a sample instead: Form(editing:), ModelDescription(type:sample:) or FormServer(_:sample:store:)"##
            )
        ) { try ModelDescription(type: Book.self) }
    }

    /// A store of one recipe, as a database table would be.
    /// A store of one model in memory, its version counting saves.
    actor VersionedStore<Model: Codable & Sendable>: ModelStore {
        var model: Model
        var version = 1
        init(_ model: Model) { self.model = model }
        func load() -> (model: Model, version: String) { (model, String(version)) }
        func save(_ model: Model, expecting expected: String) throws -> String {
            guard expected == String(version) else {
                throw StoreConflict(current: StoredValues(values: .null, version: String(version)))
            }
            self.model = model
            version += 1
            return String(version)
        }
    }

    @Test func aServedModelDrawsEditsAndRefusesThroughTheType() async throws {
        let store = VersionedStore(Recipe())
        let server = try FormServer(Recipe.self, sample: Recipe(), store: store, secret: BrowserSession.secret)
        let browser = BrowserSession(server)
        let page = await browser.get("/")
        #expect(page.status == 200 && page.text.contains(#"name="ovenTemperature" value="180 C""#))
        let refused = await browser.postBody(
            "/", BrowserForm.body(page.text, typing: ["ovenTemperature": "hot"], clicking: "save"))
        #expect(refused.status == 422, "\(refused.text)")
        #expect(
            refused.text.contains("&#39;hot&#39; is not a temperature such as 180 C")
                || refused.text.contains("'hot' is not a temperature"))
        #expect(await store.model == Recipe(), "nothing written")
        let saved = await browser.postBody(
            "/", BrowserForm.body(refused.text, typing: ["ovenTemperature": "200 C"], clicking: "save"))
        #expect(saved.status == 303, "\(saved.text)")
        var expected = Recipe()
        expected.ovenTemperature = Temperature(degrees: 200, scale: .celsius)
        #expect(await store.model == expected, "untouched values come back through Codable unchanged")
    }

    /// The same through a form made beforehand (`FormServer(form:store:secret:)`): the page
    /// it draws binds, and the model's decoder still judges the value.
    @Test func aServedFormOfTheModelBindsWhatItDraws() async throws {
        let form = try Form(editing: Recipe())
        let store = MemoryStore(values: form.values)
        let browser = BrowserSession(FormServer(form: form, store: store, secret: BrowserSession.secret))
        let page = await browser.get("/")
        let refused = await browser.postBody(
            "/", BrowserForm.body(page.text, typing: ["steps[1]": "lukewarm"], clicking: "save"))
        #expect(refused.status == 422, "\(refused.text)")
        let saved = await browser.postBody(
            "/", BrowserForm.body(refused.text, typing: ["steps[1]": "190 C"], clicking: "save"))
        #expect(saved.status == 303, "\(saved.text)")
        let values = await store.load().values
        #expect(values["steps[1]"] == .string("190 C") && values["ovenTemperature"] == .string("180 C"))
        #expect(
            try FormValueDecoder().decode(Recipe.self, from: values).steps[1]
                == Temperature(degrees: 190, scale: .celsius))
    }
}
