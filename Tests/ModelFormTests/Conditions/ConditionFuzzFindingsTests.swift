import ModelForm
import Testing

/// Inputs the condition fuzzer found: each must parse, print, read back and print the same,
/// deciding the same, or be refused with a message.
@Suite struct ConditionFuzzFindingsTests {
    @Test(arguments: [
        "e90a>00000005033333333333333333333333333333333333333333333330400.0090",
        "a == 12345678901234567890123456789012345678.5",
        "a == 0.000000000000000000000000000000000000001",
        "not emptq>=81.0 and age >=emiiiiiii", "a == -0.0", "a in [1.50, 2]", "(di) or (((addity) or c) or c )",
        "C.\n\u{0612}tp",
        // A key the condition reads as one word (a letter and a combining mark) that a
        // path's text would quote: printed bare, not as `["..."]`, which no rule starts with.
        "aeg > 18 and coFR\u{059E} == \"F\"", "a.b\u{059E} == 1", #"m["build:prod"] == 1"#, #"m["a \"q\""][0].x"#,
        // A field whose name is no word, or is a keyword, is named in brackets first too.
        #"["Do you have any pets?"] == "Yes" and not ["and"]"#, #"["a b"].c in [1, 2]"#,
    ])
    func everyRuleReadsBackAsItself(_ text: String) {
        if text.hasPrefix("[") {
            // A quoted first key reads as a field, not as a list.
            #expect((try? Condition(parsing: text)).map { "\($0)".hasPrefix("[\"") } == true, "\(text)")
        }
        do {
            let condition = try Condition(parsing: text)
            let again = try Condition(parsing: condition.description)
            #expect(again.description == condition.description, "\(condition)")
            let record = FormValue.record(["a": .double(1.5), "age": .int(20), "emptq": .int(90)])
            #expect(again.evaluate(in: record) == condition.evaluate(in: record), "\(condition)")
        } catch {
            // Refused, with a message: a number past 38 digits, a name that starts with a mark.
            #expect(
                error.message.contains("more digits than a number keeps") || error.message.hasPrefix("unexpected"),
                "\(error)")
        }
    }
}
