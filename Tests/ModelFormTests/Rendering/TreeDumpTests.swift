import ModelForm
import ModelFormTesting
import Testing

/// The tree renderers draw, as `modelform describe --tree` prints it: the Everything
/// fixture (every field kind, hostile text, errors) against its golden.
@Suite struct TreeDumpTests {
    @Test func theEverythingFixturesTreeMatchesItsGolden() throws {
        let tree = FormTreeBuilder(configs: EverythingFixture.configs)
            .build(typeName: "Everything", values: EverythingFixture.values, errors: EverythingFixture.errors)
        let path = PackagePaths.url("Tests/Golden/everything.tree").path
        if let difference = Golden.compare(tree.dump, to: path) { Issue.record(Comment(rawValue: difference)) }
    }

    @Test func everyElementStaysOnItsLine() {
        #expect(FormNode.quoted("a\n\"b\"\\\u{1B}[31m\u{202E}") == #""a\n\"b\"\\\u{1B}[31m\u{202E}""#)
    }
}
