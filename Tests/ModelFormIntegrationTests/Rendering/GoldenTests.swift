import ModelFormTesting
import RenderingFixtures
import Testing

@Suite struct GoldenTests {
    @Test(arguments: ["text", "markdown", "html"], Renderings.themes)
    func theEverythingFixtureMatchesItsGolden(format: String, theme: String) throws {
        let output = try Renderings.everything(format: format, theme: theme)
        let ext = ["text": "txt", "markdown": "md", "html": "html"][format]!
        let path = PackagePaths.url("Tests/Golden/everything-\(theme).\(ext)").path
        if let difference = Golden.compare(output, to: path) { Issue.record(Comment(rawValue: difference)) }
    }
}
