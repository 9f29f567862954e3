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
            The root entity and every entity its relationships reach (each to-one value and each to-many item) get a document of their own, named TYPE-PATH (RegistrationForm.html, Address-address.html, Person-friends-0.html): a read-only document showing the values, with breadcrumbs to the index and the documents above it (with --editable, HTML pages are forms instead). Relationships link between them, and index.html (or index.md) lists them all by title. Each file is written atomically. The folder is created if needed; an existing non-empty folder that an earlier export did not create is refused unless --force is given.

            With --database FILE (a SQLite file, or postgres://USER@HOST/DATABASE) it writes a document for every record of every type the database holds instead, named TYPE-ID (Employee-7.html, Employee-7-address.html), each lookup a link to its record's document, and an index of them all.

            Examples:
              modelform export --format html --output site
              modelform export config/settings.types.yaml --format markdown --output docs
              modelform export staff.types.yaml --database staff.sqlite --output site
            """)

    @OptionGroup var project: ProjectOptions

    @Option(help: "markdown or html.")
    var format: OutputKind = .html

    @Option(help: ArgumentHelp("The folder to write into.", valueName: "dir"))
    var output: String

    @Flag(help: "Write into a non-empty folder that an earlier export did not create.")
    var force = false

    @Flag(help: "HTML pages as editable forms (with Save and Cancel) instead of read-only documents.")
    var editable = false

    @Option(
        help: ArgumentHelp(
            "Every record of this SQLite file or postgres:// database instead of a values file.",
            valueName: "file-or-url"))
    var database: String?

    static let marker = ".modelform-export"

    func validate() throws {
        guard format != .text else { throw ValidationError("export writes markdown or html") }
        guard !editable || format == .html else { throw ValidationError("--editable needs --format html") }
        guard database == nil || project.data == nil else { throw ValidationError("give one of --data and --database") }
        guard database == nil || !editable else {
            throw ValidationError(
                "--editable draws forms for a values file; a database's records are edited with serve")
        }
    }

    func run() throws {
        let project = try Project(project)
        let folder = CLIEnvironment.current.path(output)
        try check(folder)
        let environment = CLIEnvironment.current
        let extras = [(name: Self.marker, text: "written by modelform export\n")]
        if let database {
            // Every record of the database's types, a document each.
            let workspace = try RecordWorkspace(
                project: project, database: database, environment: environment, everyType: true)
            defer { workspace.close() }
            let export = RecordExport(workspace: workspace, format: format)
            try report(showingProgress: environment.outputIsTerminal) { progress in
                try export.write(
                    to: URL(fileURLWithPath: folder), extras: extras, progress: progress.map { say in { say("\($0)") } }
                )
            }
            return
        }
        let export = project.form.export(fileExtension: format.fileExtension)
        let index =
            format == .markdown ? MarkdownRenderer.index(export) : HTMLRenderer(theme: project.theme).index(export)
        try report(showingProgress: environment.outputIsTerminal && export.documents.count >= 50) { progress in
            try export.write(
                to: URL(fileURLWithPath: folder),
                pages: {
                    Renderers.page(
                        $0, as: format, editable: editable, templates: project.templates, theme: project.theme)
                },
                index: index, extras: extras, theme: project.theme,
                progress: progress.map { say in { done, total in say("\(done)/\(total)") } })
        }
    }

    /// Runs an export (`write`, given a way to say how far it got when `showingProgress`),
    /// then says how many files it wrote; a failure says that nothing was exported.
    private func report(showingProgress: Bool, _ write: (((String) -> Void)?) throws -> [String]) throws {
        let environment = CLIEnvironment.current
        let progress: ((String) -> Void)? = showingProgress ? { environment.err("\rexported \($0)") } : nil
        let written: [String]
        do { written = try write(progress) } catch let error as CLIError {
            if showingProgress { environment.err("\n") }
            throw CLIError(error.message + "; nothing was exported", status: error.status)
        } catch {
            if showingProgress { environment.err("\n") }
            throw CLIError("\(output): error: \(Files.reason(error)); nothing was exported", status: CLIError.ioFailure)
        }
        if showingProgress { environment.err("\n") }
        environment.say("wrote \(written.count - 1) files to \(output)\n")
    }

    /// Refuses a path that is not a folder, and a non-empty folder an export did not make.
    func check(_ folder: String) throws {
        let manager = FileManager.default
        var isFolder: ObjCBool = false
        guard manager.fileExists(atPath: folder, isDirectory: &isFolder) else { return }
        guard isFolder.boolValue else {
            throw CLIError("\(output): error: exists and is not a folder", status: CLIError.ioFailure)
        }
        let contents = (try? manager.contentsOfDirectory(atPath: folder)) ?? []
        if !contents.isEmpty && !contents.contains(Self.marker) && !force {
            throw CLIError(
                "\(output): error: the folder is not empty and was not made by an export; use --force to write into it anyway"
            )
        }
    }
}
