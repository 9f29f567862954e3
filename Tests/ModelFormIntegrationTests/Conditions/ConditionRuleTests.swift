import Foundation
import ModelFormHTML
import ModelFormYAML
import Testing

@testable import ModelForm

/// Bad rules in forms files, each with its exact message and place; rules in code; what
/// submissions and saving do with hidden fields.
@Suite struct ConditionRuleTests {
    static func load(_ forms: String) throws -> ConfigDictionary {
        var configs = ConfigDictionary(
            try TypeDefinitionLoader.load(text: ConditionConformanceTests.types, file: "trip.types.yaml"))
        try ConfigLoader().apply(text: forms, file: "trip.forms.yaml", to: &configs)
        return configs
    }

    @Test(arguments: [
        (
            "notes: {visibleIf: needVisa}",
            "trip.forms.yaml:3:24: error: visibleIf: unknown field 'needVisa' in 'Trip'; did you mean 'needsVisa'?"
        ),
        (
            "notes: {visibleIf: travellers > \"two\"}",
            "trip.forms.yaml:3:37: error: visibleIf: 'travellers' is a number field and \"two\" is not: they cannot be compared"
        ),
        (
            "notes: {visibleIf: 'repeat == \"yearly\"'}",
            "trip.forms.yaml:4:29: error: visibleIf: \"yearly\" is not an option of 'repeat' (its options: \"never\", \"daily\", \"weekly\", \"monthly\")"
        ),
        (
            "notes: {visibleIf: travellers = 2}",
            "trip.forms.yaml:3:35: error: visibleIf: '=' is not a comparison: write '=='"
        ),
        (
            "notes: {visibleIf: needsVisa and}",
            "trip.forms.yaml:3:37: error: visibleIf: expected a field, 'not', 'empty(...)' or '('"
        ),
        (
            "notes: {visibleIf: destination}",
            "trip.forms.yaml:3:24: error: visibleIf: 'destination' is a text field, not a yes/no one: compare it (destination == ...)"
        ),
        (
            "notes: {visibleIf: 'needsVisa > true'}",
            "trip.forms.yaml:3:25: error: visibleIf: 'needsVisa' is a yes/no field: it can be compared with == and != only"
        ),
        (
            "notes: {requiredIf: address.contry == \"FR\"}",
            "trip.forms.yaml:3:25: error: requiredIf: unknown field 'contry' in 'Address'; did you mean 'country'?"
        ),
        ("notes: {visibleIf: '(needsVisa'}", "trip.forms.yaml:3:35: error: visibleIf: expected ')'"),
        (
            "notes: {visibleIf: 'destination == \"home'}",
            "trip.forms.yaml:3:40: error: visibleIf: the text is not closed: add \""
        ),
        (
            "notes: {clearWhenHidden: sometimes}",
            "trip.forms.yaml:3:30: error: 'clearWhenHidden' is keep or clear, not 'sometimes'"
        ),
        (
            "destination: {visibleIf: not empty(notes)}\n    notes: {visibleIf: destination == \"x\"}",
            "trip.forms.yaml:3:30: error: visibleIf: 'destination' depends on itself through rules: destination → notes → destination"
        ),
    ])
    func aBadRuleIsReportedAtItsPlace(_ override: String, _ message: String) {
        var forms = "Trip:\n  overrides:\n    " + override + "\n"
        if override.contains("yearly") {
            forms = "Trip:\n  overrides:\n    notes:\n      visibleIf: 'repeat == \"yearly\"'\n"
        }
        do {
            _ = try Self.load(forms)
            Issue.record("expected an error")
        } catch {
            #expect((error as? DiagnosticList)?.diagnostics.map(\.description) == [message])
        }
    }

    @Test func rulesInCodeAreTheSameTree() throws {
        let written = try Condition(parsing: #"needsVisa and destination != "home" or travellers >= 3"#)
        let built: Condition =
            .field("needsVisa") == true && .field("destination") != "home" || .field("travellers") >= 3
        #expect(written.evaluate(in: .record(["needsVisa": .bool(true), "destination": .string("x")])))
        #expect(built.evaluate(in: .record(["needsVisa": .bool(true), "destination": .string("x")])))
        #expect(written.description == #"needsVisa and destination != "home" or travellers >= 3"#)
        #expect(built.description == #"needsVisa == true and destination != "home" or travellers >= 3"#)
        #expect(try Condition(parsing: written.description) == written)
        #expect((!(.field("a").isIn(["x", "y"]))).description == #"not a in ["x", "y"]"#)
    }

    @Test func aHiddenFieldIsNotTakenFromASubmission() throws {
        let configs = try Self.load("Trip:\n  overrides:\n    notes: {visibleIf: needsVisa, requiredIf: needsVisa}\n")
        var form = Form(values: DefaultValues.record(for: "Trip", configs: configs), configs: configs, typeName: "Trip")
        _ = try form.apply(submission: "needsVisa=false&notes=sneaked&tags[0]=a")
        #expect(form.values["notes"] == .string(""))
        #expect(throws: FormError.self) { try form.apply(submission: "needsVisa=true&notes=") }
        #expect(form.errors.map(\.description) == ["notes: is required"])
        _ = try form.apply(submission: "needsVisa=true&notes=visa%201")
        #expect(form.values["notes"] == .string("visa 1"))
    }

    @Test func hiddenValuesAreKeptOrClearedOnSave() throws {
        for (forms, expected) in [
            ("Trip:\n  overrides:\n    notes: {visibleIf: needsVisa}\n", FormValue.string("kept")),
            ("Trip:\n  clearWhenHidden: clear\n  overrides:\n    notes: {visibleIf: needsVisa}\n", .string("")),
            (
                "Trip:\n  clearWhenHidden: clear\n  overrides:\n    notes: {visibleIf: needsVisa, clearWhenHidden: keep}\n",
                .string("kept")
            ),
            ("Trip:\n  overrides:\n    notes: {visibleIf: needsVisa, clearWhenHidden: clear}\n", .string("")),
        ] {
            let configs = try Self.load(forms)
            var values = DefaultValues.record(for: "Trip", configs: configs)
            try values.set(.string("kept"), at: "notes")
            var form = Form(values: values, configs: configs, typeName: "Trip")
            let saved = try form.commit()
            #expect(saved["notes"] == expected, "\(forms)")
        }
    }

    @Test func aSectionRuleHidesItsFieldsAndTheSection() throws {
        let configs = try Self.load(
            """
            Trip:
              sections:
                - {header: Basics, fields: [needsVisa, destination, notes]}
                - {header: Repeat, visibleIf: travellers > 1, fields: [repeat, endRepeat]}
            """)
        let hidden = Form(
            values: DefaultValues.record(for: "Trip", configs: configs), configs: configs, typeName: "Trip"
        ).tree()
        #expect(hidden.sections.map(\.header) == ["Basics"])
        var values = DefaultValues.record(for: "Trip", configs: configs)
        try values.set(.int(2), at: "travellers")
        #expect(
            Form(values: values, configs: configs, typeName: "Trip").tree().sections.map(\.header) == [
                "Basics", "Repeat",
            ])
    }

    @Test func anEditReevaluatesOnlyTheRulesThatReadIt() throws {
        let configs = try Self.load(
            """
            Trip:
              overrides:
                notes: {visibleIf: needsVisa}
                endRepeat: {visibleIf: repeat != "never", requiredIf: travellers > 1}
            """)
        var form = Form(values: DefaultValues.record(for: "Trip", configs: configs), configs: configs, typeName: "Trip")
        try form.setText("true", at: "needsVisa")
        #expect(form.fieldStates(affectedBy: "needsVisa").map(\.path) == ["notes"])
        #expect(form.fieldStates(affectedBy: "needsVisa").first?.state.isVisible == true)
        #expect(form.fieldStates(affectedBy: "travellers").map(\.path) == ["endRepeat"])
        #expect(form.fieldStates(affectedBy: "destination").isEmpty)
        let page = HTMLRenderer().render(form.tree())
        #expect(page.contains(#"value="update" id="f-update" formnovalidate"#))
        let plain = Form(
            values: DefaultValues.record(for: "Trip", configs: try Self.load("Trip: {title: T}\n")),
            configs: try Self.load("Trip: {title: T}\n"), typeName: "Trip")
        #expect(!HTMLRenderer().render(plain.tree()).contains("f-update"))
    }

    @Test func hostileRulesEndInAnErrorNotACrash() {
        for text in [
            String(repeating: "(", count: 10_000) + "a", String(repeating: "not ", count: 10_000) + "a",
            "a in " + String(repeating: "[", count: 10_000),
        ] {
            #expect(throws: ConditionError.self) { try Condition(parsing: text) }
        }
    }
}
