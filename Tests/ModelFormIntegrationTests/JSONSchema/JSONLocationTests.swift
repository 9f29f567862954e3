import Foundation
import ModelForm
import ModelFormTesting
import Testing

/// A parse keeps each value's start as a byte offset and makes it `file:line:column` when
/// asked: by pointer (exact, or the nearest enclosing value), all in order, or all by
/// pointer, and each agrees with the others and with the text.
@Suite struct JSONLocationTests {
    @Test(arguments: [
        ("", "1:1"), ("/name", "2:11"), ("/tags", "3:11"), ("/tags/1", "3:15"), ("/a~1b", "4:10"),
        ("/m~0n", "4:20"), ("/é", "5:8"), ("/é/x", "5:14"), ("/nested/deep/0", "6:23"),
    ])
    func marksByPointer(_ pointer: String, _ place: String) throws {
        let text = """
            {
              "name": "Ada",
              "tags": [1, 2],
              "a/b": 1, "m~n": 2,
              "é": {"x": "ü"},
              "nested": {"deep": [true]}
            }
            """
        let document = try JSONParser.parse(text, file: "t.json")
        let mark = try #require(document.exactMark(pointer))
        #expect("\(mark.line):\(mark.column)" == place)
        #expect(document.mark(pointer) == mark)
        #expect(document.marks[pointer] == mark)
    }

    @Test func aPointerWithoutAValueHasOnlyTheNearestEnclosingMark() throws {
        let document = try JSONParser.parse("{\"a\": {\"b\": [1]}}", file: "t.json")
        #expect(document.exactMark("/a/c") == nil && document.exactMark("/a/b/5") == nil)
        #expect(document.mark("/a/c") == document.exactMark("/a"))
        #expect(document.mark("/a/b/5/x") == document.exactMark("/a/b"))
        #expect(document.mark("nowhere") == nil)
        #expect(document.exactMark("/a/b/0") != nil)
        #expect(document.exactMark("/a/b/00") == nil && document.exactMark("/a/b/+0") == nil)
    }

    /// Every value of every JSON file of the corpus: its mark is where its text starts, and
    /// the three ways of asking agree.
    @Test(.enabled(if: PackagePaths.corpora != nil, "the corpora are not beside the checkout"))
    func everyMarkOfTheCorpusIsWhereItsValueStarts() throws {
        let root = try #require(PackagePaths.corpora).appendingPathComponent("schemastore")
        let files = try #require(FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil))
            .compactMap { $0 as? URL }.filter { $0.pathExtension == "json" }.prefix(400)
        var checked = 0
        for file in files {
            guard let text = try? String(contentsOf: file, encoding: .utf8),
                let document = try? JSONParser.parse(text, file: file.lastPathComponent)
            else { continue }
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
            let marks = document.marks
            for (pointer, mark) in marks {
                #expect(document.exactMark(pointer) == mark, "\(file.lastPathComponent) \(pointer)")
                let line = lines[mark.line - 1].unicodeScalars
                let first = line[line.index(line.startIndex, offsetBy: mark.column - 1)]
                #expect("{[\"-0123456789tfn".unicodeScalars.contains(first), "\(file.lastPathComponent) \(pointer)")
                checked += 1
            }
            #expect(Set(document.marksInOrder() ?? []) == Set(marks.values))
        }
        print("JSON locations: \(checked) values of \(files.count) files where they start")
        #expect(checked > 10_000)
    }
}
