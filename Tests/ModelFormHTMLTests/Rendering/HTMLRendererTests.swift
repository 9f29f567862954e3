import Foundation
import ModelForm
import ModelFormHTML
import ModelFormTesting
import Testing

private struct Team: Codable, Equatable {
    var name = ""
    var lead = Person()
    var members: [Person] = []
    var tags: [String] = []
}

@Suite struct HTMLRendererTests {
    static func html(_ configs: ConfigDictionary, _ values: FormValue, errors: [FieldError] = [], inline: Bool = true)
        -> String
    {
        let tree = FormTreeBuilder(configs: configs, inlineSubforms: inline).build(
            typeName: configs.model.root, values: values, errors: errors)
        return HTMLRenderer().render(tree)
    }

    @Test func aSubmittedFormDecodesStraightBackIntoTheModel() throws {
        var form = RegistrationForm.sample
        form.dateOfBirth = ISODate.parseDate("1815-12-10")
        form.notifications = [.sms]
        form.homepageURL = URL(string: "https://example.com/ada?x=<1>&y=2")
        form.about = "Line 1\nLine \"2\" & <3>"
        form.phoneNumber = "+44 20"
        form.rememberMe = false
        form.agreedToTerms = true
        let configs = ConfigDictionary(try ModelDescription(type: RegistrationForm.self))
        let values = try FormValueEncoder().encode(form)
        let page = Self.html(configs, values)
        let body = BrowserForm.body(
            page, typing: ["password": form.password, "repeatPassword": form.repeatPassword], clicking: "save")
        var session = Form(values: try FormValueEncoder().encode(RegistrationForm()), configs: configs)
        #expect(try session.apply(submission: body, inlineSubforms: true) == .save)
        #expect(try FormValueDecoder().decode(RegistrationForm.self, from: try session.commit()) == form)
    }

    /// The renderer's own characters past ASCII (an empty choice's dash, the item buttons'
    /// arrows and cross, the link mark in the style sheet) are character references, so a page
    /// of ASCII text is ASCII and becomes a `String` with the fast check.
    @Test func aPageOfASCIITextIsASCII() throws {
        let team = Team(name: "A", members: [Person(name: "Ann"), Person(name: "Ben")], tags: ["x"])
        var configs = ConfigDictionary(try ModelDescription(type: Team.self))
        try configs["Team"]?.update("members") { $0.sortable = true }
        let wide = WideForm.configs(fields: 5)
        let wideTree = FormTreeBuilder(configs: wide).build(typeName: "Wide", values: WideForm.values(fields: 5))
        let empty = FormTreeBuilder(configs: wide).build(typeName: "Wide", values: .record(FormRecord()))
        let pages = [
            Self.html(configs, try FormValueEncoder().encode(team)), HTMLRenderer().render(wideTree),
            HTMLRenderer().renderDocument(empty),
        ]
        for (page, reference) in zip(pages, ["&#8593;", "<option value=\"\">&#8212;</option>", ">&#8212;</span>"]) {
            #expect(page.contains(reference))
            #expect(page.utf8.allSatisfy { $0 < 0x80 }, "\(page.unicodeScalars.filter { !$0.isASCII })")
        }
    }

    @Test func collectionsSubmitTheirItemsAndButtons() throws {
        let team = Team(
            name: "A", lead: Person(name: "Lee"),
            members: [Person(name: "Ann"), Person(name: "Ben", friends: [Person(name: "Cy")])], tags: ["x", "y"])
        var configs = ConfigDictionary(try ModelDescription(type: Team.self))
        try configs["Team"]?.update("members") { $0.sortable = true }
        let page = Self.html(configs, try FormValueEncoder().encode(team))
        #expect(page.contains(#"name="members[1][friends][0][name]" value="Cy""#))
        #expect(
            page.contains(
                #"<button type="submit" name="_action" value="up:members[1]" class="mf-button mf-icon" aria-label="Move Member 2 up" title="Move Member 2 up" formnovalidate><span aria-hidden="true">&#8593;</span></button>"#
            ))
        #expect(
            page.contains(
                #"<button type="submit" name="_action" value="remove:members[1]" class="mf-button mf-icon mf-danger" aria-label="Remove Member 2" title="Remove Member 2" formnovalidate>"#
            ))
        #expect(page.contains(#"<legend>Ann</legend>"#), "an item is named by its summary")
        // The session holds what the page showed (a submitted index may at most add one item).
        var session = Form(values: try FormValueEncoder().encode(team), configs: configs)
        try session.apply(submission: BrowserForm.body(page, clicking: "down:members[0]"), inlineSubforms: true)
        let saved = try FormValueDecoder().decode(Team.self, from: try session.commit())
        #expect(saved.members.map(\.name) == ["Ben", "Ann"])
        #expect(saved.members[0].friends == [Person(name: "Cy")])
        #expect(saved.tags == ["x", "y"])
        #expect(saved.lead == Person(name: "Lee"))
    }

    @Test func controlsCarryTypesAndAttributesFromFieldsTraitsAndRules() throws {
        var configs = ConfigDictionary(try ModelDescription(type: RegistrationForm.self))
        try configs["RegistrationForm"]?.update("name") {
            $0.rules = [.init(.required), .init(.length(min: 2, max: 40)), .init(.pattern("[A-Za-z ]+"))]
            $0.help = "As on your passport."
        }
        try configs["RegistrationForm"]?.update("age") { $0.rules = [.init(.range(min: 13, max: 130))] }
        try configs["RegistrationForm"]?.update("language") { $0.placeholder = "None" }
        try configs["RegistrationForm"]?.update("gender") { $0.inline = true }
        let errors = [FieldError(path: "name", rule: "required", message: "is required")]
        let page = Self.html(configs, try FormValueEncoder().encode(RegistrationForm()), errors: errors)
        #expect(
            page.contains(
                #"<input type="email" id="f-email" name="email" value="" autocomplete="email" spellcheck="false">"#))
        #expect(
            page.contains(
                #"<input type="password" id="f-password" name="password" autocomplete="new-password" spellcheck="false">"#
            ))
        #expect(
            page.contains(
                #"<input type="text" id="f-name" name="name" required aria-describedby="f-name-help f-name-error" aria-invalid="true" value="" minlength="2" maxlength="40" pattern="[A-Za-z ]+" autocomplete="name" autocapitalize="words" spellcheck="false">"#
            ))
        #expect(
            page.contains(
                #"<p class="mf-help" id="f-name-help">As on your passport.</p><p class="mf-error" id="f-name-error">is required</p>"#
            ))
        #expect(page.contains(#"<input type="number" id="f-age" name="age" value="0" min="13" max="130" step="1">"#))
        #expect(page.contains(#"<input type="date" id="f-dateOfBirth" name="dateOfBirth" value="">"#))
        #expect(
            page.contains(
                #"<select id="f-language" name="language"><option value="">None</option><option value="english">English</option>"#
            ))
        #expect(
            page.contains(
                #"<fieldset class="mf-field mf-type-options" id="f-gender-group"><legend>Gender</legend><span class="mf-choice"><input type="radio" id="f-gender-0" name="gender" value="male">"#
            ))
        #expect(page.contains(#"<input type="file" accept="image/*" id="f-profilePhoto" name="profilePhoto">"#))
        #expect(page.contains(#"<form method="post" class="mf-form" enctype="multipart/form-data">"#))
        #expect(
            page.contains(
                #"<input type="hidden" name="rememberMe" value="false"><input type="checkbox" id="f-rememberMe" name="rememberMe" value="true" checked>"#
            ))
        #expect(page.contains(#"<textarea rows="4" id="f-about" name="about" autocapitalize="sentences"></textarea>"#))
        #expect(page.contains(##"<li><a href="#f-name">Name: is required</a></li>"##))
        #expect(
            page.hasPrefix(
                "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n<title>Registration Form</title>"
            ))
    }

    @Test func aFragmentHasNoDocumentAndNavigableSubformsLink() throws {
        let configs = ConfigDictionary(try ModelDescription(type: RegistrationForm.self))
        let tree = FormTreeBuilder(configs: configs, link: { type, path in "\(type).html?path=\(path)" })
            .build(typeName: "RegistrationForm", values: try FormValueEncoder().encode(RegistrationForm.sample))
        let fragment = HTMLRenderer(standalone: false).render(tree)
        #expect(!fragment.contains("<html"))
        #expect(fragment.contains(#"<a id="f-address" href="Address.html?path=address" class="mf-link">London</a>"#))
    }

    @Test func multipartSubmissionsCarryImages() throws {
        let configs = ConfigDictionary(try ModelDescription(type: RegistrationForm.self))
        var session = Form(values: try FormValueEncoder().encode(RegistrationForm.sample), configs: configs)
        let boundary = "XyZ123"
        var body = Data()
        func part(_ headers: String, _ content: Data) {
            body += Data("--\(boundary)\r\n\(headers)\r\n\r\n".utf8) + content + Data("\r\n".utf8)
        }
        part("Content-Disposition: form-data; name=\"name\"", Data("Ada\r\nKing".utf8))
        part(
            "Content-Disposition: form-data; name=\"profilePhoto\"; filename=\"me.png\"\r\nContent-Type: image/png",
            Data([0x89, 0x50, 0x0D, 0x0A]))
        part("Content-Disposition: form-data; name=\"_action\"", Data("save".utf8))
        body += Data("--\(boundary)--\r\n".utf8)
        #expect(MultipartForm.boundary(fromContentType: "multipart/form-data; boundary=\"XyZ123\"") == boundary)
        #expect(try session.apply(multipart: body, boundary: boundary) == .save)
        let form = try FormValueDecoder().decode(RegistrationForm.self, from: try session.commit())
        #expect(form.profilePhoto == Data([0x89, 0x50, 0x0D, 0x0A]))
        #expect(form.name == "Ada\r\nKing")
        #expect(throws: FormError.self) { try session.apply(multipart: Data("junk".utf8), boundary: boundary) }
    }

    @Test func anEmptyFilePartKeepsTheCurrentImage() throws {
        var form = RegistrationForm.sample
        form.profilePhoto = Data([1, 2, 3])
        var session = Form(
            values: try FormValueEncoder().encode(form),
            configs: ConfigDictionary(try ModelDescription(type: RegistrationForm.self)))
        let body = Data(
            "--b\r\nContent-Disposition: form-data; name=\"profilePhoto\"; filename=\"\"\r\nContent-Type: application/octet-stream\r\n\r\n\r\n--b--\r\n"
                .utf8)
        try session.apply(multipart: body, boundary: "b")
        #expect(
            try FormValueDecoder().decode(RegistrationForm.self, from: try session.commit()).profilePhoto
                == Data([1, 2, 3]))
    }
}
