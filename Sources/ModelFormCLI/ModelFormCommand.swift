import ArgumentParser
import ModelForm
import ModelFormYAML

/// `modelform`: turns YAML type definitions, form configs and values into forms, and
/// edits back into values.
public struct ModelFormCommand: ParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "modelform",
        abstract: "Turn a model into a form, and a form back into the model.",
        discussion: """
            Works on YAML files: a type definition (NAME.types.yaml), form configs (NAME.forms.yaml, found beside the model unless --config is given), values (NAME.values.yaml, likewise), cell layouts in Cells/ and themes in Themes/. Run without a model, commands use the bundled example in config/.

            Examples:
              modelform render
              modelform render config/settings.types.yaml --format html --output s.html
              modelform describe --format text
              modelform check
              modelform apply --data config/registration.values.yaml --set age=37
              modelform export --format html --output site
              modelform serve

            Exit status: 0 success; 1 invalid input (errors in files, refused edits, failed checks); 2 a file could not be read or written; 64 a usage error. Errors go to standard error; NO_COLOR turns colour off.
            """,
        version: "0.1.0",
        subcommands: [
            RenderCommand.self, ExportCommand.self, ImportCommand.self, SchemaCommand.self, DescribeCommand.self,
            CheckCommand.self, ApplyCommand.self, EditCommand.self, ServeCommand.self,
        ])

    public init() {}
}

/// Runs the command line in the current ``CLIEnvironment`` and returns the exit status.
public enum ModelFormCLI {
    /// Parses `arguments` (without the program name), runs the command, reports errors.
    public static func run(_ arguments: [String]) -> Int32 {
        let environment = CLIEnvironment.current
        do {
            var command = try ModelFormCommand.parseAsRoot(arguments)
            try command.run()
            return 0
        } catch let error as CLIError {
            environment.complain(error.message.hasSuffix("\n") ? error.message : error.message + "\n")
            return error.status
        } catch let list as DiagnosticList {
            // A located error (file:line:column and the line itself) that no command wrapped.
            environment.complain(list.description + "\n")
            return 1
        } catch {
            let message = ModelFormCommand.fullMessage(for: error)
            let status = ModelFormCommand.exitCode(for: error).rawValue
            if status == 0 { environment.out(message + "\n") } else { environment.complain(message + "\n") }
            return status
        }
    }
}
