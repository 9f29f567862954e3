import ArgumentParser
import Foundation
import ModelForm
import ModelFormHTML
import ModelFormMarkdown
import ModelFormYAML

struct ExportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Write one linked document per entity reached through relationships, and an index.",
        discussion: """
        The root entity and every entity its relationships reach (each to-one value and each
        to-many item) get a document of their own, named TYPE-PATH (RegistrationForm.html,
        Address-address.html, Person-friends-0.html); relationships link between them,
        and index.html (or index.md) lists them all. Each file is written atomically. The
        folder is created if needed; an existing non-empty folder that an earlier export did
        not create is refused unless --force is given.

        Examples:
          modelform export --format html --output site
          modelform export config/settings.types.yaml --format markdown --output docs --force
        """)

    @OptionGroup var project: ProjectOptions

    @Option(help: "markdown or html.")
    var format: OutputKind = .html

    @Option(help: ArgumentHelp("The folder to write into.", valueName: "dir"))
    var output: String

    @Flag(help: "Write into a non-empty folder that an earlier export did not create.")
    var force = false

    static let marker = ".modelform-export"

    struct Document {
        var typeName: String
        var path: FormPath
        var values: FormValue
    }

    func validate() throws {
        guard format != .text else { throw ValidationError("export writes markdown or html") }
    }

    func run() throws {
        let project = try Project(project)
        let folder = CLIEnvironment.current.path(output)
        try prepare(folder)
        let documents = Self.documents(project)
        let ext = format.fileExtension
        let environment = CLIEnvironment.current
        let showProgress = environment.outputIsTerminal && documents.count >= 50
        for (number, document) in documents.enumerated() {
            let base = document.path
            var builder = FormTreeBuilder(configs: project.configs, theme: project.theme, link: { typeName, path in
                Self.fileName(typeName, FormPath(base.components + path.components), ext)
            })
            builder.navigableRelationships = true
            let tree = builder.build(typeName: document.typeName, values: document.values)
            let text = Renderers.render(tree, as: format, templates: project.templates, theme: project.theme)
            try write(text, to: (folder as NSString).appendingPathComponent(Self.fileName(document.typeName, document.path, ext)))
            if showProgress { environment.err("\rexported \(number + 1)/\(documents.count)") }
        }
        if showProgress { environment.err("\n") }
        try write(index(documents, project: project), to: (folder as NSString).appendingPathComponent("index.\(ext)"))
        environment.out("wrote \(documents.count + 1) files to \(output)\n")
    }

    /// Every entity instance reached from the root, in document order.
    static func documents(_ project: Project) -> [Document] {
        var result: [Document] = []
        func visit(_ typeName: String, _ path: FormPath, _ values: FormValue) {
            result.append(Document(typeName: typeName, path: path, values: values))
            guard let config = project.configs[typeName], case .record(let record) = values else { return }
            for field in config.fields {
                guard let key = field.key, let relationship = field.relationship, let value = record[key] else { continue }
                switch (relationship.cardinality, value) {
                case (.toOne, .record): visit(relationship.target, path.appending(key: key), value)
                case (.toMany, .list(let items)):
                    for (index, item) in items.enumerated() { visit(relationship.target, path.appending(key: key).appending(.index(index)), item) }
                default: break
                }
            }
        }
        visit(project.typeName, FormPath(), project.values)
        return result
    }

    /// `Person-friends-0.html`.
    static func fileName(_ typeName: String, _ path: FormPath, _ ext: String) -> String {
        var name = typeName.filter { $0.isLetter || $0.isNumber || $0 == "_" }
        for component in path.components {
            switch component {
            case .key(let key): name += "-" + key.filter { $0.isLetter || $0.isNumber || $0 == "_" }
            case .index(let index): name += "-\(index)"
            }
        }
        return name + "." + ext
    }

    func index(_ documents: [Document], project: Project) -> String {
        let display = FieldDisplay(configs: project.configs)
        let entries = documents.map { document -> (String, String) in
            let title = project.configs[document.typeName]?.title ?? document.typeName
            let summary = display.summary(document.values, field: Field(key: nil, type: .subform, relationship: Relationship(target: document.typeName, cardinality: .toOne)))
            let label = document.path.isRoot ? title : "\(title): \(summary.isEmpty ? document.path.description : summary) (\(document.path))"
            return (label, Self.fileName(document.typeName, document.path, format.fileExtension))
        }
        let rootTitle = project.configs[project.typeName]?.title ?? project.typeName
        if format == .markdown {
            return "# " + MarkdownFormat.escape(rootTitle) + "\n\n" + entries.map { "- [\(MarkdownFormat.escape($0.0))](\(MarkdownLinks.destination($0.1)))" }.joined(separator: "\n") + "\n"
        }
        let items = entries.map { HTMLTag.element("li", content: HTMLTag.text("a", [("href", $0.1)], $0.0)) }.joined(separator: "\n")
        return """
        <!DOCTYPE html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <title>\(Escaping.html(rootTitle))</title>
        </head>
        <body>
        <main>
        <h1>\(Escaping.html(rootTitle))</h1>
        <ul>
        \(items)
        </ul>
        </main>
        </body>
        </html>

        """
    }

    func prepare(_ folder: String) throws {
        let manager = FileManager.default
        var isFolder: ObjCBool = false
        if manager.fileExists(atPath: folder, isDirectory: &isFolder) {
            guard isFolder.boolValue else { throw CLIError("\(output): error: exists and is not a folder", status: CLIError.ioFailure) }
            let contents = (try? manager.contentsOfDirectory(atPath: folder)) ?? []
            if !contents.isEmpty && !contents.contains(Self.marker) && !force {
                throw CLIError("\(output): error: the folder is not empty and was not made by an export; use --force to write into it anyway")
            }
        } else {
            do { try manager.createDirectory(atPath: folder, withIntermediateDirectories: true) } catch {
                throw CLIError("\(output): error: cannot create the folder", status: CLIError.ioFailure)
            }
        }
        try write("written by modelform export\n", to: (folder as NSString).appendingPathComponent(Self.marker))
    }

    func write(_ text: String, to path: String) throws {
        do { try AtomicFile.write(text, to: path) } catch {
            throw CLIError("\(path): error: cannot write the file", status: CLIError.ioFailure)
        }
    }
}
