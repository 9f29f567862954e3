import ModelForm
import Testing

/// A backtracking pattern against a hostile value ends in bounded work with a clear answer,
/// in the form rule, the JSON Schema validator and the server (timings are in the closing
/// note, never asserted).
@Suite struct ReDoSTests {
    static let evil = "^(a+)+$"
    static let value = String(repeating: "a", count: 30) + "!"

    @Test func theMatchStopsAndSaysSo() throws {
        let regex = try BoundedRegex(Self.evil)
        #expect(regex.matches(Self.value, whole: true) == .tooCostly)
        #expect(regex.matches(Self.value, whole: false) == .tooCostly)
        #expect(regex.matches("aaaa", whole: true) == .match)
        // Ordinary patterns over large texts stay within the budget; a search whose every
        // start scans the rest of a megabyte (10^12 steps) does not.
        let large = String(repeating: "ab", count: 500_000)
        #expect(try BoundedRegex("(?:ab)+").matches(large, whole: true) == .match)
        #expect(try BoundedRegex("b{2}").matches(large, whole: false) == .noMatch)
        #expect(try BoundedRegex("[a-b]+@").matches(large, whole: false) == .tooCostly)
        #expect(try BoundedRegex("[a-b]+@").matches(String(large.prefix(2_000)), whole: false) == .noMatch)
    }

    @Test func theFormRuleRefusesTheValue() throws {
        let configs = ConfigDictionary(
            ModelDescription(
                root: "Login",
                entities: [
                    EntityDescription(name: "Login", properties: [PropertyDescription(key: "name", valueType: .string)])
                ]))
        var form = Form(values: .record(["name": .string(Self.value)]), configs: configs)
        try form.configs["Login"]?.update("name") { $0.rules = [ValidationRule(.pattern(Self.evil))] }
        let errors = form.validate()
        #expect(errors.map(\.message) == ["is too costly to check against the pattern '^(a+)+$'; shorten it"])
    }
}
