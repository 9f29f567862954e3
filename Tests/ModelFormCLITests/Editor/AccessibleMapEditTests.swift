import ModelForm
import ModelFormEditor
import ModelFormYAML
import TestFixtures
import Testing

/// A map through the prompts of `modelform edit` without a terminal: each entry asked by
/// key, then questions to rename, remove and add entries by key.
@Suite struct AccessibleMapEditTests {
    /// Runs the editor on the `package` fixture, answering each prompt that starts with a
    /// script's key with its answers in turn, `y` to the save question and nothing (keep)
    /// to every other; returns the saved values file and everything written.
    static func run(_ script: [(prompt: String, answer: String)]) throws -> (text: String?, written: String) {
        var form = try YAMLFixtures.form("package")
        var written = ""
        var lastPrompt = ""
        var script = script[...]
        let editor = AccessibleEditor(
            readLine: {
                if lastPrompt.hasPrefix("Save changes?") { return "y" }
                if let next = script.first, lastPrompt.hasPrefix(next.prompt) {
                    script.removeFirst()
                    return next.answer
                }
                return ""
            },
            write: { text in
                written += text
                lastPrompt = String(text.split(separator: "\n", omittingEmptySubsequences: false).last ?? "")
            })
        let outcome = editor.run(&form)
        #expect(script.isEmpty, "not asked: \(script.map(\.prompt))\n\(written)")
        guard case .saved(let values)? = outcome else { return (nil, written) }
        let (configs, typeName) = try YAMLFixtures.configs("package")
        return (try ValuesFile.text(values, typeName: typeName, configs: configs, syntax: .yaml), written)
    }

    @Test func everyEntryIsAskedByItsKey() throws {
        let (text, written) = try Self.run([
            ("Scripts › test:all [swift test --parallel]: ", "swift test"),
            ("Services › db › Port: ", "5432"),
            ("Matrix › linux › x86 [1]: ", "2"),
        ])
        let saved = try #require(text, "\(written)")
        #expect(saved.contains("  test:all: swift test\n"), "\(saved)")
        #expect(saved.contains("    image: postgres\n    port: 5432\n"), "\(saved)")
        #expect(saved.contains("    x86: 2\n"), "\(saved)")
    }

    @Test func entriesAreRenamedRemovedAndAddedByKey() throws {
        let (text, written) = try Self.run([
            ("Scripts: rename an entry? ", "nope"),
            ("Scripts: rename an entry? ", "build"),
            ("Scripts: new key for \"build\": ", "test:all"),
            ("Scripts: rename an entry? ", "build"),
            ("Scripts: new key for \"build\": ", "compile"),
            ("Scripts: remove an entry? ", "test:all"),
            ("Scripts: add an entry? ", "lint"),
            ("Scripts › lint: ", "swiftlint"),
        ])
        #expect(written.contains(#"! there is no entry "nope": answer one of "build" or "test:all""#), "\(written)")
        #expect(written.contains(#"! the key "test:all" is taken"#), "\(written)")
        let saved = try #require(text, "\(written)")
        #expect(
            saved.hasPrefix("name: engines\nscripts:\n  compile: swift build\n  lint: swiftlint\nservices:"), "\(saved)"
        )
    }

    @Test func aNewRecordEntryIsAskedFieldByField() throws {
        let (text, written) = try Self.run([
            ("Services: add an entry? ", "cache"),
            ("Services › cache › Image: ", "redis"),
            ("Services › cache › Port: ", "6379"),
        ])
        let saved = try #require(text, "\(written)")
        #expect(saved.contains("  cache:\n    image: redis\n    port: 6379\nmatrix:"), "\(saved)")
    }
}
