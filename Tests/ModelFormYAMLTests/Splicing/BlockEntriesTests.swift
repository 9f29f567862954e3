import Foundation
import ModelForm
import Testing

@testable import ModelFormYAML

/// Random files of a block mapping (some keys present, some empty, comments on their lines
/// and above them, blank lines, a nested mapping, CR LF or LF, a last line break or none) given random
/// new values in the form's order: the text written reads back as the whole file would, and
/// when it was edited in place every kept entry's comment is still there.
@Suite struct BlockEntriesTests {
    static let keys = ["a", "b", "c", "d", "e"]

    static func format() throws -> ValuesFileFormat {
        let types =
            "types:\n  R: {a: String?, b: String?, c: String?, n: N?, d: String?, e: String?}\n"
            + "  N: {x: String?, y: String?}\n"
        return try ValuesFileFormat.omittingAbsent(types, typeName: "R")
    }

    /// A small deterministic generator (a linear congruential one), so that a failure repeats.
    struct Dice {
        var state: UInt64
        mutating func roll(_ sides: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(sides))
        }
    }

    @Test func randomEntriesAddedAndRemovedReadBackAndKeepTheirComments() throws {
        let format = try Self.format()
        var dice = Dice(state: 2026)
        var inPlace = 0
        for round in 0..<300 {
            let lineBreak = dice.roll(3) == 0 ? "\r\n" : "\n"
            var lines: [String] = []
            var comments: [String: String] = [:]
            let order = ["a", "b", "c", "n", "d", "e"]
            for key in order where dice.roll(2) == 0 {
                if dice.roll(3) == 0 { lines.append("# about \(key) \(round)") }
                if dice.roll(4) == 0 { lines.append("") }
                if key == "n" {
                    lines.append("n:")
                    for inner in ["x", "y"] where dice.roll(2) == 0 { lines.append("    \(inner): \(inner)\(round)") }
                    if lines.last == "n:" { lines[lines.count - 1] = "n: {}" }
                    continue
                }
                if dice.roll(6) == 0 {
                    lines.append("\(key):")  // null
                    continue
                }
                let comment = "# \(key) note \(round)"
                comments[key] = comment
                lines.append("\(key): old \(key)  \(comment)")
            }
            var original = lines.joined(separator: lineBreak)
            if dice.roll(4) != 0, !original.isEmpty { original += lineBreak }
            guard let before = try? format.read(text: original, file: "r.yaml") else { continue }
            var record = FormRecord()
            for key in order where dice.roll(3) != 0 {
                if key == "n" {
                    var inner = FormRecord()
                    for name in ["x", "y"] where dice.roll(2) == 0 { inner[name] = .string("\(name) new") }
                    record["n"] = .record(inner)
                } else {
                    let kept = before[FormPath([.key(key)])]
                    record[key] = dice.roll(2) == 0 ? (kept ?? .string("new \(key)")) : .string("new \(key)")
                }
            }
            let (text, edited) = try format.edited(.record(record), syntax: .yaml, editing: original)
            let whole = try format.text(.record(record), syntax: .yaml)
            // A key the file wrote with no value stays (absent and null are one in the values).
            #expect(
                try format.read(text: text, file: "r.yaml").withoutNulls
                    == format.read(text: whole, file: "r.yaml").withoutNulls,
                "round \(round):\n\(original)\n→\n\(text)")
            if edited {
                inPlace += 1
                for (key, comment) in comments where record[key] != nil {
                    #expect(text.contains(comment), "round \(round): \(key)'s comment kept:\n\(original)\n→\n\(text)")
                }
            }
        }
        #expect(inPlace > 150, "most rounds edit the file in place: \(inPlace) of 300")
    }

    /// Random block lists (comments beside and above items, blank lines) given random
    /// items added, removed, moved and changed: each reads back as the whole file would.
    @Test func randomItemsAddedAndRemovedReadBack() throws {
        let types = "types:\n  R: {name: String?, list: '[String]?'}\n"
        let format = try ValuesFileFormat.omittingAbsent(types, typeName: "R")
        var dice = Dice(state: 1815)
        var inPlace = 0
        for round in 0..<300 {
            let indent = dice.roll(2) == 0 ? "" : "  "
            var lines = ["name: Ada", "list:"]
            var items: [String] = []
            for index in 0..<(1 + dice.roll(5)) {
                if dice.roll(4) == 0 { lines.append(indent + "# before \(index)") }
                if dice.roll(5) == 0 { lines.append("") }
                let item = "i\(index)"
                items.append(item)
                lines.append(indent + "- " + item + (dice.roll(3) == 0 ? "  # on \(index)" : ""))
            }
            if dice.roll(2) == 0 { lines.append("# the end") }
            let original = lines.joined(separator: "\n") + "\n"
            var new = items
            for _ in 0..<(1 + dice.roll(3)) {
                switch dice.roll(4) {
                case 0: new.insert("n\(round)", at: dice.roll(new.count + 1))
                case 1 where new.count > 1: new.remove(at: dice.roll(new.count))
                case 2 where new.count > 1: new.insert(new.remove(at: dice.roll(new.count)), at: dice.roll(new.count))
                default: if !new.isEmpty { new[dice.roll(new.count)] = "c\(round)" }
                }
            }
            let record: FormRecord = ["name": .string("Ada"), "list": .list(new.map(FormValue.string))]
            let (text, edited) = try format.edited(.record(record), syntax: .yaml, editing: original)
            let whole = try format.text(.record(record), syntax: .yaml)
            #expect(
                try format.read(text: text, file: "r.yaml") == format.read(text: whole, file: "r.yaml"),
                "round \(round):\n\(original)\n→\n\(text)")
            if edited { inPlace += 1 }
        }
        #expect(inPlace == 300, "every round edit the file in place: \(inPlace) of 300")
    }
}
