import Foundation
import ModelForm
import ModelFormHTML
import ModelFormMarkdown
import ModelFormText
import Testing

/// The issue's contract, spelled exactly as outside code writes it.
struct ContractAddress: Codable, Equatable {
    var street = "1 Main St"
    var city = "Zürich"
}
struct ContractProject: Codable, Equatable {
    var name = ""
    var budget = 0
    var code = "P-0"
}
struct ContractMentor: Codable, Equatable {
    var name = ""
    var email = ""
}
enum ContractRole: String, Codable, CaseIterable { case admin, user, guest }
enum ContractSkill: String, Codable, CaseIterable, Hashable { case swift, rust, go }
struct ContractEmployee: Codable, Equatable {
    var name = "Ada"
    var salary = 100
    var role = ContractRole.user
    var skills: Set<ContractSkill> = [.swift, .go, .rust]
    var address = ContractAddress()
    var mentor: ContractMentor?
    var projects: [ContractProject] = []
}

@Suite struct FormContractTests {
    @Test func theContractCompilesAndBehaves() throws {
        let employee = ContractEmployee()
        var form = try Form(editing: employee)
        try form.configs[ContractAddress.self]?.exclude(["street"])
        try form.configs[ContractEmployee.self]?.update("salary") { $0.title = "Pay" }
        try form.setText("Paris", at: "address.city")
        try form.setText("Grace", at: "mentor.name")
        try form.configs[ContractProject.self]?.exclude(["code"])
        let path = try form.addItem(to: "projects")
        #expect(path == "projects[0]")
        #expect(form.options(for: "role").map(\.title) == ["Admin", "User", "Guest"])
        try form.selectOption(at: 2, for: "role")
        #expect(form.changedFields == ["role", "address.city", "mentor", "projects"])
        #expect(form.errors.isEmpty)
        let saved: ContractEmployee = try form.commit()
        #expect(saved.address == ContractAddress(street: "1 Main St", city: "Paris"))
        #expect(saved.mentor == ContractMentor(name: "Grace", email: ""))
        #expect(
            saved.projects == [ContractProject(name: "", budget: 0, code: "")],
            "the type's defaults, the excluded code too")
        #expect(saved.role == .guest)
        #expect(form.config.field("salary")?.title == "Pay")
        try form.setText("Bob", at: "name")
        form.cancel()
        #expect(form.value(at: "name") == .string("Ada"))
        #expect(form.changedFields.isEmpty && !form.isDirty)
        #expect(HTMLRenderer().render(form).contains("Pay"))
        #expect(TextRenderer(width: 80).render(form).contains("Pay"))
        #expect(MarkdownRenderer().render(form).contains("Pay"))
    }

    @Test func typosInCodeOverridesThrowWithASuggestion() throws {
        var form = try Form(editing: ContractEmployee())
        #expect(throws: ConfigError.unknownField(key: "emial", typeName: "ContractEmployee", suggestion: nil)) {
            try form.configs[ContractEmployee.self]?.update("emial") { $0.title = "x" }
        }
        do {
            try form.configs[ContractEmployee.self]?.update("salery") { $0.title = "x" }
            Issue.record("an unknown key must throw")
        } catch {
            #expect("\(error)" == "unknown field 'salery' in 'ContractEmployee'; did you mean 'salary'?")
        }
        #expect(throws: ConfigError.self) { try form.configs[ContractAddress.self]?.exclude(["street", "x"]) }
        #expect(form.configs[ContractAddress.self]?.field("street") != nil, "a failed exclude removes nothing")
    }

    @Test func exportWritesLinkedDocumentsFromCode() throws {
        var employee = ContractEmployee()
        employee.projects = [ContractProject(name: "Engine")]
        let form = try Form(editing: employee)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("mf-export-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let html = try HTMLRenderer().export(form, to: folder)
        #expect(
            html == [
                "ContractEmployee.html", "ContractAddress-address.html", "ContractProject-projects-0.html",
                "index.html",
            ])
        let markdown = try MarkdownRenderer().export(form, to: folder)
        #expect(markdown.last == "index.md")
        let page = try String(contentsOf: folder.appendingPathComponent("ContractEmployee.html"), encoding: .utf8)
        #expect(page.contains("href=\"ContractProject-projects-0.html\""))
    }

    @Test func theEnvironmentIsInstalledOnce() throws {
        var plugin = FormPlugin(name: "shout")
        plugin.transformers = [ValueTransformer(name: "upper") { $0.plainText.uppercased() }]
        plugin.addCells(for: PlainTextFormat.self) { $0.register(Cell(name: "shout") { _ in "SHOUT" }) }
        var environment = FormEnvironment()
        environment.install(plugin)
        var form = try Form(editing: ContractEmployee(), environment: environment)
        try form.configs[ContractEmployee.self]?.update("name") { $0.valueTransformer = "upper" }
        try form.configs[ContractEmployee.self]?.update("salary") { $0.cell = "shout" }
        let text = TextRenderer(width: 80).render(form)
        #expect(text.contains("ADA"))
        #expect(text.contains("SHOUT"))
    }
}
