import ModelForm
import ModelFormServer
import TestFixtures
import Testing

/// A backtracking pattern rule against a hostile submission: the server answers 422 in
/// bounded work and stores nothing.
@Suite struct ServerReDoSTests {
    static let evil = "^(a+)+$"
    static let value = String(repeating: "a", count: 30) + "!"

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
