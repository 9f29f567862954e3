import Foundation
import ModelForm
import Synchronization
import Testing

/// A backtracking pattern against a hostile value ends in bounded work with a clear answer,
/// in the form rule, the JSON Schema validator and the server (timings are in the closing
/// note, never asserted).
@Suite(.timeLimit(.minutes(10))) struct ReDoSTests {
    static let evil = "^(a+)+$"
    static let value = String(repeating: "a", count: 30) + "!"

    @Test func theMatchStopsAndSaysSo() throws {
        let regex = try BoundedRegex(Self.evil)
        #expect(regex.matches(Self.value, whole: true) == .tooCostly)
        #expect(regex.matches(Self.value, whole: false) == .tooCostly)
        #expect(regex.matches("aaaa", whole: true) == .match)
        // Ordinary patterns over large texts stay within the budget; a search whose every
        // start scans the rest of 200 KB (10^10 steps) does not. (A megabyte here took more
        // than the 250 ms a match may take in a debug build on a slow day: a search reports
        // each of its starts to the callback that reads the clock.)
        let large = String(repeating: "ab", count: 100_000)
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
        #expect(errors.map(\.message) == ["is too costly to check against this field's pattern; shorten it"])
    }

    /// The matches of one validation share one budget: 400 costly items cost about what 4
    /// do (each alone may take 250 ms: 100 s in all before the shared budget, past the
    /// suite's time limit), and every one is refused.
    @Test func aListOfCostlyItemsSharesOneBudget() throws {
        let configs = ConfigDictionary(
            ModelDescription(
                root: "Team",
                entities: [
                    EntityDescription(
                        name: "Team",
                        properties: [PropertyDescription(key: "members", valueType: .array(.model("Person")))]),
                    EntityDescription(
                        name: "Person", properties: [PropertyDescription(key: "name", valueType: .string)]),
                ]))
        let members = FormValue.list(Array(repeating: .record(["name": .string(Self.value)]), count: 400))
        var form = Form(values: .record(["members": members]), configs: configs)
        try form.configs["Person"]?.update("name") { $0.rules = [ValidationRule(.pattern(Self.evil))] }
        let errors = form.validate()
        #expect(errors.count == 400)
        #expect(errors.allSatisfy { $0.message.hasPrefix("is too costly to check against this field's pattern") })
    }

    @Test func aSpentBudgetRefusesEveryFurtherMatchAtOnce() throws {
        let budget = BoundedRegex.Budget(.milliseconds(50))
        let regex = try BoundedRegex(Self.evil)
        #expect(regex.matches(Self.value, whole: true, budget: budget) == .tooCostly)
        #expect(budget.left <= .zero)
        #expect(regex.matches("aaaa", whole: true, budget: budget) == .tooCostly, "even a cheap match, once spent")
        #expect(regex.matches("aaaa", whole: true) == .match, "a match without the budget is its own")
    }

    /// A backreference compares whole substrings in one engine step: the clock is read at
    /// every report, and the text may be no longer than the documented limit.
    @Test func aBackreferenceIsBounded() throws {
        let regex = try BoundedRegex(#"^(.+)\1+$"#)
        #expect(regex.matches("abcabcabc", whole: true) == .match)
        #expect(regex.matches("abcabcab", whole: true) == .noMatch)
        let long = String(repeating: "a", count: 400_000) + "!"
        #expect(regex.matches(long, whole: true) == .tooCostly)
        #expect(regex.matches(long, whole: false) == .tooCostly)
        let limit = String(repeating: "a", count: BoundedRegex.backreferenceTextLimit - 1) + "!"
        #expect(regex.matches(limit, whole: true) != .match)
    }

    @Test(arguments: [
        (#"^(.+)\1$"#, true), (#"(?<w>a)\k<w>"#, true), (#"a\\1"#, false), (#"[0-9]+\.[1-9]"#, false),
        (#"\d{1,9}"#, false), (#"(a)(b)\2"#, true),
    ])
    func backreferencesAreFound(pattern: String, has: Bool) throws {
        #expect(try BoundedRegex(pattern).hasBackreference == has, "\(pattern)")
    }

    /// However many costly matches run at once, no more than the gate's width hold a place
    /// (use a core); the others wait briefly and are refused. Ordinary matches never ask.
    @Test func aGateLetsFewCostlyMatchesRunAtOnce() throws {
        let gate = BoundedRegex.Gate(width: 1, wait: .milliseconds(20))
        let regex = try BoundedRegex(Self.evil)
        // Eight threads of their own, so that the matches really run at once (tasks would
        // take turns on the few threads of the cooperative pool).
        let results = Mutex<[BoundedRegex.Outcome]>([])
        let finished = DispatchGroup()
        for _ in 0..<8 {
            finished.enter()
            Thread {
                let outcome = regex.matches(Self.value, whole: true, budget: BoundedRegex.Budget(gate: gate))
                results.withLock { $0.append(outcome) }
                finished.leave()
            }.start()
        }
        finished.wait()
        let outcomes = results.withLock { $0 }
        #expect(outcomes.count == 8 && outcomes.allSatisfy { $0 == .tooCostly || $0 == .busy })
        #expect(outcomes.contains(.busy), "a costly match finds the one place taken: \(outcomes)")
        #expect(gate.peak == 1, "one costly match at a time")
        let ordinary = BoundedRegex.Gate(width: 1)
        #expect(
            try BoundedRegex("[a-z]+").matches("abc", whole: true, budget: BoundedRegex.Budget(gate: ordinary))
                == .match)
        #expect(ordinary.peak == 0, "an ordinary match takes no place")
    }

    /// ICU's own limit (its backtracking stack) is a value too costly, never "no match".
    @Test func icusStackOverflowIsTooCostlyNotNoMatch() throws {
        let text = String(repeating: "ab", count: 2_000_000)
        #expect(try BoundedRegex("(?:a|b)*").matches(text, whole: true) == .tooCostly)
        #expect(try BoundedRegex("(?:a|b)*").matches("abab", whole: true) == .match)
    }
}
