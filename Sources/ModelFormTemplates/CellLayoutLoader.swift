import Foundation
import ModelForm
import ModelFormYAML

/// Loads cell layouts (`*.yaml`) from folders such as `Cells/`, reporting every mistake of
/// every file together as `file:line:col: error: ...`.
public struct CellLayoutLoader: Sendable {
    /// The field types a layout may serve.
    public var fieldTypes: Set<FieldType> = Set(FieldType.builtIn)

    /// A loader for the built-in field types.
    public init() {}

    /// A loader for the environment's field types: the built-ins and its plugins'.
    public init(environment: FormEnvironment) {
        fieldTypes = environment.fieldTypes
    }

    static let keys = ["name", "description", "fieldTypes", "valueTypes", "group", "layouts"]

    /// Every layout in the folders, in folder order then file-name order; a later layout
    /// with the same name replaces an earlier one. A missing folder is an error.
    public func load(folders: [String]) throws(DiagnosticList) -> [CellLayout] {
        var layouts: [CellLayout] = []
        var diagnostics: [Diagnostic] = []
        var sources: [String: String] = [:]
        for folder in folders {
            guard let files = try? FileManager.default.contentsOfDirectory(atPath: folder) else {
                diagnostics.append(
                    Diagnostic("no such folder '\(folder)'", at: SourceMark(file: folder, line: 1, column: 1)))
                continue
            }
            for file in files.filter({ $0.hasSuffix(".yaml") || $0.hasSuffix(".yml") }).sorted() {
                let path = (folder as NSString).appendingPathComponent(file)
                guard let text = try? String(contentsOfFile: path, encoding: .utf8) else {
                    diagnostics.append(
                        Diagnostic("cannot read the file", at: SourceMark(file: path, line: 1, column: 1)))
                    continue
                }
                sources[path] = text
                do {
                    if let layout = try load(text: text, file: path) {
                        layouts.removeAll { $0.name == layout.name }
                        layouts.append(layout)
                    }
                } catch {
                    diagnostics += error.diagnostics
                }
            }
        }
        guard diagnostics.isEmpty else { throw DiagnosticList(diagnostics, sources: sources) }
        return layouts
    }

    /// One layout file's text.
    public func load(text: String, file: String) throws(DiagnosticList) -> CellLayout? {
        let root = try YAMLParser.parseDocument(text, file: file)
        var reader = LayoutReader()
        guard let pairs = root.mapping else {
            throw DiagnosticList(
                [Diagnostic("a cell layout file must be a mapping", at: root.mark)], sources: [file: text])
        }
        let base = ((file as NSString).lastPathComponent as NSString).deletingPathExtension
        var layout = CellLayout(
            name: base, fieldTypes: [], valueTypes: [], drawsGroup: false, origin: file, templates: [:])
        var direct: [String: DirectTemplate] = [:]
        for pair in pairs {
            let key = pair.key.string ?? ""
            switch key {
            case "name": layout.name = pair.value.string ?? layout.name
            case "description": break
            case "group": layout.drawsGroup = pair.value.string == "true"
            case "fieldTypes":
                for item in pair.value.sequence ?? [] {
                    let type = FieldType(rawValue: item.string ?? "")
                    if fieldTypes.contains(type) {
                        layout.fieldTypes.append(type)
                    } else {
                        reader.error(
                            "unknown field type '\(type)'"
                                + Suggestion.hint(for: type.rawValue, in: fieldTypes.map(\.rawValue)), at: item)
                    }
                }
            case "valueTypes": layout.valueTypes = (pair.value.sequence ?? []).compactMap(\.string)
            case "layouts":
                for entry in pair.value.mapping ?? [] {
                    let format = entry.key.string ?? ""
                    guard TemplateLoading.formats.contains(format) else {
                        reader.error(
                            "unknown format '\(format)' (use text, markdown or html)"
                                + Suggestion.hint(for: format, in: TemplateLoading.formats), at: entry.key)
                        continue
                    }
                    if let template = TemplateLoading.compile(entry.value, source: text, reader: &reader) {
                        layout.templates[format] = template.mustache
                        direct[format] = template.direct
                    }
                }
            default:
                reader.error(
                    "unknown key '\(key)' in a cell layout" + Suggestion.hint(for: key, in: Self.keys), at: pair.key)
            }
        }
        layout.directTemplates = direct
        if layout.templates.isEmpty && reader.diagnostics.isEmpty {
            reader.error("a cell layout needs 'layouts' for at least one format", at: root)
        }
        guard reader.diagnostics.isEmpty else { throw DiagnosticList(reader.diagnostics, sources: [file: text]) }
        return layout
    }
}
