import ModelForm
import ModelFormYAML
import Testing

@Suite struct YAMLParserTests {
    @Test func nodesCarryOneBasedMarksInSourceOrder() throws {
        let root = try YAMLParser.parseDocument("b: 1\na:\n  - x\n  - \"y\"\n", file: "t.yaml")
        let pairs = try #require(root.mapping)
        #expect(pairs.map(\.key.string) == ["b", "a"])
        #expect(pairs[0].key.mark == SourceMark(file: "t.yaml", line: 1, column: 1))
        let items = try #require(root["a"]?.sequence)
        #expect(items[1].mark == SourceMark(file: "t.yaml", line: 4, column: 5))
        #expect(items[1].scalar == YAMLScalar("y", style: .doubleQuoted))
    }

    @Test func columnsCountCharactersNotBytes() throws {
        let root = try YAMLParser.parseDocument("名前: {ä: 1, ß: 2}\n", file: "t.yaml")
        let inner = try #require(root["名前"]?.mapping)
        #expect(inner[1].key.mark.column == 12)
    }

    @Test func aliasesExpandAndMergeKeysApply() throws {
        let text = """
            base: &base {type: text, title: Base, placeholder: p}
            other: &other {inline: true}
            field:
              <<: [*base, *other]
              title: Mine
            copy: *base
            """
        let root = try YAMLParser.parseDocument(text, file: "t.yaml")
        #expect(root["field"]?.mapping?.map(\.key.string) == ["type", "placeholder", "inline", "title"])
        #expect(root["field"]?["title"]?.string == "Mine")
        #expect(root["copy"]?["title"]?.string == "Base")
    }

    @Test func multipleDocuments() throws {
        let documents = try YAMLParser.parse("a: 1\n---\nb: 2\n...\n---\n", file: "t.yaml")
        #expect(documents.count == 3)
        #expect(documents[1]["b"]?.string == "2")
        #expect(documents[2].isNull)
    }

    @Test func libyamlErrorsNameTheFileLineAndColumn() {
        #expect(throws: DiagnosticList.self) { try YAMLParser.parse("a: [1, 2\nb: 3\n", file: "bad.yaml") }
        do {
            _ = try YAMLParser.parse("key: value\n  bad: indent\n", file: "bad.yaml")
            Issue.record("expected an error")
        } catch {
            #expect(
                error.description == """
                    bad.yaml:2:6: error: mapping values are not allowed in this context
                     2 |   bad: indent
                       |      ^
                    """)
        }
    }

    @Test func duplicateKeysAndUnknownAliasesAreAllReported() {
        do {
            _ = try YAMLParser.parse("a: 1\nb: *nope\na: 2\n", file: "d.yaml")
            Issue.record("expected an error")
        } catch {
            #expect(
                error.diagnostics.map(\.description) == [
                    "d.yaml:2:4: error: unknown alias '*nope'",
                    "d.yaml:3:1: error: duplicate key 'a' (first at line 1)",
                ])
        }
    }

    /// Past eight keys a mapping finds duplicates through its table of positions: each one is
    /// reported with the line of the first, and keys that are not strings or are merge keys
    /// are never taken for one.
    @Test(arguments: [3, 9, 40, 1_000])
    func duplicatesAreFoundInMappingsOfAnySize(keys: Int) {
        var text = "<<: {z: 0}\n[1, 2]: list\n"
        for index in 0..<keys { text += "k\(index): \(index)\n" }
        text += "k0: again\nk\(keys - 1): again\n<<: {y: 0}\n[1, 2]: again\nnew: fine\n"
        do {
            let document = try YAMLParser.parseDocument(text, file: "d.yaml")
            Issue.record("expected an error, read \(document)")
        } catch {
            #expect(
                error.diagnostics.map(\.description) == [
                    "d.yaml:\(keys + 3):1: error: duplicate key 'k0' (first at line 3)",
                    "d.yaml:\(keys + 4):1: error: duplicate key 'k\(keys - 1)' (first at line \(keys + 2))",
                ])
        }
        var unique = ""
        for index in 0..<keys { unique += "k\(index): \(index)\n" }
        let document = try? YAMLParser.parseDocument(unique, file: "u.yaml")
        #expect(document?["k\(keys - 1)"]?.string == "\(keys - 1)")
    }

    @Test func aBillionLaughsIsRefused() {
        var text = "a0: &a0 [lol, lol, lol, lol, lol, lol, lol, lol, lol, lol]\n"
        for level in 1...9 {
            let refs = Array(repeating: "*a\(level - 1)", count: 10).joined(separator: ", ")
            text += "a\(level): &a\(level) [\(refs)]\n"
        }
        #expect(throws: DiagnosticList.self) { try YAMLParser.parse(text, file: "lol.yaml") }
        do { _ = try YAMLParser.parse(text, file: "lol.yaml") } catch {
            #expect(
                error.diagnostics.first?.message == "aliases expand to more than 100000 nodes; refusing to continue")
        }
    }

    @Test func depthAndSizeAreBounded() {
        let deep = String(repeating: "[", count: 200) + String(repeating: "]", count: 200)
        do {
            _ = try YAMLParser.parse(deep, file: "deep.yaml")
            Issue.record("expected an error")
        } catch {
            #expect(error.diagnostics.first?.description == "deep.yaml:1:129: error: nesting is deeper than 128 levels")
        }
        do {
            _ = try YAMLParser.parse("a: 1234567890", file: "big.yaml", limits: YAMLLimits(maxBytes: 8))
            Issue.record("expected an error")
        } catch {
            #expect(error.diagnostics.first?.message == "the file is 13 bytes, more than the limit of 8")
        }
    }

    @Test func emittedYAMLParsesBackInOrderAndKeepsStringsStrings() throws {
        let value = FormValue.record([
            "name": .string("Ada"), "flag": .string("true"), "count": .int(3), "empty": .string(""), "none": .null,
            "multi": .string("a\nb"), "list": .list([.string("x"), .string("1.5")]),
            "nested": .record(["z": .bool(false)]),
            "ünï": .string("日本: yes"),
        ])
        let text = try YAMLEmitter.emit(value)
        let root = try YAMLParser.parseDocument(text, file: "e.yaml")
        #expect(
            root.mapping?.map(\.key.string) == [
                "name", "flag", "count", "empty", "none", "multi", "list", "nested", "ünï",
            ])
        #expect(root["flag"]?.scalar?.isQuoted == true)
        #expect(root["count"]?.scalar == YAMLScalar("3"))
        #expect(root["none"]?.isNull == true)
        #expect(root["multi"]?.string == "a\nb")
        #expect(root["list"]?.sequence?[1].scalar?.isQuoted == true)
        #expect(root["ünï"]?.string == "日本: yes")
    }

    /// libyaml's reader errors (a byte that is not allowed) are placed at that byte, not 1:1.
    @Test(arguments: [("name: ok\nabout: \"bad \u{01} byte\"\n", 2, 13), ("é: \u{01}\n", 1, 4), ("\u{7F}", 1, 1)])
    func aReaderErrorIsAtItsByte(_ text: String, _ line: Int, _ column: Int) throws {
        let error = #expect(throws: DiagnosticList.self) { try YAMLParser.parseDocument(text, file: "r.yaml") }
        let mark = try #require(error?.diagnostics.first?.mark)
        #expect(mark.line == line && mark.column == column, "\(mark)")
    }

    /// A diagnostic on a long line (minified JSON) quotes a window around its column, not
    /// the whole line: an 800 KB line with an error at its end prints a few hundred bytes.
    @Test func aLongLineIsQuotedAroundTheColumn() throws {
        let text = "[" + String(repeating: "1,", count: 400_000) + "1]]"
        var printed = ""
        do { _ = try YAMLParser.parseDocument(text, file: "long.json") } catch { printed = error.description }
        #expect(printed.utf8.count < 400, "\(printed.utf8.count) bytes")
        let lines = printed.split(separator: "\n")
        #expect(
            lines.count == 3 && lines[1].hasPrefix(" 1 | …1,1,") && lines[2].hasSuffix("^"), "\(printed.prefix(500))")
        // The caret stands under the quoted character at the column: the second `]`.
        if lines.count == 3 {
            let quoted = Array(lines[1].dropFirst(" 1 | ".count))
            let caret = lines[2].dropFirst(" 1 | ".count)
            #expect(caret.count - 1 < quoted.count && quoted[caret.count - 1] == "]", "\(printed)")
        }
        let short = Diagnostic("x", at: SourceMark(file: "s", line: 1, column: 3)).rendered(source: "abcdef")
        #expect(short == "s:1:3: error: x\n 1 | abcdef\n   |   ^")
    }

    /// Aliases are held to the file limit in bytes, not only in nodes: a 1 MiB anchored
    /// scalar and 100 aliases (106 MB expanded) is refused at the alias that passes 16 MiB.
    @Test func aliasesAreCountedInBytes() throws {
        let big = String(repeating: "x", count: 1 << 20)
        let text = "a: &big \(big)\nlist:\n" + String(repeating: "  - *big\n", count: 100)
        var message = ""
        do { _ = try YAMLParser.parseDocument(text, file: "aliases.yaml") } catch {
            message = error.diagnostics.first.map(\.description) ?? ""
        }
        #expect(
            message
                == "aliases.yaml:17:5: error: aliases expand the document past 16777216 bytes, the limit of a file; refusing to continue"
        )
        // Small aliases are as before.
        let small = try YAMLParser.parseDocument("a: &x [1, 2]\nb: *x\n", file: "small.yaml")
        #expect(small["b"]?.sequence?.count == 2)
    }
}
