import ArgumentParser
import ModelForm
import ModelFormText
import ModelFormYAML

struct RenderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Draw a form as text, Markdown or HTML.",
        discussion: """
            Examples:
              modelform render
              modelform render --format markdown --output form.md
              modelform render config/settings.types.yaml --format html --theme dark
              modelform render config/registration.types.yaml --data - < values.yaml
              modelform render config/people.types.yaml --database people.sqlite --record 7 --format markdown
            """)

    @OptionGroup var project: ProjectOptions

    @Option(help: "text, markdown or html.")
    var format: OutputKind = .text

    @Option(
        help: ArgumentHelp(
            "Write here (atomically) instead of standard output; - is standard output.", valueName: "file"))
    var output: String?

    @Option(help: "Text width in columns (default: COLUMNS, else 80).")
    var width: Int?

    @Flag(help: "Validate the values and show the errors in the form; exit 1 when it shows any.")
    var validate = false

    @OptionGroup var records: RecordOptions

    func run() throws {
        if records.database != nil, project.data != nil {
            throw CLIError("error: give one of --data and --database", status: 64)
        }
        if records.database != nil, records.record == nil {
            throw CLIError("error: render --database needs --record ID: the record to render", status: 64)
        }
        let project = try Project(project, keepingUnparsed: true)
        var form = project.form
        if let database = records.database, let record = records.record {
            // The record, each lookup shown by its record's name.
            let workspace = try RecordWorkspace(
                project: project, database: database, environment: CLIEnvironment.current, everyType: false)
            defer { workspace.close() }
            form = try RecordEditing(workspace, record: record).form
        }
        var errors = validate ? form.validate() : []
        let environment = CLIEnvironment.current
        if !project.unparsed.isEmpty {
            // Values that do not parse are drawn as written, with their message, instead of stopping.
            let paths = Set(project.unparsed.map(\.path))
            errors =
                project.unparsed.map { FieldError(path: $0.path, rule: "type", message: $0.message) }
                + errors.filter { !paths.contains($0.path) }
            form.keepInvalidInput(
                Dictionary(project.unparsed.map { ($0.path, $0.text) }, uniquingKeysWith: { first, _ in first }),
                errors: errors)
            for value in project.unparsed {
                environment.complain(
                    "\(Project.relativePath(value.mark.file)):\(value.mark.line):\(value.mark.column): warning: '\(value.path)': \(value.message)\n"
                )
            }
        }
        let color =
            format == .text && (output == nil || output == "-")
            && TextRenderer.shouldUseColor(environment: environment.variables, isTerminal: environment.outputIsTerminal)
        try Renderers.write(form, as: format, templates: project.templates, width: width, color: color, to: output)
        if validate, !errors.isEmpty { throw ExitCode(1) }
    }
}
