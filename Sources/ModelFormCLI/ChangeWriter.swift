import ModelForm
import ModelFormYAML

/// The end of every command that edits a values file (`apply`, `edit`): under the file's
/// lock (shared with `serve` and every other writer), check whether another program saved
/// since the command read the file, and if so put these changes on top of its values when
/// the two touched different fields (else refuse, naming them, and write nothing); check the
/// values can be read back, write them atomically (keeping the file's permissions; the file
/// edited in place where only values changed, so its comments and style stay), then print
/// only the changed values, one `path = value` line each.
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
                "\(dataPath): error: the edit would nest the values \(depth) levels deep, more than the \(InputLimits.yamlDepth) a values file may have (it could not be read back); nothing was written"
            )
        }
        let lock: FileLock
        do { lock = try FileLock.acquire(beside: environment.path(dataPath)) } catch {
            throw CLIError("\(dataPath): error: \(Files.reason(error))", status: CLIError.ioFailure)
        }
        defer { lock.release() }
        let current = try Files.read(dataPath)
        let values = try valuesToWrite(saved, changes: changes, current: current)
        let text: String
        let inPlace: Bool
        do {
            // The file edited where only values changed: its comments and style are kept.
            (text, inPlace) = try project.valuesFormat.edited(
                values, syntax: ValuesSyntax(path: dataPath), editing: current)
        } catch let refusal as ValuesEditRefusal {
            throw CLIError(
                "\(dataPath):\(refusal.line):\(refusal.column): error: \(refusal.message)",
                status: CLIError.invalidInput)
        } catch {
            throw CLIError("\(dataPath): error: \(Files.reason(error))", status: CLIError.ioFailure)
        }
        // Never a file that no command could read back.
        guard text.utf8.count <= InputLimits.fileBytes else {
            throw CLIError(
                "\(dataPath): error: the values would be \(text.utf8.count) bytes, more than the \(InputLimits.fileBytes) a values file may have; nothing was written"
            )
        }
        do {
            try AtomicFile.write(text, to: environment.path(dataPath))
        } catch {
            throw CLIError("\(dataPath): error: \(Files.reason(error))", status: CLIError.ioFailure)
        }
        environment.say(lines(changes).joined(separator: "\n") + "\n")
        // Edited in place, only the comments of removed entries went, with them.
        let dropped = inPlace ? 0 : Self.droppedComments(from: current, in: text)
        if dropped > 0 {
            environment.complain(
                "\(dataPath): note: the file was written whole (a mapping with a merge key gained or lost a key), and \(dropped) of its comments are gone; an edit of values, keys, entries or items keeps them\n"
            )
        }
    }

    /// How many of the YAML `original`'s comments (`#` at a line's start or after a space,
    /// to the line's end) the written text no longer holds.
    static func droppedComments(from original: String, in written: String) -> Int {
        original.split(whereSeparator: \.isNewline).filter { line in
            let body = line.drop { $0 == " " }
            let comment: Substring? =
                body.first == "#" ? body : line.firstRange(of: " #").map { line[line.index(after: $0.lowerBound)...] }
            guard let comment, comment.count > 1 else { return false }
            return !written.contains(comment)
        }.count
    }

    /// `saved`, or when another program saved the file since it was read, these changes on
    /// top of what it saved, validated as a whole.
    private func valuesToWrite(_ saved: FormValue, changes: [FormChange], current text: String) throws -> FormValue {
        guard text != project.dataText else { return saved }
        let theirs: FormValue
        do { theirs = try project.valuesFormat.read(text: text, file: dataPath) } catch {
            throw CLIError(
                "\(dataPath): error: the file changed while the edit was made and cannot be read now; nothing was written\n\(error)"
            )
        }
        let other = FormChange.between(project.values, theirs)
        let clashes = changes.filter { mine in other.contains { Self.overlap(mine.path, $0.path) } }
        guard clashes.isEmpty else {
            throw CLIError(
                "\(dataPath): error: another program saved the file while the edit was made, and changed \(clashes.map(\.path.description).joined(separator: ", ")) too; nothing was written. The edit was:\n"
                    + lines(changes).joined(separator: "\n"))
        }
        var merged = project
        merged.values = theirs
        var form = merged.form
        do {
            for change in changes { try form.setValue(change.new, at: change.path) }
            return try form.commit()
        } catch {
            throw CLIError(
                "\(dataPath): error: another program saved the file while the edit was made, and the two together are not valid: \(error); nothing was written"
            )
        }
    }

    /// Whether two changes touch the same value: one path is the other's prefix, counting a
    /// collection as one value (an item's index may have moved).
    static func overlap(_ a: FormPath, _ b: FormPath) -> Bool {
        func entity(_ path: FormPath) -> [FormPath.Component] {
            Array(path.components.prefix { if case .index = $0 { false } else { true } })
        }
        let (x, y) = (entity(a), entity(b))
        return x.starts(with: y) || y.starts(with: x)
    }

    private func lines(_ changes: [FormChange]) -> [String] {
        let display = FieldDisplay(configs: project.configs)
        return changes.map { change -> String in
            let field = try? project.configs.field(at: change.path, in: project.typeName)
            let shown = field.map { display.display(change.new, for: $0) } ?? change.new.plainText
            return "\(change.path) = \(shown)"
        }
    }
}
