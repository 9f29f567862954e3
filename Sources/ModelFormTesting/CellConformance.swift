import Foundation
import ModelForm

/// Runs any cell (built-in, code or YAML) through the values that break cells: nil,
/// empty, very long, multi-line and hostile text, with help text and errors, for every
/// field type it might be given. Returns the problems found (empty when it conforms).
///
/// Checks per format: HTML output has no raw `<` or quote from the input and no control
/// characters; Markdown output is one line with no raw `<`, unescaped `|`, backtick or `[`
/// from the input; text output has no control characters but newline.
public enum CellConformance {
    /// The sample values.
    public static let samples: [(String, FormValue)] = [
        ("nil", .null), ("empty", .string("")), ("long", .string(String(repeating: "long ", count: 400))),
        ("multi-line", .string("one\ntwo\r\nthree")), ("hostile", .string(hostile)), ("number", .int(42)),
        ("true", .bool(true)), ("list", .list([.string("a"), .string(hostile)])),
    ]

    /// A marker that must never survive unescaped.
    public static let hostile = "<x-hostile a=\"1\" b='2'>&amp; | `tick` [l](javascript:x) \u{1B}[31m\u{07}\u{0}"

    /// The problems of `cell` for the given field types (every built-in type when `nil`).
    public static func check<Format: OutputFormat>(_ cell: Cell<Format>, fieldTypes: [FieldType]? = nil) -> [String] {
        var problems: [String] = []
        for type in fieldTypes ?? FieldType.builtIn {
            let options = ["A", hostile].enumerated().map { FieldOption(value: .string($1), title: $1) }
            let field = Field(
                key: "f", type: type, title: "Title " + hostile, placeholder: hostile, options: options, help: hostile,
                rules: [.init(.required)])
            for (name, value) in samples {
                let context = CellContext(
                    field: field, path: "f", value: value, display: value.plainText, inputValue: value.plainText,
                    choices: options.indices.map {
                        CellContext.Choice(
                            index: $0, title: options[$0].title, value: options[$0].value.plainText, selected: $0 == 1)
                    },
                    errors: [hostile], isRequired: true, inputName: "f", inputID: "f-f", nested: nil,
                    link: "javascript:alert(1)")
                let output = cell.render(context)
                for problem in check(output, format: Format.self) {
                    problems.append("\(cell.name) [\(type), \(name)]: \(problem)")
                }
            }
        }
        return problems
    }

    static func check<Format: OutputFormat>(_ output: String, format: Format.Type) -> [String] {
        var problems: [String] = []
        if output.unicodeScalars.contains(where: {
            ($0.value < 0x20 && $0 != "\n" && $0 != "\t") || $0.value == 0x7F || (0x80..<0xA0).contains($0.value)
        }) {
            problems.append("contains a control character")
        }
        switch Format.name {
        case "html":
            if output.contains("<x-hostile") { problems.append("raw HTML from the input survives") }
            if output.contains("a=\"1\"") || output.contains("b='2'") {
                problems.append("an unescaped quote from the input survives")
            }
            if output.contains("href=\"javascript:") { problems.append("a javascript: URL survives") }
        case "markdown":
            if output.contains("\n") { problems.append("spans several lines (breaks a table)") }
            if output.range(of: #"(^|[^\\])<x-hostile"#, options: .regularExpression) != nil {
                problems.append("raw HTML from the input survives")
            }
            if output.contains(" | ") || output.range(of: #"(^|[^\\])`"#, options: .regularExpression) != nil {
                problems.append("an unescaped | or ` from the input survives")
            }
            if output.range(of: #"(^|[^\\])\]\(javascript:"#, options: .regularExpression) != nil {
                problems.append("a link from the input survives")
            }
        default:
            break
        }
        return problems
    }
}
