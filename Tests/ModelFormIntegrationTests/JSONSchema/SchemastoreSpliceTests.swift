import Foundation
import ModelForm
import ModelFormJSONSchema
import ModelFormTesting
import ModelFormYAML
import Testing

/// The issue's check of edits that keep a person's file, on the schemastore corpus's real
/// YAML and JSON example files: for each file and each of its first scalars, set a new value,
/// then the old one back. Every write reads back to the values intended; where the file was
/// edited in place (not rewritten whole), the second write gives the original bytes again;
/// a value the file shares (an alias, a merge key's) changed at one place only is refused.
/// Prints the counts.
@Suite(.enabled(if: PackagePaths.corpora != nil, "the corpora are not beside the checkout (../shared/corpora)"))
struct SchemastoreSpliceTests {
    struct Counts {
        var files = 0
        var edits = 0
        var inPlace = 0
        var whole = 0
        var restored = 0
        var refused = 0
    }

    @Test func settingAValueAndBackGivesTheOriginalBytes() throws {
        let folder = SchemastoreCorpusTests.folder
        let schemas = try SchemastoreCorpusTests.schemaNames()
        var counts = Counts()
        for name in schemas {
            let path = folder.appendingPathComponent("schemas/\(name).json").path
            let text = try String(contentsOfFile: path, encoding: .utf8)
            guard let bundle = try? SchemaBundle.load(try JSONParser.parse(text, file: path), file: path),
                let imported = try? JSONSchemaImporter.importSchema(bundle, name: name, source: text),
                let configs = try? imported.configs()
            else { continue }
            let format = SchemastoreCorpusTests.format(imported, configs: configs)
            let tests = folder.appendingPathComponent("tests/\(name)")
            for file in (try? FileManager.default.contentsOfDirectory(atPath: tests.path))?.sorted() ?? [] {
                let syntax = ValuesSyntax(path: file)
                guard syntax != .yaml || file.hasSuffix(".yaml") || file.hasSuffix(".yml") else { continue }
                let original = try String(contentsOf: tests.appendingPathComponent(file), encoding: .utf8)
                guard let values = try? format.read(text: original, file: file) else { continue }
                counts.files += 1
                // A file already as ModelForm writes it is the same edited or rewritten.
                let canonical = try original == format.text(values, syntax: syntax)
                for (leafPath, old) in ScalarEdits.scalars(values).prefix(10) {
                    var changed = values
                    try changed.set(ScalarEdits.other(than: old), at: leafPath)
                    // A value its field does not take (an option, a pattern) is not an edit a form makes.
                    let whole = try format.text(changed, syntax: syntax)
                    guard let intended = try? format.read(text: whole, file: file) else { continue }
                    // A value the file shares (an alias, a merge key) changed at one place only
                    // is refused where it is used, and nothing is written.
                    let first: String
                    do {
                        first = try format.text(changed, syntax: syntax, editing: original)
                    } catch let refusal as ValuesEditRefusal {
                        #expect(refusal.line > 0, "\(name)/\(file) \(leafPath): \(refusal)")
                        counts.refused += 1
                        continue
                    }
                    // TOML writes a table's values before its tables: the same values, in another
                    // order; a key the file writes with no value stays (pubspec's platforms).
                    #expect(
                        (try? format.read(text: first, file: file))?.withoutNulls.keysSorted
                            == intended.withoutNulls.keysSorted,
                        "\(name)/\(file) \(leafPath)")
                    counts.edits += 1
                    guard first != whole || canonical else {
                        if syntax == .toml { print("written whole: \(name)/\(file) \(leafPath)") }
                        counts.whole += 1
                        continue
                    }
                    counts.inPlace += 1
                    let second = try format.text(values, syntax: syntax, editing: first)
                    if second == original {
                        counts.restored += 1
                    } else {
                        Issue.record("\(name)/\(file) \(leafPath): set and set back does not give the original bytes")
                    }
                }
            }
        }
        print(
            "schemastore splice: \(counts.files) files, \(counts.edits) edits, \(counts.inPlace) edited in place (\(counts.restored) back to the original bytes when set back), \(counts.whole) written whole, \(counts.refused) refused (a shared value changed at one place)"
        )
        #expect(counts.files >= 300 && counts.restored == counts.inPlace && counts.whole * 10 < counts.edits)
    }
}
