import Foundation
import ModelForm
import ModelFormHTML
import Testing

struct BoundModel: Codable, Equatable {
    enum Size: String, Codable, CaseIterable { case small, large }
    var email = "ada@example.com"
    var age = 36
    var born = Date(timeIntervalSince1970: 0)
    var size = Size.small
}

/// A refused submission behaves like Django's bound form: values unchanged, raw input and
/// every error kept for drawing again.
@Suite struct BoundFormTests {
    static func form() throws -> Form<BoundModel> {
        var form = try Form(editing: BoundModel())
        try form.configs[BoundModel.self]?.update("email") { $0.rules = [.init(.email)] }
        try form.configs[BoundModel.self]?.update("born") { $0.type = .date }
        return form
    }

    @Test(arguments: [
        ("email=nope&age=36&born=1970-01-01&size=small", "email", #"value="nope""#),
        (
            "email=a%40b.c&age=&born=1970-01-01&size=small", "age",
            #"<input type="number" id="f-age" name="age" aria-describedby="f-age-error" aria-invalid="true" value="""#
        ),
        (
            "email=a%40b.c&age=36&born=&size=small", "born",
            #"<input type="date" id="f-born" name="born" aria-describedby="f-born-error" aria-invalid="true" value="""#
        ),
        ("email=a%40b.c&age=36&born=1970-01-01&size=", "size", #"<select id="f-size" name="size""#),
        (
            "email=a%40b.c&age=abc&born=1970-01-01&size=small", "age",
            #"<input type="text" id="f-age" name="age" aria-describedby="f-age-error" aria-invalid="true" value="abc""#
        ),
    ])
    func aRefusedSubmissionKeepsTheRawInput(body: String, path: String, html: String) throws {
        var form = try Self.form()
        let before = form.values
        #expect(throws: FormError.self) { try form.apply(submission: body) }
        #expect(form.values == before, "the model values stay as they were")
        #expect(form.errors.contains { $0.path == FormPath(stringLiteral: path) })
        let page = HTMLRenderer().render(form)
        #expect(page.contains(html))
        #expect(page.contains("mf-error-summary"))
    }

    @Test func theNextGoodSubmissionClearsTheRawInput() throws {
        var form = try Self.form()
        _ = try? form.apply(submission: "email=nope&age=36&born=1970-01-01&size=small")
        #expect(form.hasPendingSubmission)
        try form.apply(submission: "email=a%40b.c&age=37&born=1970-01-01&size=large")
        #expect(!form.hasPendingSubmission)
        #expect(form.value(at: "age") == .int(37))
        #expect(form.errors.isEmpty)
    }

    @Test func applyPerformsCollectionButtonsItself() throws {
        var form = try Form(editing: ContractEmployee())
        let action = try form.apply(submission: "name=Ada&salary=1&role=user&_action=add%3Aprojects")
        #expect(action == .add("projects"))
        #expect(form.value(at: "projects")?.listCount == 1)
    }
}

extension FormValue {
    var listCount: Int? { if case .list(let items) = self { items.count } else { nil } }
}
