import ModelFormHTML
import ModelFormTesting
import PropertyBased
import Testing

@testable import ModelForm
@testable import ModelFormMarkdown

/// The Markdown escaper works on bytes for ASCII text (the renderer's hot path) and scalar
/// by scalar otherwise: both paths must give the same result on any ASCII text.
@Suite struct EscapingFastPathTests {
    static let interesting: [UInt8] = Array("ab1 9.)-+=#*_`[]<>|~&!\\\t\n\r".utf8) + [0x00, 0x1B, 0x7F]

    @Test func markdownBytePathMatchesTheScalarPath() async {
        await propertyCheck(count: 500, input: Gen.int(in: 0..<Self.interesting.count).array(of: 0...16)) { picks in
            let text = String(decoding: picks.map { Self.interesting[$0] }, as: UTF8.self)
            #expect(MarkdownEscaping.escape(text) == MarkdownEscaping.escapeScalars(text), "\(Array(text.utf8))")
        }
    }

    /// Every ASCII byte, alone, first, between two letters and last: each one the check for
    /// text handed back unchanged reads by its bit table.
    @Test func markdownBytePathMatchesTheScalarPathForEachASCIIByte() {
        for byte in UInt8(0)..<128 {
            for bytes in [[byte], [byte, 0x61], [0x61, byte, 0x62], [0x61, byte]] {
                let text = String(decoding: bytes, as: UTF8.self)
                #expect(MarkdownEscaping.escape(text) == MarkdownEscaping.escapeScalars(text), "\(bytes)")
            }
        }
    }

    @Test(arguments: [
        ("  - item  ", "\\- item"), ("1. x", "1\\. x"), ("a\n\nb", "a b"), ("x\u{1B}[31m", "x\u{FFFD}\\[31m"),
        ("é *b*", "é \\*b\\*"),
    ])
    func examples(_ text: String, _ escaped: String) {
        #expect(MarkdownEscaping.escape(text) == escaped)
    }
}

/// Built-in field types compare by a tag; the tags must follow the names.
@Suite struct FieldTypeTagTests {
    @Test func builtInsCompareAsTheirNamesDo() {
        for a in FieldType.builtIn {
            for b in FieldType.builtIn { #expect((a == b) == (a.rawValue == b.rawValue)) }
            #expect(FieldType(rawValue: a.rawValue) == a && FieldType(rawValue: a.rawValue).hashValue == a.hashValue)
            #expect(a != "rating")
        }
        var renamed = FieldType.text
        renamed.rawValue = "email"
        #expect(renamed == .email && FieldType("rating") == FieldType(rawValue: "rating"))
        #expect(FieldType.builtIn.filter(\.choosesOptions) == [.options, .multiSelect, .bitfield])
        #expect(
            FieldType.builtIn.filter(\.isTextual) == [
                .default, .label, .text, .longText, .url, .email, .password, .phone,
            ])
        #expect(FieldType.builtIn.filter(\.isToggle) == [.boolean, .option, .multiSelect, .bitfield])
        #expect(FieldType("rating").isTextual == false && FieldType("rating").isToggle == false)
    }
}

/// The HTML writer escapes ASCII on bytes; it must agree with the scalar escaper.
@Suite struct HTMLWriterEscapingTests {
    static let interesting: [UInt8] = Array("ab1 &<>\"'=#;\t\n\r".utf8) + [0x00, 0x1B, 0x7F, 0xC3, 0xA9]

    @Test func writerTextMatchesHTMLEscaping() async {
        await propertyCheck(count: 500, input: Gen.int(in: 0..<Self.interesting.count).array(of: 0...48)) { picks in
            let text = String(decoding: picks.map { Self.interesting[$0] }, as: UTF8.self)
            var writer = HTMLWriter(capacity: 1)
            writer.text(text)
            #expect(writer.html == HTMLEscaping.html(text), "\(Array(text.utf8))")
        }
    }

    /// Every ASCII byte and one past it, at every place of a run of plain text, in text and in
    /// an attribute: escaped as ``HTMLEscaping`` escapes (the writer's byte path and its
    /// fallback for text past ASCII alike).
    @Test func eachByteInEachLaneOfAWordIsEscaped() {
        let plain = Array("abcdefghijklmnopqrstuvwx".utf8)
        for byte in (UInt8(0)..<0x80).map({ [$0] }) + [[0xC3, 0xA9]] {
            for position in 0...plain.count {
                let text = String(decoding: plain[..<position] + byte + plain[position...], as: UTF8.self)
                var writer = HTMLWriter(capacity: 1)
                writer.text(text)
                writer.attribute("title", text)
                let escaped = HTMLEscaping.html(text)
                #expect(writer.html == escaped + #" title=""# + escaped + "\"", "\(byte) at \(position)")
            }
        }
    }
}

/// The validator's length check counts ASCII on bytes; it must count as `String.count` does.
@Suite struct CharacterCountTests {
    @Test(arguments: ["", "abc", "a b\tc\n", "é", "e\u{301}", "a\r\nb", "日本", "👩‍👩‍👧", "x\u{7F}"])
    func countsAsStringDoes(_ text: String) {
        #expect(text.characterCount == text.count)
    }
}

/// The HTML writer's buffer is shared between copies until one of them writes.
@Suite struct HTMLWriterCopyTests {
    @Test func copiesWriteIndependently() {
        var first = HTMLWriter(capacity: 1)
        first.raw("<p>")
        var second = first
        second.text("a & b")
        first.raw(String(repeating: "x", count: 300))
        #expect(second.html == "<p>a &amp; b")
        #expect(first.html == "<p>" + String(repeating: "x", count: 300))
        second.text("é")
        #expect(second.html == "<p>a &amp; bé")
    }
}

/// The writer copies a short run itself (byte by byte below 8 bytes, else a word at a time,
/// the last word overlapping): every length around those steps, at every place in a word of
/// the output, comes out whole; and a literal name writes what the same name as a `String` does.
@Suite struct HTMLWriterAppendTests {
    @Test(arguments: Array(0...41))
    func aRunOfAnyLengthAtAnyPlaceComesOutWhole(length: Int) {
        let run = String(decoding: (0..<length).map { UInt8(ascii: "a") + UInt8($0 % 26) }, as: UTF8.self)
        for offset in 0..<9 {
            let prefix = String(repeating: "-", count: offset)
            var writer = HTMLWriter(capacity: 1)
            writer.raw(prefix)
            writer.raw(run)
            writer.text(run)
            writer.raw("|")
            #expect(writer.html == prefix + run + run + "|", "\(length) bytes after \(offset)")
        }
    }

    @Test func literalNamesWriteWhatStringsDo() {
        let (div, title, hidden, markup) = ("div", "title", "hidden", "<br>")
        var literal = HTMLWriter()
        literal.open("div")
        literal.attribute("title", "a \"b\"")
        literal.flag("hidden", true)
        literal.end()
        literal.raw("<br>")
        literal.element("div", text: "<x>") { $0.attribute("title", nil) }
        literal.close("div")
        var named = HTMLWriter()
        named.open(div)
        named.attribute(title, "a \"b\"")
        named.flag(hidden, true)
        named.end()
        named.raw(markup)
        named.element(div, text: "<x>") { $0.attribute(title, nil) }
        named.close(div)
        #expect(literal.html == named.html)
        #expect(literal.html == #"<div title="a &quot;b&quot;" hidden><br><div>&lt;x&gt;</div></div>"#)
    }

    /// A number field's range is written as the value's text is (whole numbers by their digits,
    /// straight into the page; others, and those too large, by their text).
    @Test(arguments: [0, 1000, -5, 2.5, -0.25, -0.0, 999_999_999_999_999, -999_999_999_999_999, 1e15, 1e20, 7e-8])
    func aRangeIsWrittenAsItsValuesText(_ bound: Double) {
        var field = Field(key: "x", type: .float)
        field.rules = [ValidationRule(.range(min: bound, max: bound))]
        let context = CellContext(
            field: field, path: "x", value: .null, display: "", inputValue: "", inputName: "x", inputID: "f-x")
        var writer = HTMLWriter()
        HTMLCells.input.write(context, &writer)
        let text = FormValue.double(bound).plainText
        #expect(writer.html.contains(#" min="\#(text)" max="\#(text)" "#), "\(writer.html)")
    }

    /// Each kind of input opens with the `type` the renderer reports for its field.
    @Test(arguments: [
        FieldType.text, .email, .password, .url, .phone, .integer, .unsigned, .float, .date, .time, .dateTime,
    ])
    func anInputOpensWithItsType(_ type: FieldType) {
        let field = Field(key: "x", type: type)
        let context = CellContext(
            field: field, path: "x", value: .null, display: "", inputValue: "", inputName: "x", inputID: "f-x")
        var writer = HTMLWriter()
        HTMLCells.input.write(context, &writer)
        #expect(writer.html.hasPrefix("<input type=\"\(HTMLCells.inputType(field))\" id=\"f-x\""), "\(writer.html)")
    }
}

/// Element ids are written byte by byte when every key is plain ASCII, and character by
/// character otherwise; both give the same ids.
@Suite struct HTMLIDTests {
    @Test(arguments: [
        ([FormPath.Component.key("name")], "f-name"),
        ([.key("friends"), .index(0), .key("name")], "f-friends-0-name"),
        ([.key("a_1"), .index(10), .index(123)], "f-a_1-10-123"),
        // A replaced character adds the key's hash: `a:b` and `a-b` (map keys) get two ids.
        ([.key("first name")], "f-first-name-1iq4liw"),
        ([.key("prénom"), .index(7)], "f-prénom-7"),
        ([.key("x<\"y")], "f-x--y-19fuz9c"),
        ([.key("x-y")], "f-x-y-1ldw3vp"),
        ([.key("x:y")], "f-x-y-1lfqn6i"),
        ([.key(String(repeating: "k", count: 40))], "f-" + String(repeating: "k", count: 40)),
    ])
    func ids(_ components: [FormPath.Component], _ id: String) {
        #expect(HTMLIDs.id(for: FormPath(components)) == id)
    }

    /// Of the ASCII characters, letters, digits and `_` stand in an id as they are; every
    /// other one is replaced (and the key's hash added).
    @Test func eachASCIICharacterOfAKey() {
        for byte in UInt8(0)..<128 {
            let character = Character(UnicodeScalar(byte))
            let standsAsItIs = character.isLetter || character.isNumber || character == "_"
            let key = "a" + String(character)
            #expect((HTMLIDs.id(for: FormPath([.key(key)])) == "f-" + key) == standsAsItIs, "byte \(byte)")
        }
    }

    /// A character other than a letter or a digit stands as `-`; letters and digits of any
    /// script stay.
    @Test(arguments: [
        ("save draft", "f-save-draft"), ("submitRegistrationForm", "f-submitRegistrationForm"),
        ("save_as", "f-save-as"), ("go2", "f-go2"), ("enregistrer-brouillon", "f-enregistrer-brouillon"),
        ("sauvé", "f-sauvé"), ("", "f-"),
    ])
    func buttonsAreNamedByTheirAction(action: String, id: String) {
        #expect(HTMLIDs.id(for: FormPath(), field: Field(key: nil, type: .action, action: action)) == id)
    }
}

/// An HTML writer's bytes become a string ASCII run by ASCII run (the standard library
/// checks other bytes one at a time): any mix of runs and other characters comes out whole.
@Suite struct WriterTextTests {
    static let pieces = [
        "é", "—", "✕", "😀", "e\u{301}", "<a>", " ", String(repeating: "x", count: 7),
        String(repeating: "y", count: 63), String(repeating: "z", count: 64), String(repeating: "w", count: 65),
        String(repeating: "v", count: 300),
    ]

    @Test func anyMixOfASCIIAndOtherTextComesOutWhole() async {
        await propertyCheck(count: 500, input: Gen.int(in: 0..<Self.pieces.count).array(of: 0...24)) { picks in
            var writer = HTMLWriter()
            for pick in picks { writer.raw(Self.pieces[pick]) }
            let whole = picks.map { Self.pieces[$0] }.joined()
            #expect(writer.html == whole, "\(picks)")
            #expect(writer.utf8 == Array(whole.utf8), "\(picks)")
        }
    }

    /// One character past ASCII at any place of a page of ASCII, on either side of the
    /// scan's 8- and 32-byte steps, is found (the page is not taken for ASCII), and a page of
    /// ASCII alone of any of these lengths comes out whole.
    @Test(arguments: [0, 1, 7, 8, 9, 31, 32, 33, 40, 63, 64, 65, 100])
    func oneCharacterPastASCIIAnywhereComesOutWhole(length: Int) {
        let ascii = String(repeating: "a", count: length)
        var plain = HTMLWriter()
        plain.raw(ascii)
        #expect(plain.html == ascii)
        for position in 0...length {
            let text = String(ascii.prefix(position)) + "é" + String(ascii.dropFirst(position))
            var writer = HTMLWriter()
            writer.raw(text)
            #expect(writer.html == text, "é at \(position) of \(length)")
        }
    }

    /// The bytes a server sends are those of the page's string, standalone or not, with
    /// names and values past ASCII.
    @Test(arguments: [false, true])
    func aRendererHandsOutThePagesBytes(standalone: Bool) throws {
        var form = RegistrationForm()
        form.name = "Zoë — <✕> 😀"
        form.about = String(repeating: "long é text ", count: 10_000)
        let tree = FormTreeBuilder(configs: ConfigDictionary(try ModelDescription(type: RegistrationForm.self)))
            .build(typeName: "RegistrationForm", values: try FormValueEncoder().encode(form))
        var renderer = HTMLRenderer()
        renderer.standalone = standalone
        #expect(renderer.renderUTF8(tree) == Array(renderer.render(tree).utf8))
    }

    /// Runs longer than the piece a string is made of at once (64 KiB) are cut where a
    /// character starts: text of 2-, 3- and 4-byte characters, and ASCII, each past it.
    @Test(arguments: ["é", "—", "😀", "a", "é—😀a"])
    func longRunsAreCutBetweenCharacters(_ unit: String) {
        let text = String(repeating: unit, count: 100_000 / unit.utf8.count)
        var writer = HTMLWriter()
        writer.raw("<p>")
        writer.raw(text)
        writer.raw("</p>")
        #expect(writer.html == "<p>" + text + "</p>")
    }
}
