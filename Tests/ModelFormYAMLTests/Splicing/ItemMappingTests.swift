import Foundation
import ModelForm
import Testing

@testable import ModelFormYAML

/// A list item's mapping (`- uses: ...` then its other keys under it, as a workflow's
/// steps are written) gains and loses entries in place, its first entry too: the dash
/// moves to the line of the entry that comes first, and the comments above it stay.
@Suite struct ItemMappingTests {
    static func format() throws -> ValuesFileFormat {
        let types = "types:\n  W: {steps: '[S]?'}\n  S: {uses: String?, name: String?, run: String?}\n"
        return try ValuesFileFormat.omittingAbsent(types, typeName: "W")
    }

    static let original = """
        steps:
          # check out
          - uses: actions/checkout@v4  # pinned
          - uses: ./build
            # what it is called
            name: Build
            run: make  # all

        """

    static let cases: [(name: String, steps: [FormRecord], expected: String?)] = [
        (
            "an entry added after the first",
            [
                ["uses": .string("actions/checkout@v4"), "name": .string("Checkout")],
                ["uses": .string("./build"), "name": .string("Build"), "run": .string("make")],
            ],
            "steps:\n  # check out\n  - uses: actions/checkout@v4  # pinned\n    name: Checkout\n  - uses: ./build\n    # what it is called\n    name: Build\n    run: make  # all\n"
        ),
        (
            "an entry removed with its comment",
            [["uses": .string("actions/checkout@v4")], ["uses": .string("./build"), "run": .string("make")]],
            "steps:\n  # check out\n  - uses: actions/checkout@v4  # pinned\n  - uses: ./build\n    run: make  # all\n"
        ),
        (
            "the first entry removed",
            [["uses": .string("actions/checkout@v4")], ["name": .string("Build"), "run": .string("make")]],
            "steps:\n  # check out\n  - uses: actions/checkout@v4  # pinned\n    # what it is called\n  - name: Build\n    run: make  # all\n"
        ),
        (
            "the first two entries removed",
            [["uses": .string("actions/checkout@v4")], ["run": .string("make")]],
            "steps:\n  # check out\n  - uses: actions/checkout@v4  # pinned\n  - run: make  # all\n"
        ),
        (
            "the first entry replaced by a new one",
            [
                ["name": .string("Checkout")],
                ["uses": .string("./build"), "name": .string("Build"), "run": .string("make")],
            ],
            "steps:\n  # check out\n  - name: Checkout\n  - uses: ./build\n    # what it is called\n    name: Build\n    run: make  # all\n"
        ),
        (
            "the first entry removed and the others changed",
            [["uses": .string("actions/checkout@v4")], ["name": .string("Test"), "run": .string("make test")]],
            "steps:\n  # check out\n  - uses: actions/checkout@v4  # pinned\n    # what it is called\n  - name: Test\n    run: make test  # all\n"
        ),
        (
            "an item's only entry replaced",
            [["run": .string("ls")], ["uses": .string("./build"), "name": .string("Build"), "run": .string("make")]],
            "steps:\n  # check out\n  - run: ls\n  - uses: ./build\n    # what it is called\n    name: Build\n    run: make  # all\n"
        ),
        (
            "an entry added before the first",
            [
                ["name": .string("Checkout"), "uses": .string("actions/checkout@v4")],
                ["uses": .string("./build"), "name": .string("Build"), "run": .string("make")],
            ],
            "steps:\n  # check out\n  - name: Checkout\n    uses: actions/checkout@v4  # pinned\n  - uses: ./build\n    # what it is called\n    name: Build\n    run: make  # all\n"
        ),
        (
            "two entries added before the first, one after",
            [
                ["name": .string("Checkout"), "run": .string("ls"), "uses": .string("actions/checkout@v4")],
                ["uses": .string("./build"), "name": .string("Build"), "run": .string("make")],
            ],
            "steps:\n  # check out\n  - name: Checkout\n    run: ls\n    uses: actions/checkout@v4  # pinned\n  - uses: ./build\n    # what it is called\n    name: Build\n    run: make  # all\n"
        ),
    ]

    @Test(arguments: cases.map(\.name))
    func anItemsMappingIsReshapedInPlace(_ name: String) throws {
        let edit = try #require(Self.cases.first { $0.name == name })
        let format = try Self.format()
        let original = Self.original
        let values = FormValue.record(["steps": .list(edit.steps.map(FormValue.record))])
        let text = try format.text(values, syntax: .yaml, editing: original)
        let whole = try format.text(values, syntax: .yaml)
        #expect(text == (edit.expected ?? whole))
        #expect(try format.read(text: text, file: "w.yaml") == format.read(text: whole, file: "w.yaml"))
    }

    /// Random lists of item mappings (`- a: ...` then the item's other keys; comments above
    /// the dash and on the lines) given random keys kept, removed and added, the first ones
    /// included: each reads back as the whole file would, and every one is edited in place
    /// (120 of 300 before the dash moved, 290 before a file without a last line break was
    /// edited with one).
    @Test func randomItemMappingsReadBack() throws {
        let types = "types:\n  W: {steps: '[S]?'}\n  S: {a: String?, b: String?, c: String?, d: String?}\n"
        let format = try ValuesFileFormat.omittingAbsent(types, typeName: "W")
        var dice = BlockEntriesTests.Dice(state: 1843)
        var inPlace = 0
        let keys = ["a", "b", "c", "d"]
        for round in 0..<300 {
            let indent = dice.roll(2) == 0 ? "" : "  "
            var lines = ["steps:"]
            var items: [FormRecord] = []
            for index in 0..<(1 + dice.roll(3)) {
                if dice.roll(3) == 0 { lines.append(indent + "# step \(index)") }
                var item = FormRecord()
                for key in keys where dice.roll(2) == 0 || key == "d" && item.keys.isEmpty {
                    let prefix = item.keys.isEmpty ? indent + "- " : indent + "  "
                    if !item.keys.isEmpty, dice.roll(4) == 0 { lines.append(indent + "  # about \(key)") }
                    lines.append(prefix + "\(key): \(key)\(index)" + (dice.roll(3) == 0 ? "  # on \(key)" : ""))
                    item[key] = .string("\(key)\(index)")
                }
                items.append(item)
            }
            let original = lines.joined(separator: "\n") + (dice.roll(5) == 0 ? "" : "\n")
            let new = items.map { item in
                var record = FormRecord()
                for key in keys {
                    switch dice.roll(4) {
                    case 0: record[key] = .string("new \(key)")
                    case 1: break
                    default: if let kept = item[key] { record[key] = kept }
                    }
                }
                if record.keys.isEmpty { record["b"] = .string("only") }
                return FormValue.record(record)
            }
            let values = FormValue.record(["steps": .list(new)])
            let (text, edited) = try format.edited(values, syntax: .yaml, editing: original)
            let whole = try format.text(values, syntax: .yaml)
            #expect(
                try format.read(text: text, file: "w.yaml") == format.read(text: whole, file: "w.yaml"),
                "round \(round):\n\(original)\n→\n\(text)")
            if edited { inPlace += 1 }
        }
        #expect(inPlace == 300, "every round edits the file in place: \(inPlace) of 300")
    }
}
