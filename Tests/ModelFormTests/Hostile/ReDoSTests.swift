import Foundation
import ModelForm
import ModelFormJSONSchema
import ModelFormServer
import Testing

/// A backtracking pattern against a hostile value ends in bounded work with a clear answer,
/// in the form rule, the JSON Schema validator and the server (timings are in the closing
/// note, never asserted).
@Suite struct ReDoSTests {
    static let evil = "^(a+)+$"
    static let value = String(repeating: "a", count: 30) + "!"

    @Test func theMatchStopsAndSaysSo() throws {
        let regex = try BoundedRegex(Self.evil)
        #expect(regex.matches(Self.value, whole: true) == .tooCostly)
        #expect(regex.matches(Self.value, whole: false) == .tooCostly)
        #expect(regex.matches("aaaa", whole: true) == .match)
        // Ordinary patterns over large texts stay within the budget; a search whose every
        // start scans the rest of a megabyte (10^12 steps) does not.
        let large = String(repeating: "ab", count: 500_000)
        #expect(try BoundedRegex("(?:ab)+").matches(large, whole: true) == .match)
        #expect(try BoundedRegex("b{2}").matches(large, whole: false) == .noMatch)
        #expect(try BoundedRegex("[a-b]+@").matches(large, whole: false) == .tooCostly)
        #expect(try BoundedRegex("[a-b]+@").matches(String(large.prefix(2_000)), whole: false) == .noMatch)
    }

    @Test func theFormRuleRefusesTheValue() throws {
        let configs = ConfigDictionary(
            ModelDescription(
                root: "Login",
                entities: [
                    EntityDescription(name: "Login", properties: [PropertyDescription(key: "name", valueType: .string)])
                ]))
        var form = Form(values: .record(["name": .string(Self.value)]), configs: configs)
        try form.configs["Login"]?.update("name") { $0.rules = [ValidationRule(.pattern(Self.evil))] }
        let errors = form.validate()
        #expect(errors.map(\.message) == ["is too costly to check against the pattern '^(a+)+$'; shorten it"])
    }

    @Test func theSchemaValidatorRefusesTheValue() throws {
        let schema = try JSONParser.parse(#"{"type": "string", "pattern": "^(a+)+$"}"#, file: "evil.schema.json")
        let errors = JSONSchemaValidator(schema: schema.value).validate(.string(Self.value))
        #expect(errors.map(\.message) == ["is too costly to check against the pattern ^(a+)+$"])
    }

    @Test func theServerAnswers422AndStoresNothing() async throws {
        let configs = ConfigDictionary(
            ModelDescription(
                root: "Login",
                entities: [
                    EntityDescription(name: "Login", properties: [PropertyDescription(key: "name", valueType: .string)])
                ]))
        var ruled = configs
        try ruled["Login"]?.update("name") { $0.rules = [ValidationRule(.pattern(Self.evil))] }
        let store = MemoryStore(values: .record(["name": .string("aaa")]))
        let browser = BrowserSession(
            FormServer(configs: ruled, typeName: "Login", store: store, secret: FormServerTests.secret))
        _ = await browser.get("/")
        let response = await browser.post("/", [("name", Self.value), ("_action", "save")])
        #expect(response.status == 422)
        #expect(response.text.contains("is too costly to check against the pattern"))
        #expect(await store.load().version == "1")
    }
}
