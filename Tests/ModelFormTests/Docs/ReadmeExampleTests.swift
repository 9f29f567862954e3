import Foundation
import ModelForm
import ModelFormHTML
import ModelFormMarkdown
import ModelFormTesting
import ModelFormText
import Testing

/// README's first example, compiled and run; the test also checks that the README shows
/// exactly these lines, so the two cannot drift apart.
@Suite struct ReadmeExampleTests {
    struct Address: Codable { var street = ""; var city = "" }
    struct User: Codable { var email = ""; var password = ""; var rememberMe = false; var address = Address() }

    static let example = """
    var form = try Form(editing: User())                                      // Form<User>: configs, values, errors
    try form.configs[User.self]?.update("rememberMe") { $0.title = "Keep me signed in" }   // a typo throws, with a suggestion
    let page = HTMLRenderer().render(form)                                    // a real <form method="post">
    try form.apply(submission: body)                                          // all or nothing; a refusal keeps the raw input
    let user: User = try form.commit()                                        // validated, decoded back through Codable
    """

    @Test func theFiveLineExampleRunsAndIsTheOneInTheReadme() throws {
        let body = "email=ada%40example.com&password=secret&rememberMe=true&address[street]=1+Main+St&address[city]=Paris"
        var form = try Form(editing: User())                                      // Form<User>: configs, values, errors
        try form.configs[User.self]?.update("rememberMe") { $0.title = "Keep me signed in" }   // a typo throws, with a suggestion
        let page = HTMLRenderer().render(form)                                    // a real <form method="post">
        try form.apply(submission: body)                                          // all or nothing; a refusal keeps the raw input
        let user: User = try form.commit()                                        // validated, decoded back through Codable
        #expect(page.contains("Keep me signed in"))
        #expect(user.email == "ada@example.com" && user.rememberMe && user.address.city == "Paris")
        let readme = try PackagePaths.text("README.md")
        #expect(readme.contains(Self.example), "README's first example is the one this test runs")
    }
}
