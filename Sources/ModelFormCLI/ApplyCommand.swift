import ArgumentParser
import Foundation
import ModelForm
import ModelFormYAML

struct ApplyCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "apply",
        abstract: "Edit a values file: parse the edits, validate, write atomically, print what changed.",
        discussion: """
            Edits come as --set PATH=VALUE (parsed as a form parses input: 'age=37', 'address.city=Paris', 'interests=computers,sports') or as an HTML form body (--form-body FILE, or - for standard input). On success the values file is rewritten atomically and only the changed values are printed. On any error nothing is written: the file stays byte-for-byte the same, the errors go to standard error, and the exit status is 1.

            Examples:
              modelform apply --data config/registration.values.yaml --set address.city=Paris
              modelform apply config/settings.types.yaml --set volume=40
              curl-body | modelform apply --data values.yaml --form-body -
            """)

    @OptionGroup var project: ProjectOptions

    @Option(
        name: .customLong("set"), help: ArgumentHelp("An edit, PATH=VALUE; repeat for more.", valueName: "path=value"))
    var edits: [String] = []

    @Option(
        name: .customLong("form-body"),
        help: ArgumentHelp("An application/x-www-form-urlencoded body (- for standard input).", valueName: "file"))
    var formBody: String?

    func validate() throws {
        guard edits.isEmpty != (formBody == nil) else {
            throw ValidationError("give either --set edits or --form-body, not both and not neither")
        }
    }

    func run() throws {
        let project = try Project(project)
        guard let dataPath = project.dataPath, dataPath != "-" else {
            throw CLIError("error: apply needs --data FILE: the values file to edit")
        }
        var form = project.form
        let changes: [FormChange]
        let saved: FormValue
        do {
            if let formBody {
                try form.apply(submission: try Files.read(formBody).trimmingCharacters(in: .newlines))
            } else {
                let inputs = try edits.map { edit -> (FormPath, String) in
                    guard let equals = edit.firstIndex(of: "=") else {
                        throw CLIError("error: '\(edit)' is not PATH=VALUE")
                    }
                    do {
                        return (
                            try FormPath(parsing: String(edit[..<equals])), String(edit[edit.index(after: equals)...])
                        )
                    } catch {
                        throw CLIError("error: \(error)")
                    }
                }
                try form.setTexts(inputs)
            }
            changes = form.changes
            // For a JSON Schema model the commit checks the schema's own keywords too (see `Project.form`).
            saved = try form.commit()
        } catch let error as FormError {
            throw CLIError(Self.message(error, file: dataPath))
        }
        try ChangeWriter(project: project, dataPath: dataPath).write(saved, changes: changes)
    }

    static func message(_ error: FormError, file: String) -> String {
        let errors = error.fieldErrors
        guard !errors.isEmpty else { return "\(file): error: \(error)" }
        var lines = errors.prefix(InputLimits.printedDiagnostics).map { error in
            "\(file): error: \(error.path.isRoot ? "" : "\(error.path.description.excerpt(200)): ")\(error.message.excerpt(400)) [\(error.rule)]"
        }
        if let omission = InputLimits.omission(total: errors.count, shown: lines.count) { lines.append(omission) }
        return lines.joined(separator: "\n")
    }
}
