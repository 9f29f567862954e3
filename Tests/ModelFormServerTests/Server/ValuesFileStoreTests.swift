import Foundation
import ModelForm
import ModelFormServer
import ModelFormTesting
import ModelFormYAML
import TestFixtures
import Testing

@Suite struct ValuesFileStoreTests {
    static func store() throws -> (ValuesFileStore, String, String) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "modelform-store-\(UUID().uuidString)"
        ).path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let file = folder + "/registration.values.yaml"
        try PackagePaths.text("config/registration.values.yaml").write(toFile: file, atomically: true, encoding: .utf8)
        let form = try YAMLFixtures.form("registration")
        return (ValuesFileStore(path: file, typeName: form.typeName, configs: form.configs), file, folder)
    }

    /// A version is the first 16 bytes of the file's SHA-256 in hexadecimal, as `sha256sum`
    /// writes it.
    @Test func theVersionIsTheStartOfTheFilesSHA256() async throws {
        let (store, file, folder) = try Self.store()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/sha256sum")
        process.arguments = [file]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(try await store.load().version == String(output.prefix(32)))
    }

    @Test func aSaveThatChangesNothingWritesNothing() async throws {
        let (store, file, folder) = try Self.store()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let stored = try await store.load()
        let inode = try FileManager.default.attributesOfItem(atPath: file)[.systemFileNumber] as? Int
        let version = try await store.save(stored.values, expecting: stored.version)
        #expect(version == stored.version)
        #expect(
            try FileManager.default.attributesOfItem(atPath: file)[.systemFileNumber] as? Int == inode,
            "the file was not replaced")
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: folder) == ["registration.values.yaml"],
            "no lock file is left")
    }

    /// A save that writes leaves nothing beside the file once it has answered: the old
    /// content, kept under a second name so that the rename freed nothing, is removed
    /// after (by the store's own queue, within moments).
    @Test func aSaveThatWritesLeavesNothingBesideTheFile() async throws {
        let (store, file, folder) = try Self.store()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var values = try await store.load()
        try values.values.set(.uint(37), at: "age")
        _ = try await store.save(values.values, expecting: values.version)
        #expect(try String(contentsOfFile: file, encoding: .utf8).contains("age: 37"))
        var names = try FileManager.default.contentsOfDirectory(atPath: folder)
        for _ in 0..<500 where names != ["registration.values.yaml"] {
            try await Task.sleep(for: .milliseconds(10))
            names = try FileManager.default.contentsOfDirectory(atPath: folder)
        }
        #expect(names == ["registration.values.yaml"])
    }

    /// A server's save edits the file: a person's comments stay, only the value changes.
    @Test func aSaveKeepsThePersonsComments() async throws {
        let (store, file, folder) = try Self.store()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let commented =
            try "# Ada's registration\n"
            + String(contentsOfFile: file, encoding: .utf8)
            .replacingOccurrences(of: "age: 36\n", with: "age: 36  # years\n")
        try commented.write(toFile: file, atomically: true, encoding: .utf8)
        var values = try await store.load()
        try values.values.set(.uint(37), at: "age")
        _ = try await store.save(values.values, expecting: values.version)
        #expect(
            try String(contentsOfFile: file, encoding: .utf8)
                == commented.replacingOccurrences(of: "age: 36  #", with: "age: 37  #"))
    }

    /// Twenty stores (as twenty servers would have) save against one version at once: one
    /// is written, nineteen are told of the conflict.
    @Test func concurrentSavesAgainstOneVersionWriteOnce() async throws {
        let (first, file, folder) = try Self.store()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let stored = try await first.load()
        let form = try YAMLFixtures.form("registration")
        let outcomes = await withTaskGroup(of: Bool.self) { group in
            for index in 0..<20 {
                group.addTask {
                    let store = ValuesFileStore(path: file, typeName: form.typeName, configs: form.configs)
                    var values = stored.values
                    try? values.set(.string("Writer \(index)"), at: "name")
                    return (try? await store.save(values, expecting: stored.version)) != nil
                }
            }
            return await group.reduce(into: [Bool]()) { $0.append($1) }
        }
        #expect(outcomes.filter { $0 }.count == 1)
        let text = try String(contentsOfFile: file, encoding: .utf8)
        #expect(text.contains("name: Writer "))
    }
}
