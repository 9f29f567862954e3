import Foundation
import ModelForm
import ModelFormHTML
import ModelFormMarkdown
import ModelFormText
import Testing

/// A list of lists (`[[String]]`) shows its values and is edited item by item, in every
/// front end: each inner list a collection of its own.
@Suite struct NestedListTests {
    struct Plan: Codable, Equatable { var stages: [[String]] = [["mix", "knead"], ["bake"]] }

    @Test func theInnerValuesAreDrawn() throws {
        let form = try Form(editing: Plan())
        let text = TextRenderer().render(form)
        #expect(text.contains("  1. mix, knead\n     Stage 1\n       1. mix\n       2. knead"), "\(text)")
        #expect(MarkdownRenderer().render(form).contains("#### Stage 2\n\n1. bake"))
        let html = HTMLRenderer().render(form)
        #expect(html.contains(#"name="stages[0][1]" value="knead""#) && html.contains(#"value="add:stages[1]""#))
    }

    @Test func aSubmissionEditsAddsAndRemovesInnerItems() throws {
        var form = try Form(editing: Plan())
        try form.apply(submission: "stages[0][0]=mix&stages[0][1]=fold&stages[1][0]=bake&_action=add:stages[1]")
        #expect(form.values["stages[1]"] == .list([.string("bake"), .string("")]))
        try form.setText("cool", at: "stages[1][1]")
        try form.removeItem(at: "stages[0][0]")
        #expect(try form.commit() == Plan(stages: [["fold"], ["bake", "cool"]]))
    }
}
