import ModelForm
import ModelFormYAML

/// The end of every command that edits a values file (`apply`, `edit`): check the saved
/// values can be read back, write them atomically (keeping the file's permissions), then
/// print only the changed values, one `path = value` line each.
struct ChangeWriter {
    var project: Project
    var dataPath: String

    func write(_ saved: FormValue, changes: [FormChange]) throws {
        let environment = CLIEnvironment.current
        guard !changes.isEmpty else {
            environment.say("no changes\n")
            return
        }
        let depth = saved.nestingDepth
        guard depth <= InputLimits.yamlDepth else {
            throw CLIError(
                "\(dataPath): error: the edit would nest the values \(depth) levels deep, more than the \(InputLimits.yamlDepth) a values file may have (it could not be read back); nothing was written")
        }
        do {
            try AtomicFile.write(try project.valuesFormat.text(saved, json: dataPath.lowercased().hasSuffix(".json")), to: environment.path(dataPath))
        } catch {
            throw CLIError("\(dataPath): error: \(Files.reason(error))", status: CLIError.ioFailure)
        }
        let display = FieldDisplay(configs: project.configs)
        let lines = changes.map { change -> String in
            let field = try? project.configs.field(at: change.path, in: project.typeName)
            let shown = field.map { display.display(change.new, for: $0) } ?? change.new.plainText
            return "\(change.path) = \(shown)"
        }
        environment.say(lines.joined(separator: "\n") + "\n")
    }
}
