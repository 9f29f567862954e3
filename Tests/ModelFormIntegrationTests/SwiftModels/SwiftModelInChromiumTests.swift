import Foundation
import Hummingbird
import ModelForm
import ModelFormHummingbird
import ModelFormServer
import ModelFormTesting
import Synchronization
import TestFixtures
import Testing

/// A Swift model served by type on Hummingbird, driven in headless Chromium with
/// JavaScript off (`Tests/checkers/swift_model_flow.py`): its one-value types drawn,
/// refused by their own decoder, saved, and committed back through `Codable`.
@Suite(.enabled(if: ProcessInfo.processInfo.environment["MODELFORM_EXTERNAL_CHECKS"] == "1"))
struct SwiftModelInChromiumTests {
    @Test(.timeLimit(.minutes(10))) func aRecipeIsEditedInChromium() async throws {
        let store = OneValueTypeTests.VersionedStore(Recipe())
        let router = Router()
        try router.addForm(Recipe.self, at: "/recipe", sample: Recipe(), store: store, secret: BrowserSession.secret)
        try await SwiftModelInChromiumTests.serve(router, checking: "swift_model_flow.py")
        var expected = Recipe()
        expected.ovenTemperature = Temperature(degrees: 200, scale: .celsius)
        expected.steps[1] = Temperature(degrees: 190, scale: .celsius)
        #expect(await store.model == expected, "saved through Codable, the untouched values unchanged")
    }

    /// Serves `router` on Hummingbird on a free loopback port and runs a browser flow of
    /// `Tests/checkers` against it.
    static func serve(_ router: Router<BasicRequestContext>, checking checker: String) async throws {
        let port = Mutex<Int?>(nil)
        let app = Application(
            router: router, configuration: .init(address: .hostname("127.0.0.1", port: 0)),
            onServerRunning: { channel in port.withLock { $0 = channel.localAddress?.port } })
        let server = Task { try await app.runService(gracefulShutdownSignals: []) }
        defer { server.cancel() }
        var bound: Int?
        for _ in 0..<100 {
            bound = port.withLock { $0 }
            if bound != nil { break }
            try await Task.sleep(for: .milliseconds(50))
        }
        let base = "http://127.0.0.1:\(try #require(bound, "the server did not start"))"
        // The checker blocks its thread while Chromium runs: a thread of its own, so that the
        // server keeps the cooperative pool.
        let (status, output) = try await withCheckedThrowingContinuation {
            (continuation: CheckedContinuation<(status: Int32, output: String), any Error>) in
            Thread { continuation.resume(with: Result { try ExternalCheckers.run(checker, [base]) }) }.start()
        }
        ExternalCheckers.verify(status: status, output: output)
    }
}

/// A Swift model with an enum of associated values (`FormAlternatives`) served by type on
/// Hummingbird, switched and saved in headless Chromium with JavaScript off
/// (`Tests/checkers/swift_union_flow.py`), then committed back through `Codable`.
@Suite(.enabled(if: ProcessInfo.processInfo.environment["MODELFORM_EXTERNAL_CHECKS"] == "1"))
struct SwiftUnionInChromiumTests {
    typealias Order = SwiftEnumAlternativesTests.Order

    @Test(.timeLimit(.minutes(10))) func aPaymentIsSwitchedAndSavedInChromium() async throws {
        let store = OneValueTypeTests.VersionedStore(Order())
        let router = Router()
        try router.addForm(Order.self, at: "/order", sample: Order(), store: store, secret: BrowserSession.secret)
        try await SwiftModelInChromiumTests.serve(router, checking: "swift_union_flow.py")
        let saved = await store.model
        #expect(
            saved.payment
                == .transfer(SwiftEnumAlternativesTests.Account(iban: "NO93 8601 1117 947"), note: "rent"),
            "\(saved.payment)")
        #expect(saved.item == "Lamp" && saved.prices == ["base": 10], "the untouched values unchanged")
    }
}
