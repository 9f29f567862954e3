import Foundation
import ModelForm
import ModelFormServer
import ModelFormTesting
import ModelFormYAML
import TestFixtures
import Testing

/// A browser save that changes a value a YAML alias shares at one place only: 422, the
/// message at the field, and the file byte for byte as it was.
@Suite struct AliasSaveTests {
    @Test func aSaveThatSplitsASharedValueIsRefusedAndWritesNothing() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "modelform-alias-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("registration.values.yaml").path
        let shared = try PackagePaths.text("config/registration.values.yaml")
            .replacingOccurrences(of: "name: Ada Lovelace", with: "name: &n Ada Lovelace")
            .replacingOccurrences(
                of: "homepageURL: https://example.com/ada",
                with: "homepageURL: https://example.com/ada\nphoneNumber: *n")
        try shared.write(toFile: file, atomically: true, encoding: .utf8)
        let form = try YAMLFixtures.form("registration")
        let server = FormServer(
            configs: form.configs, typeName: form.typeName,
            store: ValuesFileStore(path: file, typeName: form.typeName, configs: form.configs),
            secret: Array("the alias test's secret, thirty-two bytes or more".utf8))
        let visit = await server.respond(
            to: FormRequest(method: "GET", path: "/", headers: [("Host", "localhost:8080")]))
        let pairs =
            [
                ("_csrf", CSRFMatrixTests.hidden("_csrf", visit.text)),
                ("_version", CSRFMatrixTests.hidden("_version", visit.text)),
            ]
            + FormServerTests.registrationFields([
                ("name", "Mallory"), ("phoneNumber", "Ada Lovelace"), ("_action", "save"),
            ])
        let body = pairs.map { "\($0.0)=\($0.1.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? $0.1)" }
            .joined(separator: "&")
        let response = await server.respond(
            to: FormRequest(
                method: "POST", path: "/",
                headers: [
                    ("Host", "localhost:8080"), ("Content-Type", "application/x-www-form-urlencoded"),
                    ("Cookie", "mf_csrf=\(CSRFMatrixTests.cookie(visit))"),
                ], body: Array(body.utf8)))
        #expect(response.status == 422, "\(response.text)")
        #expect(response.text.contains("is the alias *n of"), "\(response.text)")
        #expect(try String(contentsOfFile: file, encoding: .utf8) == shared)
    }
}
