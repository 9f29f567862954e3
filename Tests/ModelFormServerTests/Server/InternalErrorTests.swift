import Foundation
import ModelForm
import ModelFormServer
import Synchronization
import TestFixtures
import Testing

/// A store that fails answers 500 with what failed and an incident number: never a path or
/// an error's text, which go to the server's error log with the same number.
@Suite struct InternalErrorTests {
    struct Failure: Error, CustomStringConvertible {
        var description: String { "/srv/forms/secret/registration.values.yaml: Permission denied" }
    }

    /// A store whose load fails after `goodLoads` successful ones, and whose save always fails.
    actor FailingStore: FormStore {
        let values: FormValue
        var goodLoads: Int
        init(values: FormValue, goodLoads: Int) {
            self.values = values
            self.goodLoads = goodLoads
        }
        func load() throws -> StoredValues {
            guard goodLoads > 0 else { throw Failure() }
            goodLoads -= 1
            return StoredValues(values: values, version: "1")
        }
        func save(_ values: FormValue, expecting expected: String) throws -> String { throw Failure() }
    }

    @Test(arguments: [0, 2])
    func aFailingStoreIs500WithoutItsPath(goodLoads: Int) async throws {
        let form = try YAMLFixtures.form("registration")
        let logged = Mutex<[String]>([])
        var server = FormServer(
            configs: form.configs, typeName: form.typeName,
            store: FailingStore(values: form.values, goodLoads: goodLoads),
            secret: FormServerTests.secret)
        server.errorLog = { line in logged.withLock { $0.append(line) } }
        let browser = BrowserSession(server)
        let response =
            goodLoads == 0
            ? await browser.get("/")
            : await { () async -> FormResponse in
                _ = await browser.get("/")
                return await browser.post(
                    "/", FormServerTests.registrationFields([("name", "Ada King"), ("_action", "save")]))
            }()
        #expect(response.status == 500)
        #expect(!response.text.contains("/srv") && !response.text.contains("Permission denied"), "\(response.text)")
        let incident = try #require(response.text.split(separator: "incident ").last?.prefix { $0.isHexDigit })
        #expect(incident.count == 8)
        let lines = logged.withLock { $0 }
        #expect(lines.count == 1 && lines[0].contains("incident \(incident)") && lines[0].contains("/srv/forms/secret"))
    }
}
