import ModelForm
import Testing

/// A field's settings: the ones most fields leave unset live in a second box, which must not
/// change what a field is, reads or equals.
@Suite struct FieldSettingsTests {
    /// Each rarely set setting, set and read back, and what equality says before and after.
    @Test func rareSettingsReadBackAndCompareByValue() {
        let plain = Field(key: "bio", type: .longText)
        var field = plain
        field.placeholder = "A few lines"
        field.help = "Shown on your profile"
        field.header = "About"
        field.footer = ""
        field.cell = "textView"
        field.action = "save"
        field.valueTransformer = "count"
        field.defaultValue = .string("Hello")
        field.suggestions = ["a"]
        field.lookup = "Person"
        field.onDelete = .clear
        field.cellProperties = ["textView.rows": "6"]
        field.keyRules = [.init(.required)]
        field.conditions = FieldConditions(visibleIf: .field("age") == 18)
        #expect(field.placeholder == "A few lines" && field.help == "Shown on your profile")
        #expect(field.header == "About" && field.footer == "" && field.cell == "textView")
        #expect(field.action == "save" && field.valueTransformer == "count" && field.defaultValue == .string("Hello"))
        #expect(field.suggestions == ["a"] && field.lookup == "Person" && field.onDelete == .clear)
        #expect(field.cellProperties == ["textView.rows": "6"] && field.keyRules == [.init(.required)])
        #expect(field.conditions.visibleIf == (.field("age") == 18))
        #expect(field != plain)
        #expect(plain.placeholder == nil && plain.help == nil, "the copy it was made from keeps its settings")
        #expect(plain.conditions == FieldConditions() && plain.onDelete == .refuse)

        // Each unset again: the field equals one that never had them.
        field.placeholder = nil
        field.help = nil
        field.header = nil
        field.footer = nil
        field.cell = nil
        field.action = nil
        field.valueTransformer = nil
        field.defaultValue = nil
        field.suggestions = []
        field.lookup = nil
        field.onDelete = .refuse
        field.cellProperties = [:]
        field.keyRules = []
        #expect(field != plain, "the conditions are still set")
        field.conditions = FieldConditions()
        #expect(field == plain)
    }

    /// Two fields made apart with the same rare settings are equal.
    @Test func equalSettingsMadeApartAreEqual() {
        let one = Field(key: "email", type: .email, placeholder: "you@example.com", help: "We never share it")
        var other = Field(key: "email", type: .email)
        other.help = "We never share it"
        other.placeholder = "you@example.com"
        #expect(one == other)
        other.help = "Other help"
        #expect(one != other)
    }
}
