import ModelForm
import Testing

@Suite struct SectionTests {
    private func field(_ key: String, header: String? = nil, footer: String? = nil) -> Field {
        Field(key: key, type: .text, header: header, footer: footer)
    }

    @Test func headersStartAndFootersEndSections() {
        let sections = SectionConfig.grouping([
            field("a", header: "One"), field("b"), field("c", header: "Two", footer: "End"), field("d"),
        ])
        #expect(sections.map(\.header) == ["One", "Two", nil])
        #expect(sections.map(\.footer) == [nil, "End", nil])
        #expect(sections.map { $0.fields.compactMap(\.key) } == [["a", "b"], ["c"], ["d"]])
    }

    @Test func anEmptyHeaderIsAnUntitledPartition() {
        let sections = SectionConfig.grouping([field("a"), field("b", header: "")])
        #expect(sections.count == 2)
        #expect(sections[1].header == nil)
    }

    @Test func hiddenFieldsAreNotInSections() {
        var hidden = field("b")
        hidden.hidden = true
        let config = FormConfig(typeName: "T", fields: [field("a"), hidden])
        #expect(config.sections.flatMap(\.fields).compactMap(\.key) == ["a"])
        #expect(config.fields.count == 2)
    }

    @Test func orderKeepsNamedKeysAndReportsUnknownOnes() {
        var config = FormConfig(typeName: "T", fields: [field("a"), field("b"), field("c")])
        let missing = config.order(["c", "a", "zz"])
        #expect(config.fields.compactMap(\.key) == ["c", "a"])
        #expect(missing == ["zz"])
    }
}
