import ArgumentParser
import ModelForm
import ModelFormText

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
        """)

    @OptionGroup var project: ProjectOptions

    @Option(help: "text, markdown or html.")
    var format: OutputKind = .text

    @Option(help: ArgumentHelp("Write here (atomically) instead of standard output; - is standard output.", valueName: "file"))
    var output: String?

    @Option(help: "Text width in columns (default: COLUMNS, else 80).")
    var width: Int?

    @Flag(help: "Validate the values and show the errors in the form.")
    var validate = false

    func run() throws {
        let project = try Project(project)
        var form = project.form
        if validate { _ = form.validate() }
        let environment = CLIEnvironment.current
        let color = format == .text && (output == nil || output == "-")
            && TextRenderer.shouldUseColor(environment: environment.variables, isTerminal: environment.outputIsTerminal)
        try Files.write(Renderers.render(form, as: format, templates: project.templates, width: width, color: color), to: output)
    }
}
