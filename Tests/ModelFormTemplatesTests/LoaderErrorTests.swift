import Foundation
import ModelFormTemplates
import Testing

/// Cell layouts and themes with mistakes: every error, located, in one report.
@Suite struct LoaderErrorTests {
    @Test func layoutErrorsPointAtTheFile() {
        let text = """
            name: broken
            fieldTypes: [integr]
            colour: red
            layouts:
              html: |
                <p>
                  {{#choices}}{{title}}{{/choice}}
                </p>
              pdf: x
            """
        do {
            _ = try CellLayoutLoader().load(text: text, file: "Cells/broken.yaml")
            Issue.record("expected errors")
        } catch {
            #expect(
                error.diagnostics.map(\.description) == [
                    "Cells/broken.yaml:2:14: error: unknown field type 'integr'; did you mean 'integer'?",
                    "Cells/broken.yaml:3:1: error: unknown key 'colour' in a cell layout",
                    "Cells/broken.yaml:7:32: error: invalid template: a section is closed with the wrong name",
                    "Cells/broken.yaml:9:3: error: unknown format 'pdf' (use text, markdown or html)",
                ])
        }
    }

    @Test func themeErrorsAreReported() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("theme-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try "name: x\nmarkdownStyle: grid\ncss: [missing.css]\ntokns: {}\n".write(
            to: folder.appendingPathComponent("theme.yaml"), atomically: true, encoding: .utf8)
        do {
            _ = try ThemeLoader().load(folder: folder.path)
            Issue.record("expected errors")
        } catch {
            #expect(
                error.diagnostics.map(\.message) == [
                    "markdownStyle must be table or list",
                    "cannot read '\(folder.path)/missing.css'",
                    "unknown key 'tokns' in a theme; did you mean 'tokens'?",
                ])
        }
    }

    /// Sections nested past the limit are an error at the first one too deep, however the
    /// template sets its delimiters; at the limit the layout loads and draws. (100,000
    /// levels overflowed swift-mustache's parser.)
    @Test(arguments: [
        ("{{#required}}", "{{/required}}", 100, nil),
        (
            "{{#required}}", "{{/required}}", 101,
            "Cells/deep.yaml:3:1310: error: invalid template: sections nest deeper than 100 levels"
        ),
        (
            "{{^empty}}", "{{/empty}}", 100_000,
            "Cells/deep.yaml:3:1010: error: invalid template: sections nest deeper than 100 levels"
        ),
        (
            "<%#required%>", "<%/required%>", 101,
            "Cells/deep.yaml:3:1321: error: invalid template: sections nest deeper than 100 levels"
        ),
    ])
    func sectionsNestAtMostTheLimit(open: String, close: String, depth: Int, expected: String?) {
        let prefix = open.hasPrefix("<%") ? "{{=<% %>=}}" : ""
        let template = prefix + String(repeating: open, count: depth) + "x" + String(repeating: close, count: depth)
        let text = "name: deep\nlayouts:\n  text: \"\(template)\"\n"
        do {
            let layout = try CellLayoutLoader().load(text: text, file: "Cells/deep.yaml")
            #expect(expected == nil)
            #expect(layout?.templates["text"] != nil)
        } catch {
            #expect(error.diagnostics.map(\.description) == [expected].compactMap { $0 })
        }
    }
}
