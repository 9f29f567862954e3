import Foundation
import Testing

@testable import ModelFormYAML

/// Which texts the emitter quotes: those that would read back as another kind of value or
/// lose their spaces. Held against the first way it was written (Foundation's trimming,
/// `Double` and `Int` on every text) over texts built from the characters that matter.
@Suite struct ScalarQuotingTests {
    /// The first implementation, the oracle.
    static func needsQuotesAsWritten(_ text: String) -> Bool {
        if text.isEmpty || text != text.trimmingCharacters(in: .whitespaces) { return true }
        if [
            "~", "null", "Null", "NULL", "true", "True", "TRUE", "false", "False", "FALSE", "yes", "no", "on", "off",
            "Yes", "No", "On", "Off", "YES", "NO", "ON", "OFF",
        ].contains(text) {
            return true
        }
        if Double(text) != nil || Int(text) != nil || text.hasPrefix("0x") || text.hasPrefix("0o") { return true }
        if [".inf", "-.inf", "+.inf", ".nan", ".NaN", ".Inf"].contains(text) { return true }
        return text.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F }
    }

    static let pieces = [
        "", " ", "\t", "\u{A0}", "\u{3000}", "\u{2003}", "a", "1", "0", "x", "0x1F", "0o7", "1e5", ".5", "-", "+", ".",
        "inf", "Infinity", "nan", "NaN", "INF", "true", "yes", "Off", "~", ".inf", "-.inf", "\u{1}", "\u{7F}", "é",
        "\u{301}", "\n", "x y", "1_000", "e", "E", "#", ":", "null",
    ]

    @Test(arguments: 0..<8)
    func quotingAgreesWithTheFirstWay(seed: Int) {
        var state = UInt64(seed) &* 0x9E37_79B9_7F4A_7C15 &+ 1
        func next(_ count: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(count))
        }
        for _ in 0..<2_000 {
            let text = (0..<(1 + next(3))).map { _ in Self.pieces[next(Self.pieces.count)] }.joined()
            #expect(ScalarText.needsQuotes(text) == Self.needsQuotesAsWritten(text), "\(text.debugDescription)")
        }
    }

    @Test(arguments: Self.pieces)
    func eachPieceAlone(text: String) {
        #expect(ScalarText.needsQuotes(text) == Self.needsQuotesAsWritten(text), "\(text.debugDescription)")
    }
}
