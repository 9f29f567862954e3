import Foundation
import ModelForm
import ModelFormJSONSchema
import ModelFormYAML

/// The schema a data file names for itself, read as editors read it: the YAML language
/// server's modeline, a comment `# yaml-language-server: $schema=PATH-OR-URL`; in TOML the
/// comment `#:schema PATH-OR-URL` that Taplo and Even Better TOML read; else a top-level
/// `$schema` property (in JSON, YAML or TOML). A command given `--data FILE` and no model
/// takes that schema as its model.
struct SchemaDeclaration {
    /// The path or URL as written.
    var reference: String
    /// Where it is written.
    var mark: SourceMark

    /// Whether it names a JSON Schema meta-schema (`https://json-schema.org/draft/2020-12/schema`):
    /// the file is then a schema itself, not data.
    var namesAMetaSchema: Bool { reference.lowercased().contains("json-schema.org/") }

    /// The declaration in a data file's text, if it has one.
    static func find(in text: String, file: String) -> SchemaDeclaration? {
        var line = 0
        let syntax = ValuesSyntax(path: file)
        for raw in text.split(separator: "\n", omittingEmptySubsequences: false) {
            line += 1
            let comment = raw.drop { $0 == " " || $0 == "\t" || $0 == "\u{FEFF}" }
            let range =
                syntax == .toml
                ? comment.hasPrefix("#:schema ") ? comment.range(of: "#:schema ") : nil
                : comment.hasPrefix("#") && comment.contains("yaml-language-server:")
                    ? comment.range(of: "$schema=") : nil
            guard let range else { continue }
            let rest = comment[range.upperBound...].drop { $0 == " " || $0 == "\t" }
            let value = rest.prefix { !$0.isWhitespace }
            guard !value.isEmpty else { continue }
            let column = raw.unicodeScalars.distance(from: raw.startIndex, to: rest.startIndex) + 1
            return SchemaDeclaration(reference: String(value), mark: SourceMark(file: file, line: line, column: column))
        }
        if syntax == .json {
            guard let document = try? JSONParser.parse(text, file: file),
                let value = document.value["$schema"]?.string, let mark = document.mark("/$schema")
            else { return nil }
            return SchemaDeclaration(reference: value, mark: mark)
        }
        guard let node = (try? ValuesFile.parseDocument(text, file: file))?["$schema"], let value = node.string else {
            return nil
        }
        return SchemaDeclaration(reference: value, mark: node.mark)
    }

    /// The schema file the declaration names: a path relative to the data file's folder, a
    /// `file:` URL, or an `http(s):` URL found as the `$id` of a schema in the data file's
    /// folder or a `--schema-dir` folder (nothing is fetched). Failing those, a file of the
    /// same name in a `--schema-dir` folder (a local copy of a schema collection:
    /// `https://www.schemastore.org/aspire-8.0.json`, `../../schemas/json/chezmoi.json`).
    /// A located error otherwise.
    func schemaPath(dataFile: String, schemaDirectories: [String]) throws(DiagnosticList) -> String {
        let folder = (dataFile as NSString).deletingLastPathComponent
        let lowered = reference.lowercased()
        if lowered.hasPrefix("http://") || lowered.hasPrefix("https://") {
            let url = String(reference.prefix { $0 != "#" })
            let found = SchemaBundle.schemasByID(
                in: [folder.isEmpty ? "." : folder] + schemaDirectories, read: Files.read,
                onDisk: CLIEnvironment.current.path)
            guard let path = found[url] ?? byName(in: schemaDirectories) else {
                throw DiagnosticList([
                    Diagnostic(
                        "the file names its schema by URL, \(reference), and ModelForm fetches nothing: give a folder holding a schema with that $id (--schema-dir, or MODELFORM_SCHEMA_PATH), or name the schema first (modelform COMMAND SCHEMA --data FILE)",
                        at: mark)
                ])
            }
            return path
        }
        let path: String
        if lowered.hasPrefix("file://") {
            path = String(reference.dropFirst("file://".count)).removingPercentEncoding ?? reference
        } else {
            path = reference.hasPrefix("/") ? reference : (folder as NSString).appendingPathComponent(reference)
        }
        guard Files.exists(path) else {
            if let mirrored = byName(in: schemaDirectories) { return mirrored }
            throw DiagnosticList([Diagnostic("the schema the file names, \(reference), is not at \(path)", at: mark)])
        }
        return path
    }

    /// The file of the reference's name (its last path component) in the first of `folders`
    /// that has one.
    private func byName(in folders: [String]) -> String? {
        let name = (String(reference.prefix { $0 != "#" && $0 != "?" }) as NSString).lastPathComponent
        guard !name.isEmpty, name != "/" else { return nil }
        return folders.map { ($0 as NSString).appendingPathComponent(name) }.first(where: Files.exists)
    }
}
