import Foundation
import ModelForm
import ModelFormHTML
import ModelFormMarkdown
import ModelFormText
import Testing

/// The defects found trying ModelForm as a new user would, one test each.
@Suite struct DefectRegressionTests {
    @Test func aSetComparesAsASetAfterAnUnchangedRoundTrip() throws {
        var form = try Form(editing: ContractEmployee())
        let page = HTMLRenderer().render(form)
        // Submit exactly what the page shows, in option order.
        let checked = ["swift", "rust", "go"].filter { page.contains("name=\"skills\" value=\"\($0)\" checked") }
        #expect(checked.count == 3)
        let body = "name=Ada&salary=100&role=user&" + checked.map { "skills=\($0)" }.joined(separator: "&")
        try form.apply(submission: body)
        #expect(form.changedFields == [])
        #expect(!form.isDirty)
    }

    @Test func anEditIntoANilRelationshipMakesAWholeRecord() throws {
        var form = try Form(editing: ContractEmployee())
        try form.setText("grace@example.com", at: "mentor.email")
        let saved: ContractEmployee = try form.commit()
        #expect(saved.mentor == ContractMentor(name: "", email: "grace@example.com"))
        var submitted = try Form(editing: ContractEmployee())
        try submitted.apply(submission: "name=Ada&salary=1&role=user&mentor[name]=Grace", inlineSubforms: true)
        let again: ContractEmployee = try submitted.commit()
        #expect(again.mentor?.name == "Grace")
    }

    @Test func newItemsAndRecordsStayCommittableWithExcludedFields() throws {
        var form = try Form(editing: ContractEmployee())
        try form.configs[ContractProject.self]?.exclude(["code", "budget"])
        try form.configs[ContractMentor.self]?.exclude(["email"])
        try form.addItem(to: "projects")
        try form.setText("Grace", at: "mentor.name")
        let saved: ContractEmployee = try form.commit()
        #expect(saved.projects.count == 1)
        #expect(saved.mentor?.email == "")
    }

    @Test func aUserValueTypeCellBeatsBuiltInFieldTypeCells() throws {
        struct Priced: Codable { var price: Decimal = 9.5 }
        var cells = HTMLCells.standard
        cells.register(Cell<HTMLFormat>(name: "money") { c in "€" + c.display }, forValueType: Decimal.self)
        let form = try Form(editing: Priced())
        let resolution = cells.resolve(try form.field(at: "price"))
        #expect(resolution.explanation == "value type 'Decimal' (registered by code)")
        #expect(HTMLRenderer(cells: cells).render(form).contains("€9.5"))
        // A user's field-type cell still beats a user's value-type cell.
        cells.register(Cell<HTMLFormat>(name: "num") { _ in "N" }, for: .number)
        #expect(cells.resolve(try form.field(at: "price")).cell.name == "num")
    }

    @Test func aSelectOffersExactlyTheOptionsPlusAPlaceholder() throws {
        var form = try Form(editing: ContractEmployee())
        #expect(
            HTMLRenderer().render(form).contains(
                #"<select id="f-role" name="role"><option value="admin">Admin</option>"#))
        try form.configs[ContractEmployee.self]?.update("role") { $0.placeholder = "Pick one" }
        #expect(
            HTMLRenderer().render(form).contains(
                #"<select id="f-role" name="role"><option value="">Pick one</option><option value="admin">"#))
        #expect(form.options(for: "role").map(\.title) == ["Pick one", "Admin", "User", "Guest"])
        #expect(form.options(for: "role").first?.isPlaceholder == true)
    }

    @Test func aDefaultStandsInForANilValue() throws {
        struct Counter: Codable { var count: Int? }
        var configs = ConfigDictionary(try ModelDescription(type: Counter.self))
        try configs[Counter.self]?.update("count") { $0.defaultValue = .int(1) }
        let form = try Form(editing: Counter(), configs: configs)
        #expect(form.value(at: "count") == .int(1))
        #expect(!form.isDirty)
    }

    @Test func enterSubmitsThePrimaryActionNotRemove() throws {
        var employee = ContractEmployee()
        employee.projects = [ContractProject(name: "Engine")]
        let page = HTMLRenderer().render(try Form(editing: employee))
        let firstSubmit = try #require(page.range(of: #"<button type="submit""#))
        let tag = page[firstSubmit.lowerBound...].prefix { $0 != ">" }
        #expect(tag.contains(#"value="save""#))
        #expect(page.range(of: "remove:projects[0]")!.lowerBound > firstSubmit.lowerBound)
    }

    @Test func markdownRowsAfterASubformAreNotUnderItsHeading() throws {
        var form = try Form(editing: ContractEmployee())
        try form.configs[ContractEmployee.self]?.update("address") { $0.inline = true }
        let markdown = MarkdownRenderer().render(form)
        let address = try #require(markdown.range(of: "## Address"))
        #expect(markdown.range(of: "| Projects |")!.lowerBound < address.lowerBound)
        #expect(!markdown[address.lowerBound...].contains("| Mentor |"))
    }

    @Test func textNeverColoursALineForContainingAnExclamationMark() throws {
        struct Note: Codable { var text = "Hello! world" }
        var form = try Form(editing: Note())
        try form.configs[Note.self]?.update("text") { $0.rules = [.init(.length(min: 50, max: nil))] }
        form.validate()
        let coloured = TextRenderer(color: true).render(form)
        #expect(coloured.contains("Hello! world\n") || coloured.contains("Hello! world\u{1B}") == false)
        #expect(!coloured.contains("\u{1B}[31mText"))
    }
}
