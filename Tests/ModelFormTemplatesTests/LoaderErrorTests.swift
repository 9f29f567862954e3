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
}
