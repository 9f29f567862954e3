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
        The root entity and every entity its relationships reach (each to-one value and each to-many item) get a document of their own, named TYPE-PATH (RegistrationForm.html, Address-address.html, Person-friends-0.html); relationships link between them, and index.html (or index.md) lists them all. Each file is written atomically. The folder is created if needed; an existing non-empty folder that an earlier export did not create is refused unless --force is given.

        Examples:
          modelform export --format html --output site
          modelform export config/settings.types.yaml --format markdown --output docs
        """)

    @OptionGroup var project: ProjectOptions

    @Option(help: "markdown or html.")
    var format: OutputKind = .html

    @Option(help: ArgumentHelp("The folder to write into.", valueName: "dir"))
    var output: String

    @Flag(help: "Write into a non-empty folder that an earlier export did not create.")
    var force = false

    static let marker = ".modelform-export"

    func validate() throws {
        guard format != .text else { throw ValidationError("export writes markdown or html") }
    }

    func run() throws {
        let project = try Project(project)
        let folder = CLIEnvironment.current.path(output)
        try prepare(folder)
        let export = project.form.export(fileExtension: format.fileExtension)
        let documents = export.documents
        let environment = CLIEnvironment.current
        let showProgress = environment.outputIsTerminal && documents.count >= 50
        for (number, document) in documents.enumerated() {
            let tree = export.tree(of: document, theme: project.theme)
            let text = Renderers.render(tree, as: format, templates: project.templates, theme: project.theme)
            try write(text, to: (folder as NSString).appendingPathComponent(export.fileName(document.typeName, document.path)))
            if showProgress { environment.err("\rexported \(number + 1)/\(documents.count)") }
        }
        if showProgress { environment.err("\n") }
        let index = format == .markdown ? MarkdownRenderer.index(export) : HTMLRenderer().index(export)
        try write(index, to: (folder as NSString).appendingPathComponent("index.\(format.fileExtension)"))
        environment.say("wrote \(documents.count + 1) files to \(output)\n")
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
