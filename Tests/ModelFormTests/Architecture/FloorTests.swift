import Foundation
import ModelFormTesting
import Testing

/// The core's folders stand on floors: a file names only types of its own folder and of the
/// folders below it. The README's layout section lists the floors.
@Suite struct FloorTests {
    /// The floors, lowest first.
    static let floors = [
        "Text", "Values", "Diagnostics", "Model", "Describe", "Config", "Inference", "Conditions", "Editing",
        "Rendering", "Form", "Export",
    ]

    /// Each file's text without comments and string literals, by folder.
    static func sources() throws -> [(folder: String, file: String, text: String)] {
        let root = PackagePaths.url("Sources/ModelForm")
        var result: [(String, String, String)] = []
        for folder in try FileManager.default.contentsOfDirectory(atPath: root.path).sorted()
        where !folder.hasSuffix(".docc") {
            let url = root.appendingPathComponent(folder)
            for file in try FileManager.default.contentsOfDirectory(atPath: url.path).sorted()
            where file.hasSuffix(".swift") {
                let text = try String(contentsOf: url.appendingPathComponent(file), encoding: .utf8)
                result.append((folder, file, Self.code(text)))
            }
        }
        return result
    }

    /// The text with comments, multi-line strings and string literals removed.
    static func code(_ text: String) -> String {
        text.replacing(/(?s)"""[\s\S]*?"""/, with: "\"\"").replacing(/\/\/[^\n]*/, with: "")
            .replacing(/"(?:\\.|[^"\\\n])*"/, with: "\"\"")
    }

    @Test func everyReferenceInTheCorePointsDown() throws {
        let sources = try Self.sources()
        #expect(Set(sources.map(\.folder)) == Set(Self.floors), "a folder without a floor")
        // The types each folder declares at the top level.
        var home: [String: String] = [:]
        let declaration =
            /(?m)^(?:@\w+\s+)*(?:(?:public|package|internal|fileprivate|private|final|indirect)\s+)*(?:struct|enum|class|protocol|typealias|actor)\s+(\w+)/
        for source in sources {
            for match in source.text.matches(of: declaration) { home[String(match.output.1)] = source.folder }
        }
        var upward: [String] = []
        for source in sources {
            let floor = Self.floors.firstIndex(of: source.folder) ?? 0
            let names = Set(source.text.matches(of: /\b[A-Z]\w*/).map { String($0.output) })
            for name in names.sorted() {
                guard let folder = home[name], let other = Self.floors.firstIndex(of: folder), other > floor else {
                    continue
                }
                upward.append("\(source.folder)/\(source.file) names \(name) (\(folder))")
            }
        }
        #expect(upward.isEmpty, "references up a floor:\n\(upward.joined(separator: "\n"))")
    }
}
