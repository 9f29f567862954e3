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
        #expect(response.text.contains("is too costly to check against this field&#39;s pattern"))
        #expect(await store.load().version == "1")
    }

    /// Many costly submissions at once (each a list of costly items) and an ordinary save:
    /// the ordinary save is made, the costly ones are refused, and no more than one costly
    /// match held a core at a time. (The ordinary save's time is printed, never asserted.)
    @Test(.timeLimit(.minutes(10))) func anOrdinarySaveIsMadeWhileCostlyOnesArrive() async throws {
        let configs = ConfigDictionary(
            ModelDescription(
                root: "Login",
                entities: [
                    EntityDescription(
                        name: "Login",
                        properties: [
                            PropertyDescription(key: "name", valueType: .string),
                            PropertyDescription(key: "note", valueType: .string),
                        ])
                ]))
        var ruled = configs
        try ruled["Login"]?.update("note") { $0.rules = [ValidationRule(.pattern(Self.evil))] }
        let store = MemoryStore(values: .record(["name": .string("aaa"), "note": .string("a")]))
        let server = FormServer(configs: ruled, typeName: "Login", store: store, secret: FormServerTests.secret)
        let costly = (0..<16).map { _ in BrowserSession(server) }
        let ordinary = BrowserSession(server)
        for browser in costly + [ordinary] { _ = await browser.get("/") }
        let clock = ContinuousClock()
        let (statuses, ordinaryStatus, ordinaryTime) = await withTaskGroup(of: (Int, Bool, Duration).self) { group in
            for browser in costly {
                group.addTask {
                    let start = clock.now
                    let response = await browser.post(
                        "/", [("name", "aaa"), ("note", Self.value), ("_action", "save")])
                    let busy = response.text.contains("other costly values are being checked; try again")
                    return (response.status * (busy ? -1 : 1), false, clock.now - start)
                }
            }
            group.addTask {
                try? await Task.sleep(for: .milliseconds(20))
                let start = clock.now
                let response = await ordinary.post("/", [("name", "Ordinary"), ("note", "a"), ("_action", "save")])
                return (response.status, true, clock.now - start)
            }
            var statuses: [Int] = []
            var ordinaryStatus = 0
            var ordinaryTime = Duration.zero
            for await (status, isOrdinary, time) in group {
                if isOrdinary { (ordinaryStatus, ordinaryTime) = (status, time) } else { statuses.append(status) }
            }
            return (statuses, ordinaryStatus, ordinaryTime)
        }
        #expect(ordinaryStatus == 303)
        #expect(statuses.count == 16 && statuses.allSatisfy { abs($0) == 422 })
        #expect(statuses.contains(-422), "some costly submissions found the one place taken and were told to retry")
        #expect(await store.load().values["name"] == .string("Ordinary"))
        #expect((server.environment.validator.patternGate?.peak ?? 0) <= 1)
        print("ServerReDoSTests: the ordinary save took \(ordinaryTime) among 16 costly submissions")
    }
}
