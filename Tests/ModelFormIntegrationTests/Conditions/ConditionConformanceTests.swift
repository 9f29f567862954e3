import Foundation
import ModelFormHTML
import ModelFormMarkdown
import ModelFormText
import ModelFormYAML
import Testing

@testable import ModelForm

/// One rule engine for every output: each case puts a rule on `notes` as `visibleIf`,
/// `enabledIf` and `requiredIf`, and checks the form's state, the text, Markdown and HTML
/// renderings, validation and the HTML control's `readonly`, which must all agree.
@Suite struct ConditionConformanceTests {
    static let types = """
        root: Trip
        enums:
          Repeat: [never, daily, weekly, monthly]
        types:
          Trip:
            needsVisa: Bool
            destination: String?
            travellers: Int?
            budget: Double?
            repeat: Repeat?
            endRepeat: Date?
            tags: "[String]"
            address: Address?
            notes: String
          Address:
            country: String?
        """

    struct Case: CustomTestStringConvertible, Sendable {
        var rule: String
        var values: [String: FormValue]
        var holds: Bool
        var testDescription: String {
            "\(rule) with \(values.map { "\($0.key)=\($0.value.plainText)" }.sorted().joined(separator: ", ")) → \(holds)"
        }
    }

    static func date(_ text: String) -> FormValue { ISODate.parseDate(text).map(FormValue.date) ?? .null }

    static let cases: [Case] = [
        Case(rule: "needsVisa", values: ["needsVisa": .bool(true)], holds: true),
        Case(rule: "needsVisa", values: ["needsVisa": .bool(false)], holds: false),
        Case(rule: "needsVisa", values: ["needsVisa": .null], holds: false),
        Case(rule: "not needsVisa", values: ["needsVisa": .bool(true)], holds: false),
        Case(rule: "not needsVisa", values: ["needsVisa": .bool(false)], holds: true),
        Case(rule: "not not needsVisa", values: ["needsVisa": .bool(true)], holds: true),
        Case(rule: "needsVisa == true", values: ["needsVisa": .bool(true)], holds: true),
        Case(rule: "needsVisa == false", values: ["needsVisa": .null], holds: false),
        Case(rule: "needsVisa != true", values: ["needsVisa": .null], holds: false),
        Case(rule: "needsVisa != true", values: ["needsVisa": .bool(false)], holds: true),
        Case(rule: #"destination == "home""#, values: ["destination": .string("home")], holds: true),
        Case(rule: #"destination == "home""#, values: ["destination": .string("abroad")], holds: false),
        Case(rule: #"destination == "home""#, values: ["destination": .null], holds: false),
        Case(rule: #"destination != "home""#, values: ["destination": .string("abroad")], holds: true),
        Case(rule: #"destination != "home""#, values: ["destination": .null], holds: false),
        Case(rule: #"destination != "home""#, values: ["destination": .string("home")], holds: false),
        Case(rule: "destination != 'home'", values: ["destination": .string("abroad")], holds: true),
        Case(rule: #"destination < "m""#, values: ["destination": .string("home")], holds: true),
        Case(rule: #"destination >= "m""#, values: ["destination": .string("home")], holds: false),
        Case(rule: "travellers > 2", values: ["travellers": .int(3)], holds: true),
        Case(rule: "travellers > 2", values: ["travellers": .int(2)], holds: false),
        Case(rule: "travellers > 2", values: ["travellers": .null], holds: false),
        Case(rule: "travellers >= 2", values: ["travellers": .int(2)], holds: true),
        Case(rule: "travellers < 2", values: ["travellers": .int(1)], holds: true),
        Case(rule: "travellers <= 2", values: ["travellers": .int(3)], holds: false),
        Case(rule: "travellers == 2", values: ["travellers": .int(2)], holds: true),
        Case(rule: "travellers != 2", values: ["travellers": .null], holds: false),
        Case(rule: "travellers > -1", values: ["travellers": .int(0)], holds: true),
        Case(rule: "travellers > 2 and travellers < 5", values: ["travellers": .int(4)], holds: true),
        Case(rule: "travellers > 2 and travellers < 5", values: ["travellers": .int(5)], holds: false),
        Case(rule: "budget > 10.5", values: ["budget": .double(11)], holds: true),
        Case(rule: "budget > 10.5", values: ["budget": .double(10.5)], holds: false),
        Case(rule: "budget >= 10.5", values: ["budget": .double(10.5)], holds: true),
        Case(rule: "budget == 3", values: ["budget": .double(3)], holds: true),
        Case(rule: #"repeat in ["weekly", "monthly"]"#, values: ["repeat": .string("weekly")], holds: true),
        Case(rule: #"repeat in ["weekly", "monthly"]"#, values: ["repeat": .string("daily")], holds: false),
        Case(rule: #"repeat in ["weekly", "monthly"]"#, values: ["repeat": .null], holds: false),
        Case(rule: #"repeat not in ["never"]"#, values: ["repeat": .string("daily")], holds: true),
        Case(rule: #"repeat not in ["never"]"#, values: ["repeat": .string("never")], holds: false),
        Case(rule: #"repeat not in ["never"]"#, values: ["repeat": .null], holds: false),
        Case(rule: #"repeat == "monthly""#, values: ["repeat": .string("monthly")], holds: true),
        Case(rule: "empty(destination)", values: ["destination": .string("")], holds: true),
        Case(rule: "empty(destination)", values: ["destination": .null], holds: true),
        Case(rule: "empty(destination)", values: ["destination": .string("x")], holds: false),
        Case(rule: "destination is empty", values: ["destination": .string("")], holds: true),
        Case(rule: "destination is not empty", values: ["destination": .string("x")], holds: true),
        Case(rule: "destination is not empty", values: ["destination": .string("")], holds: false),
        Case(rule: "empty(tags)", values: ["tags": .list([])], holds: true),
        Case(rule: "empty(tags)", values: ["tags": .list([.string("a")])], holds: false),
        Case(rule: #"tags == ["a"]"#, values: ["tags": .list([.string("a")])], holds: true),
        Case(rule: "destination == null", values: ["destination": .null], holds: true),
        Case(rule: "destination == null", values: ["destination": .string("x")], holds: false),
        Case(rule: "destination != null", values: ["destination": .string("x")], holds: true),
        Case(
            rule: #"needsVisa and destination != "home""#,
            values: ["needsVisa": .bool(true), "destination": .string("abroad")], holds: true),
        Case(
            rule: #"needsVisa and destination != "home""#,
            values: ["needsVisa": .bool(true), "destination": .string("home")], holds: false),
        Case(
            rule: #"needsVisa and destination != "home""#,
            values: ["needsVisa": .bool(false), "destination": .string("abroad")], holds: false),
        Case(
            rule: "needsVisa or travellers > 2", values: ["needsVisa": .bool(false), "travellers": .int(3)], holds: true
        ),
        Case(
            rule: "needsVisa or travellers > 2", values: ["needsVisa": .bool(false), "travellers": .int(1)],
            holds: false),
        Case(
            rule: "needsVisa or travellers > 2", values: ["needsVisa": .bool(true), "travellers": .null], holds: true),
        Case(
            rule: "not (needsVisa or travellers > 2)", values: ["needsVisa": .bool(false), "travellers": .int(1)],
            holds: true),
        Case(
            rule: #"needsVisa and (travellers > 2 or destination == "home")"#,
            values: ["needsVisa": .bool(true), "travellers": .int(1), "destination": .string("home")], holds: true),
        Case(
            rule: #"needsVisa and (travellers > 2 or destination == "home")"#,
            values: ["needsVisa": .bool(true), "travellers": .int(1), "destination": .string("abroad")], holds: false),
        Case(rule: #"address.country == "FR""#, values: ["address": .record(["country": .string("FR")])], holds: true),
        Case(rule: #"address.country == "FR""#, values: ["address": .null], holds: false),
        Case(rule: #"address.country != "FR""#, values: ["address": .null], holds: false),
        Case(rule: "empty(address.country)", values: ["address": .null], holds: true),
        Case(rule: #"endRepeat > "2024-01-01""#, values: ["endRepeat": date("2024-05-01")], holds: true),
        Case(rule: #"endRepeat > "2024-01-01""#, values: ["endRepeat": date("2023-05-01")], holds: false),
        Case(rule: #"endRepeat > "2024-01-01""#, values: ["endRepeat": .null], holds: false),
        Case(rule: "travellers == budget", values: ["travellers": .int(3), "budget": .double(3)], holds: true),
        Case(rule: "travellers != budget", values: ["travellers": .int(3), "budget": .null], holds: false),
    ]

    static func configs(_ rule: String, as setting: WritableKeyPath<FieldConditions, Condition?>) throws
        -> ConfigDictionary
    {
        var configs = ConfigDictionary(try TypeDefinitionLoader.load(text: types, file: "trip.types.yaml"))
        let condition = try Condition(parsing: rule)
        try configs["Trip"]?.update("notes") { $0.conditions[keyPath: setting] = condition }
        return configs
    }

    static func values(_ overrides: [String: FormValue], configs: ConfigDictionary) throws -> FormValue {
        var values = DefaultValues.record(for: "Trip", configs: configs)
        for (key, value) in overrides { try values.set(value, at: FormPath([.key(key)])) }
        return values
    }

    @Test(arguments: cases)
    func everyOutputAgrees(_ item: Case) throws {
        #expect(Self.cases.count >= 60)
        let visible = try Self.configs(item.rule, as: \.visibleIf)
        let values = try Self.values(item.values, configs: visible)
        let (_, places) = try Condition.parseWithPlaces(item.rule)
        #expect(
            ConditionChecker.issues(
                try Condition(parsing: item.rule), places: places, typeName: "Trip", configs: visible
            ).isEmpty)

        let form = Form(values: values, configs: visible, typeName: "Trip")
        #expect(form.fieldState(at: "notes").isVisible == item.holds, "Form")
        let tree = form.tree()
        #expect(TextRenderer(width: 100).render(tree).contains("\nNotes") == item.holds, "text")
        #expect(MarkdownRenderer().render(tree).contains("| Notes |") == item.holds, "Markdown")
        #expect(HTMLRenderer().render(tree).contains(#"name="notes""#) == item.holds, "HTML")

        let enabled = try Self.configs(item.rule, as: \.enabledIf)
        let page = HTMLRenderer().render(Form(values: values, configs: enabled, typeName: "Trip").tree())
        #expect(page.contains(#"name="notes" readonly"#) == !item.holds, "enabledIf")

        let required = try Self.configs(item.rule, as: \.requiredIf)
        let errors = Validator().validate(values, typeName: "Trip", configs: required)
        #expect(errors.contains { $0.path == "notes" && $0.rule == "required" } == item.holds, "requiredIf")
    }
}
