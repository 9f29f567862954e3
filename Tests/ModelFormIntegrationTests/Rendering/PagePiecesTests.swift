import ModelFormHTML
import ModelFormTesting
import Testing

@testable import ModelForm

/// A page written in pieces while it is drawn (the command line's large pages) is the page
/// drawn whole, cut only between rows, so that every piece is whole UTF-8 text.
@Suite struct PagePiecesTests {
    /// The registration form with text past ASCII and a long value: its subform, its
    /// collection and its choices are drawn inside rows, in writers of their own.
    static func tree() throws -> FormNode {
        var form = RegistrationForm()
        form.name = "Zoë — <✕> 😀"
        form.about = String(repeating: "long é text ", count: 2_000)
        return FormTreeBuilder(configs: ConfigDictionary(try ModelDescription(type: RegistrationForm.self)))
            .build(typeName: "RegistrationForm", values: try FormValueEncoder().encode(form))
    }

    @Test(arguments: [(1, false), (64, false), (4096, false), (1 << 16, false), (1, true), (1 << 16, true)])
    func piecesMakeThePageDrawnWhole(piece: Int, fragment: Bool) throws {
        let tree = try Self.tree()
        var renderer = HTMLRenderer()
        renderer.standalone = !fragment
        var pieces: [[UInt8]] = []
        try renderer.render(tree, piecesOf: piece) { pieces.append(Array($0)) }
        #expect(pieces.joined().elementsEqual(renderer.render(tree).utf8))
        for (number, bytes) in pieces.enumerated() {
            #expect(String(validating: bytes, as: UTF8.self) != nil, "piece \(number) cuts a character")
        }
        let rows = tree.sections.reduce(0) { $0 + $1.rows.count }
        // A piece of one byte: one a row at the least, so the page was never held whole.
        if piece == 1 { #expect(pieces.count > rows) } else if piece == 1 << 16 { #expect(pieces.count <= 2) }
    }

    struct Refused: Error, Equatable {}

    /// The first error the writer throws is rethrown, and nothing is handed to it after.
    @Test func aFailedWriteStopsTheWriting() throws {
        let tree = try Self.tree()
        var calls = 0
        #expect(throws: Refused()) {
            try HTMLRenderer().render(tree, piecesOf: 1) { _ in
                calls += 1
                throw Refused()
            }
        }
        #expect(calls == 1)
    }
}
