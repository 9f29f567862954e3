import Foundation
import ModelForm
import ModelFormHTML
import ModelFormMarkdown
import ModelFormText
import Mustache
import Testing

@testable import ModelFormTemplates

/// Layout templates drawn without swift-mustache write what swift-mustache writes: over the
/// bundled cell and theme layouts and over thousands of generated templates, in each format.
@Suite struct DirectTemplateTests {
    static let package = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// Fields unlike each other: a ranged number with an error, choices with one selected,
    /// an empty text in a themed form, a checked switch with nested content, a number with
    /// no range. Their text has what every format escapes.
    static let contexts: [CellContext] = {
        let theme = Theme(name: "t", tokens: ["accent": "<#0a84ff>", "text-color": "a&b"])
        let stepper = CellContext(
            field: Field(
                key: "age", type: .integer, title: "Age <years>", help: "Whole \"years\"",
                rules: [ValidationRule(.range(min: 13, max: 130))]),
            path: "age", value: .int(42), display: "42", inputValue: "42", errors: ["too <old>", "and 'odd'"],
            isRequired: true, inputName: "age", inputID: "f-age", theme: theme)
        let choices = CellContext(
            field: Field(key: "size", type: .option, title: "Size & fit"), path: "size", value: .string("m"),
            display: "Medium", inputValue: "m",
            choices: [
                .init(index: 0, title: "Small & <tight>", value: "s", selected: false),
                .init(index: 1, title: "Medium", value: "m", selected: true),
            ], inputName: "size", inputID: "f-size")
        let empty = CellContext(
            field: Field(key: "note", type: .text, placeholder: "<write> here", readOnly: true), path: "note",
            value: .null, display: "", inputValue: "", inputName: "note", theme: theme)
        let on = CellContext(
            field: Field(key: "on", type: .boolean, inline: true), path: "on", value: .bool(true), display: "Yes",
            inputValue: "true", inputName: "on", inputID: "f-on", nested: "<p>nested & more</p>")
        let unsigned = CellContext(
            field: Field(key: "count", type: .unsigned, rules: [ValidationRule(.range(min: nil, max: 10))]),
            path: "count", value: .int(7), display: "7", inputValue: "7", inputName: "count")
        return [stepper, choices, empty, on, unsigned]
    }()

    /// What each way draws for `source` over every context in `Format`; `nil` for a context
    /// the direct template leaves to the library. None when the library refuses the
    /// template (a loader reports it and draws nothing).
    static func drawings<Format: OutputFormat>(
        _ source: String, _ format: Format.Type, control: String? = nil
    ) -> [(direct: String?, library: String)] {
        guard let library = try? MustacheTemplate(string: "{{% CONTENT_TYPE: TEXT}}" + source) else { return [] }
        let direct = DirectTemplate(source)
        return contexts.map { context in
            let values = TemplateValues<Format>(context: context, control: control)
            return (direct?.render(values), library.render(values.dictionary))
        }
    }

    @Test func theBundledLayoutsAreDrawnDirectlyAndAsTheLibraryDrawsThem() throws {
        let folders = ["Cells", "Themes/dark/Cells"].map { Self.package.appendingPathComponent($0).path }
        let layouts = try CellLayoutLoader().load(folders: folders)
        let themes = try ["dark", "default"].map {
            try ThemeLoader().load(folder: Self.package.appendingPathComponent("Themes/\($0)").path)
        }
        #expect(layouts.count >= 5)
        for layout in layouts {
            #expect(layout.directTemplates.keys.sorted() == layout.templates.keys.sorted(), "\(layout.origin)")
        }
        for theme in themes {
            #expect(theme.directLayouts.keys.sorted() == theme.fieldLayouts.keys.sorted(), "\(theme.theme.name)")
        }
        var drawn = 0
        for layout in layouts {
            for (format, direct) in layout.directTemplates {
                let template = try #require(layout.templates[format])
                for context in Self.contexts {
                    let html = TemplateValues<HTMLFormat>(context: context)
                    let text = TemplateValues<PlainTextFormat>(context: context)
                    let markdown = TemplateValues<MarkdownFormat>(context: context)
                    for (mine, theirs) in [
                        (direct.render(html), template.render(html.dictionary)),
                        (direct.render(text), template.render(text.dictionary)),
                        (direct.render(markdown), template.render(markdown.dictionary)),
                    ] {
                        #expect(mine == theirs, "\(layout.origin) \(format)")
                        drawn += 1
                    }
                }
            }
        }
        #expect(drawn >= 60)
    }

    /// Templates from a grammar of the names, sections, blanks and line ends layouts use:
    /// wherever the direct template draws, it writes what the library writes, and it
    /// draws most of them.
    @Test(arguments: [0, 1, 2, 3])
    func generatedTemplatesAreDrawnAsTheLibraryDrawsThem(seed: UInt64) {
        var generator = TemplateGenerator(seed: seed)
        var (drawn, total) = (0, 0)
        for _ in 0..<400 {
            let source = generator.template(depth: 3)
            for (direct, library) in Self.drawings(source, HTMLFormat.self, control: "<input & control>") {
                total += 1
                guard let direct else { continue }
                drawn += 1
                #expect(direct == library, "\(source.debugDescription)")
            }
        }
        #expect(drawn * 2 > total, "drawn directly: \(drawn) of \(total)")
    }

    /// Blank lines, and comments over several lines, where the library keeps or drops the
    /// blanks in its own way (FuzzTemplate found the comments over several lines).
    @Test(arguments: [
        "x\n  {{! a\nb }}", "x\n  {{! a\nb }}{{! c }}", "x\n  {{! a }}{{! b\nc }}", "x\n  {{! a\nb }}  ",
        "x\n  {{! a }}{{! b }}", "x\n  {{! a\n}}", "x\n{{! a\n  }}  ", "x\n  {{! a\nb }}\n", "x\n  {{! a\nb }}y",
        "x\n  {{#required}}{{/required}}", "x\n  {{#required}}\n{{/required}}", "x\n  {{^empty}}a\n{{/empty}}",
        "x\n  ", "  x", "x\n\t{{title}}\n  ",
    ])
    func blanksAndCommentsAsTheLibraryWritesThem(source: String) {
        for (direct, library) in Self.drawings(source, HTMLFormat.self) {
            guard let direct else { continue }
            #expect(direct == library, "\(source.debugDescription)")
        }
    }

    /// What the direct template leaves to the library, each drawn by it as before.
    @Test(arguments: [
        "{{> partial}}", "{{=<% %>=}}<% title %>", "{{%CONTENT_TYPE: HTML}}{{title}}", "{{uppercased(title)}}",
        "a\n{{#required}}\nb\n{{/required}}\n", "\n{{title}}", "  \r\n{{title}}", "{{! alone }}\nx",
        "{{$block}}x{{/block}}", "{{<parent}}{{/parent}}", "{{a b}}", "{{.title}}", "{{#required}}x",
        "{{title", "x{{/required}}",
    ])
    func whatTheLibraryDraws(source: String) {
        #expect(DirectTemplate(source) == nil)
    }

    /// A list or a map written whole, or the whole context, is left to the library.
    @Test(arguments: ["{{errors}}", "{{theme}}", "{{.}}", "{{#choices}}{{theme}}{{/choices}}"])
    func aListOrMapWrittenWholeIsLeftToTheLibrary(source: String) throws {
        let template = try #require(DirectTemplate(source))
        #expect(template.render(TemplateValues<HTMLFormat>(context: Self.contexts[1])) == nil)
    }

    /// A map written whole or enumerated is in the order of its keys: a dictionary's hash
    /// order changes from one process to the next.
    @Test(arguments: [
        (0, "{{theme}}", #"["accent": "<#0a84ff>", "text-color": "a&b"]"#),
        (0, "{{#enumerated(theme)}}{{key}}={{value}};{{/enumerated(theme)}}", "accent=<#0a84ff>;text-color=a&b;"),
        (0, "{{#sorted(theme)}}{{key}};{{/sorted(theme)}}", "accent;text-color;"),
        (0, "{{count(theme)}} {{#empty(theme)}}none{{/empty(theme)}}{{^empty(theme)}}some{{/empty(theme)}}", "2 some"),
        (0, "{{theme.accent}} {{#theme}}{{text-color}}{{/theme}} {{^theme}}no{{/theme}}", "<#0a84ff> a&b "),
        (
            1, "{{#choices}}{{.}}|{{/choices}}",
            #"["index": 0, "selected": false, "title": "Small & <tight>", "value": "s"]|"#
        ),
    ])
    func aMapIsWrittenInTheOrderOfItsKeys(context: Int, source: String, expected: String) throws {
        let template = try MustacheTemplate(string: "{{% CONTENT_TYPE: TEXT}}" + source)
        let values = TemplateValues<PlainTextFormat>(context: Self.contexts[context])
        #expect(template.render(values.dictionary).hasPrefix(expected))
    }

    /// The whole context, written whole, is described as its map describes itself.
    @Test func theWholeContextIsWrittenInTheOrderOfItsNames() throws {
        let template = try MustacheTemplate(string: "{{% CONTENT_TYPE: TEXT}}{{.}}")
        let values = TemplateValues<PlainTextFormat>(context: Self.contexts[0]).dictionary
        #expect(template.render(values) == values.description)
        let nested = TemplateMap(values: ["b": 1, "a": TemplateMap(values: ["d": "x", "c": ["e"], "f": true])])
        #expect(nested.description == #"["a": ["c": ["e"], "d": "x", "f": true], "b": 1]"#)
        #expect(TemplateMap(values: [:]).description == "[:]")
    }

    /// Changing a layout's templates in code leaves them to the library.
    @Test func aTemplateChangedInCodeIsDrawnByTheLibrary() throws {
        let loaded = try CellLayoutLoader().load(text: "layouts:\n  text: '[{{value}}]'\n", file: "Cells/box.yaml")
        var layout = try #require(loaded)
        #expect(layout.directTemplates.count == 1)
        layout.templates["text"] = try MustacheTemplate(string: "<{{value}}>")
        #expect(layout.directTemplates.isEmpty)
        let cell = try #require(layout.cell(for: PlainTextFormat.self))
        var registry = TextCells.standard
        registry.register(cell, named: "box", origin: "test")
        let context = CellContext(
            field: Field(key: "n", type: .text, cell: "box"), path: "n", value: .string("x"), display: "x",
            inputValue: "x", inputName: "n")
        #expect(registry.draw(context, layout: TextLayouts.standard).hasSuffix("<x>"))
    }
}

/// Random templates over the names `TemplateValues` has, and some it has not.
struct TemplateGenerator {
    var state: UInt64

    init(seed: UInt64) { state = seed &* 0x9E37_79B9_7F4A_7C15 &+ 1 }

    mutating func next(_ count: Int) -> Int {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return Int((state >> 33) % UInt64(count))
    }

    mutating func pick(_ items: [String]) -> String { items[next(items.count)] }

    static let texts = ["a", " ", "\n", "<b>", "=", "  ", "\t", "x y", "\r\n", "}", "{"]
    static let variables = [
        "title", "key", "value", "inputValue", "placeholder", "help", "type", "id", "name", "required", "readOnly",
        "empty", "checked", "min", "max", "step", "percent", "bar", "raw.title", "raw.value", "theme.accent",
        "theme.text-color", "theme.missing", "markup.attributes", "markup.nested", "markup.control", "nothing",
        ".", "title.x", "index", "selected", "inline", "group", "checkbox", "hasErrors", "subformLink",
    ]
    static let sections = [
        "required", "empty", "checked", "min", "max", "percent", "errors", "choices", "raw", "theme", "markup",
        "nothing", "hasErrors", "title", "selected", "readOnly", "inline", "raw.help",
    ]

    mutating func template(depth: Int) -> String {
        var parts: [String] = []
        for _ in 0..<(1 + next(6)) {
            switch next(depth > 0 ? 9 : 6) {
            case 0, 1: parts.append(pick(Self.texts))
            case 2: parts.append("{{\(pick(Self.variables))}}")
            case 3: parts.append("{{{\(pick(Self.variables))}}}")
            case 4: parts.append(pick(["{{& ", "{{ ", "{{\t"]) + pick(Self.variables) + pick([" }}", "}}"]))
            case 5: parts.append(pick(["{{! a note }}", "{{! a\nnote }}"]))
            default:
                let name = pick(Self.sections)
                let sigil = pick(["#", "#", "^"])
                parts.append("{{\(sigil)\(name)}}\(template(depth: depth - 1)){{/\(name)}}")
            }
        }
        return parts.joined()
    }
}
