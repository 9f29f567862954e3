import Foundation
import ModelForm
import ModelFormYAML
import Mustache

/// Compiles Mustache templates found in YAML files, pointing errors at the file.
enum TemplateLoading {
    static let formats = ["text", "markdown", "html"]

    /// Compiles a template; every format renders with Mustache's TEXT content type because
    /// ModelForm escapes the values itself (see `TemplateValues`).
    /// The template as swift-mustache compiles it, and as ``DirectTemplate`` does when it
    /// takes it.
    static func compile(_ node: YAMLNode, source: String, reader: inout LayoutReader)
        -> (mustache: MustacheTemplate, direct: DirectTemplate?)?
    {
        guard let text = node.string, !node.isNull else {
            reader.error("a layout must be text", at: node)
            return nil
        }
        if let (line, column) = TemplateNesting.tooDeep(text) {
            reader.diagnostics.append(
                Diagnostic(
                    "invalid template: sections nest deeper than \(InputLimits.templateNesting) levels",
                    at: mark(line: line, column: column, in: node, source: source)))
            return nil
        }
        do {
            return (try MustacheTemplate(string: "{{% CONTENT_TYPE: TEXT}}" + text), DirectTemplate(text))
        } catch let error as MustacheTemplate.ParserError {
            reader.diagnostics.append(
                Diagnostic(
                    "invalid template: \(describe(error.error))", at: mark(of: error.context, in: node, source: source))
            )
        } catch {
            reader.error("invalid template: \(error)", at: node)
        }
        return nil
    }

    /// Where a template error is in the YAML file: block scalars start on the next line,
    /// indented; other scalars on the node's own line.
    static func mark(of context: MustacheParserContext, in node: YAMLNode, source: String) -> SourceMark {
        let pragmaLength = "{{% CONTENT_TYPE: TEXT}}".count
        let line = context.lineNumber
        var column = context.columnNumber
        if line <= 1 { column = max(0, column - pragmaLength) }
        return mark(line: line, column: column, in: node, source: source)
    }

    /// Where the template's `line` (from 1) and `column` (characters from 0) are in the file.
    static func mark(line: Int, column: Int, in node: YAMLNode, source: String) -> SourceMark {
        let style = node.scalar?.style
        if style == .literal || style == .folded {
            let lines = source.split(separator: "\n", omittingEmptySubsequences: false)
            let first = node.mark.line
            let indent = lines.indices.contains(first) ? lines[first].prefix { $0 == " " }.count : 0
            return SourceMark(file: node.mark.file, line: first + max(1, line), column: indent + column + 1)
        }
        let quote = style == .plain ? 0 : 1
        return SourceMark(file: node.mark.file, line: node.mark.line, column: node.mark.column + quote + column)
    }

    static func describe(_ error: any Error) -> String {
        switch error {
        case MustacheTemplate.Error.sectionCloseNameIncorrect: return "a section is closed with the wrong name"
        case MustacheTemplate.Error.unfinishedName: return "a tag is not closed"
        case MustacheTemplate.Error.expectedSectionEnd: return "a section is not closed"
        case MustacheTemplate.Error.invalidSetDelimiter: return "invalid set-delimiter tag"
        default: return String(describing: error)
        }
    }
}

/// Collects diagnostics while reading layout and theme files.
struct LayoutReader {
    var diagnostics: [Diagnostic] = []
    mutating func error(_ message: String, at node: YAMLNode) { diagnostics.append(Diagnostic(message, at: node.mark)) }
}
