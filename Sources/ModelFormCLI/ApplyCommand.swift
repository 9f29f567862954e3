import ArgumentParser
import Foundation
import ModelForm
import ModelFormYAML

struct ApplyCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "apply",
        abstract: "Edit a values file: parse the edits, validate, write atomically, print what changed.",
        discussion: """
            Edits come as --set PATH=VALUE (parsed as a form parses input: 'age=37', 'address.city=Paris', 'interests=computers,sports'), as collection edits (--remove PATH[i], --move PATH[i]=j, --add PATH; a --set on index n of an n-item list appends an item), or as an HTML form body (--form-body FILE, or - for standard input; only the fields it names change). The edits are made in this order: removals, moves, additions, sets, each on the lists as the ones before left them. On success the values file is rewritten atomically and only the changed values are printed. On any error nothing is written: the file stays byte-for-byte the same, every error of every edit goes to standard error in one run (values that do not parse, paths that are not fields or not editable, the rules), and the exit status is 1.

            Examples:
              modelform apply --data config/registration.values.yaml --set address.city=Paris
              modelform apply config/settings.types.yaml --set volume=40
              modelform apply --data team.values.yaml --set "members[3].name=Ann" --remove "tags[0]"
              curl-body | modelform apply --data values.yaml --form-body -
            """)

    @OptionGroup var project: ProjectOptions

    @Option(
        name: .customLong("set"), help: ArgumentHelp("An edit, PATH=VALUE; repeat for more.", valueName: "path=value"))
    var edits: [String] = []

    @Option(
        name: .customLong("add"),
        help: ArgumentHelp(
            "Append an item made from defaults to the collection at PATH; repeat for more.", valueName: "path"))
    var additions: [String] = []

    @Option(
        name: .customLong("remove"),
        help: ArgumentHelp("Remove a collection's item or a map's entry (PATH[i]); repeat for more.", valueName: "path")
    )
    var removals: [String] = []

    @Option(
        name: .customLong("move"),
        help: ArgumentHelp(
            "Move a sortable collection's item to position j (PATH[i]=j); repeat for more.", valueName: "path=j"))
    var moves: [String] = []

    @Option(
        name: .customLong("form-body"),
        help: ArgumentHelp("An application/x-www-form-urlencoded body (- for standard input).", valueName: "file"))
    var formBody: String?

    var listed: ApplyEdits { ApplyEdits(removals: removals, moves: moves, additions: additions, sets: edits) }

    func validate() throws {
        guard listed.isEmpty != (formBody == nil) else {
            throw ValidationError(
                "give either edits (--set, --add, --remove, --move) or --form-body, not both and not neither")
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
                // Only what the body names changes (a browser's body would turn off what it leaves out).
                try form.apply(changing: try Files.read(formBody).trimmingCharacters(in: .newlines))
            } else {
                let problems = listed.apply(to: &form)
                if !problems.isEmpty { throw FormError.invalidInput(problems) }
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
