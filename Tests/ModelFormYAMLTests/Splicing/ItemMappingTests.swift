import Foundation
import ModelForm
import Testing

@testable import ModelFormYAML

/// A list item's mapping (`- uses: ...` then its other keys under it, as a workflow's
/// steps are written) gains and loses entries in place, but for its first entry, on the
/// dash's line, which must stay first: removing it, or adding one before it, writes the
/// file whole.
@Suite struct ItemMappingTests {
    static func format() throws -> ValuesFileFormat {
        let types = "types:\n  W: {steps: '[S]?'}\n  S: {uses: String?, name: String?, run: String?}\n"
        var format = ValuesFileFormat(
            typeName: "W", configs: ConfigDictionary(try TypeDefinitionLoader.load(text: types, file: "w.types.yaml")))
        format.omitsAbsentValues = true
        return format
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
            nil
        ),
        (
            "an entry added before the first",
            [
                ["name": .string("Checkout"), "uses": .string("actions/checkout@v4")],
                ["uses": .string("./build"), "name": .string("Build"), "run": .string("make")],
            ], nil
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
}
