import ModelForm
import ModelFormHTML
import Testing

/// The style sheet is made when the theme is set: a theme set or changed after the renderer
/// was made is what the page carries, and a sheet that writes `</` cannot end the element.
@Suite struct ThemeStyleSheetTests {
    @Test func thePageCarriesTheThemeAsSetLast() {
        var renderer = HTMLRenderer(theme: Theme(name: "first", assets: ["css": [".a{color:red}"]]))
        #expect(renderer.document(title: "T", body: "").contains(".a{color:red}"))
        renderer.theme = Theme(name: "second", assets: ["css": [".b{color:blue}"]])
        renderer.theme.css.append(".c{content:'</style><p>x</p>'}")
        let page = renderer.document(title: "T", body: "")
        #expect(!page.contains(".a{color:red}") && page.contains(".b{color:blue}"))
        #expect(page.contains(#".c{content:'<\/style><p>x<\/p>'}"#))
        #expect(page.components(separatedBy: "</style>").count == 2)
    }
}
