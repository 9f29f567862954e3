import Foundation
import ModelFormTesting
import Testing

/// The checks that keep the documents' Swift examples and this folder's tests one and the
/// same: every example shown verbatim, every Swift block compiled here (of the README, the
/// articles, and the `///` comments of every source file).
extension DocumentationExampleTests {
    struct Region {
        let document: String
        let text: String
        let file: String
        let line: Int
    }

    /// The files of examples: this folder's Swift files.
    static let exampleFiles: [URL] = {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { $0.hasSuffix(".swift") }.sorted().map { folder.appendingPathComponent($0) }
    }()

    static func regions() throws -> [Region] {
        try exampleFiles.flatMap { try regions(in: $0) }
    }

    /// The examples of one file: each between `// doc: PATH` and `// end doc`.
    static func regions(in file: URL) throws -> [Region] {
        let lines = try String(contentsOf: file, encoding: .utf8).split(
            separator: "\n", omittingEmptySubsequences: false)
        var result: [Region] = []
        var open: (document: String, start: Int, lines: [Substring])?
        for (number, line) in lines.enumerated() {
            let trimmed = line.drop { $0 == " " }
            if trimmed.hasPrefix("// doc: ") {
                open = (String(trimmed.dropFirst("// doc: ".count)), number + 1, [])
            } else if trimmed == "// end doc", let region = open {
                let indent = region.lines.first.map { $0.prefix { $0 == " " }.count } ?? 0
                let text = region.lines.map { String($0.dropFirst(min(indent, $0.prefix { $0 == " " }.count))) }.joined(
                    separator: "\n")
                result.append(
                    Region(document: region.document, text: text, file: file.lastPathComponent, line: region.start))
                open = nil
            } else if open != nil {
                open?.lines.append(line)
            }
        }
        return result
    }

    /// A document's Swift blocks: its ```swift blocks, or in a source file those of its
    /// `///` comments (without the `/// `).
    static func swiftBlocks(_ document: String) throws -> [String] {
        var blocks: [String] = []
        var current: [Substring]?
        let isSource = document.hasSuffix(".swift")
        for line in try PackagePaths.text(document).split(separator: "\n", omittingEmptySubsequences: false) {
            guard let line = isSource ? docCommentText(line) : line else { continue }
            if current == nil, line == "```swift" {
                current = []
            } else if let block = current, line == "```" {
                blocks.append(block.joined(separator: "\n"))
                current = nil
            } else {
                current?.append(line)
            }
        }
        return blocks
    }

    /// A `///` line's text after `/// ` (or `///`), else `nil`.
    static func docCommentText(_ line: Substring) -> Substring? {
        let trimmed = line.drop { $0 == " " }
        guard trimmed.hasPrefix("///") else { return nil }
        let text = trimmed.dropFirst(3)
        return text.first == " " ? text.dropFirst() : text
    }

    /// The source files whose `///` comments show a Swift example.
    static let sourceFilesWithExamples: [String] = {
        let sources = PackagePaths.url("Sources")
        let files = FileManager.default.enumerator(atPath: sources.path)?.compactMap { $0 as? String } ?? []
        return files.filter { $0.hasSuffix(".swift") }.sorted().map { "Sources/" + $0 }.filter { file in
            (try? PackagePaths.text(file))?.contains("/// ```swift") == true
        }
    }()

    /// The README's blocks that are not test code (the manifest lines, the file with the
    /// imports) name only products the package has.
    @Test func theReadmesImportsAndProductsAreThePackages() throws {
        let readme = try PackagePaths.text("README.md")
        let manifest = try PackagePaths.text("Package.swift")
        let products = Set(manifest.matches(of: /\.library\(name: "(\w+)"/).map { String($0.output.1) })
        let imports = readme.matches(of: /(?m)^import (\w+)$/).map { String($0.output.1) }
        let named = readme.matches(of: /\.product\(name: "(\w+)", package: "ModelForm"\)/).map { String($0.output.1) }
        #expect(!imports.isEmpty && !named.isEmpty)
        for module in imports + named { #expect(products.contains(module), "README names \(module)") }
    }

    @Test func everyExampleHereIsShownVerbatim() throws {
        let regions = try Self.regions()
        #expect(regions.count >= 16 && Self.documents.count >= 8)
        for region in regions {
            #expect(
                try Self.swiftBlocks(region.document).contains(region.text),
                "the example at \(region.file):\(region.line) is not a Swift block of \(region.document)"
            )
        }
    }

    /// The core's public surface stays small, and each of its declarations is named by an
    /// example a test compiles (by name: a declaration's name appears in some example; the
    /// witnesses of standard protocols, initializers, subscripts and operators are exempt).
    @Test func everyPublicDeclarationOfTheCoreIsInAnExample() throws {
        let examples = try Self.regions().map(\.text).joined(separator: "\n")
        let named = Set(examples.matches(of: /[A-Za-z_][A-Za-z0-9_]*/).map { String($0.output) })
        let declaration =
            /^\s*(?:@\w+ )*public (?:(?:static|mutating|final|indirect|prefix|nonisolated|private\(set\)) )*(struct|enum|protocol|class|func|var|let|init|typealias|subscript|extension|actor)\b\s*`?([A-Za-z_]\w*)?/
        let exempt: Set<String> = ["hash", "description", "encode"]
        let sources = PackagePaths.url("Sources/ModelForm")
        let files = FileManager.default.enumerator(atPath: sources.path)?.compactMap { $0 as? String } ?? []
        var count = 0
        for file in files.filter({ $0.hasSuffix(".swift") }).sorted() {
            let lines = try PackagePaths.text("Sources/ModelForm/" + file).split(
                separator: "\n", omittingEmptySubsequences: false)
            for (number, line) in lines.enumerated() {
                guard let match = try declaration.prefixMatch(in: line) else { continue }
                count += 1
                guard let name = match.output.2.map(String.init), !exempt.contains(name) else { continue }
                let isNamed = named.contains(name)
                #expect(isNamed, "Sources/ModelForm/\(file):\(number + 1): no example names '\(name)'")
            }
        }
        #expect(count > 300 && count <= 450, "the core has \(count) public declaration lines (at most 450)")
    }

    @Test(arguments: documents + sourceFilesWithExamples)
    func everySwiftBlockIsCompiledHere(_ document: String) throws {
        let compiled = Set(try Self.regions().filter { $0.document == document }.map(\.text))
        for block in try Self.swiftBlocks(document) {
            #expect(compiled.contains(block), "\(document) shows an example no test compiles:\n\(block)")
        }
    }
}
