import ArgumentParser
import Foundation
import ModelForm
import ModelFormEditor
import ModelFormText
import ModelFormYAML

struct EditCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "edit",
        abstract: "Edit a values file in the terminal, full screen (or one prompt per field).",
        discussion: """
            Keys on the form:
              Up Down Tab Shift-Tab   move (always, whatever a field holds)
              PgUp PgDn Home End      move by a screen, to the first or last field
              Enter                   edit text or a number; toggle a switch; choose options; open a relationship, a collection or a map
              Space                   toggle a switch
              Ctrl-S                  save: validate everything, write the file, print what changed
              Esc                     back to the page before; on the form itself, cancel (asks first when something changed)
              Ctrl-C                  cancel from anywhere (asks first when something changed; Ctrl-C again: yes)
              Ctrl-Z                  suspend (fg resumes)      Ctrl-L  repaint
            In the line editor: Enter confirms (the text is checked, its error shown under the field), Esc abandons;
              Left Right Home End Backspace Delete, Ctrl-A start, Ctrl-E end, Ctrl-U clear, Ctrl-K delete to the end, Ctrl-W delete a word.
            In a picker: type to filter, Up Down move, Enter chooses (Esc goes back); in a multi-select or bitfield Space toggles, Enter closes.
            In a collection: a adds an item, d removes the focused one (after y), K J move it up or down when the collection is sortable.
            In a map: a asks for a new entry's key and adds it, r renames the focused entry, d removes it (after y).
            Long text opens in $VISUAL or $EDITOR when one is set, else in the line editor.
            Colours come from the theme's ansi* tokens; NO_COLOR turns them off.

            Without a terminal on standard input and output, or with TERM=dumb or --accessible, the editor asks one
            question per field instead (an empty answer keeps the value, - empties it; options by number; y/n for
            switches), then "Save changes? [y/N]" (values that do not validate are listed and asked again). No escape
            sequence is written in that mode.

            With --database FILE (a SQLite file, or postgres://USER@HOST/DATABASE) it lists the records of the type
            (--type, default the root) instead: ↑↓ move, Enter opens a record's form (Ctrl-S saves it, Esc goes back to
            the list), a adds one, d deletes one (after saying what goes with it, y), / searches the text fields, ← →
            change page, q quits. Each lookup is a choice among its records by title; a save is refused (nothing
            written) when someone else changed the record since it was read. Without a terminal the list is numbered
            and asks what to do. --record ID edits that one record and ends; --record new edits a new one.

            Exit status: 0 saved (or nothing to save); 130 cancelled (the file is unchanged); 2 no terminal with
            --full-screen, or the file could not be read or written.

            Examples:
              modelform edit --data config/registration.values.yaml
              modelform edit config/settings.types.yaml --focus volume
              printf 'Grace\\n\\ny\\n' | modelform edit --data config/registration.values.yaml --focus name
              modelform edit config/people.types.yaml --database people.sqlite
              modelform edit config/people.types.yaml --database people.sqlite --record 7
            """)

    @OptionGroup var project: ProjectOptions

    @Option(help: ArgumentHelp("The field to focus first (a path: name, address.city).", valueName: "path"))
    var focus: String?

    @Flag(help: "One prompt per field instead of the full screen (chosen anyway without a terminal or with TERM=dumb).")
    var accessible = false

    @Flag(help: "The full screen or nothing: without a terminal, stop with exit status 2 instead of prompting.")
    var fullScreen = false

    @OptionGroup var records: RecordOptions

    func validate() throws {
        if accessible && fullScreen { throw ValidationError("--accessible and --full-screen cannot be used together") }
        if records.database != nil, project.data != nil { throw ValidationError("give one of --data and --database") }
    }

    func run() throws {
        let project = try Project(project)
        let environment = CLIEnvironment.current
        if let database = records.database {
            let workspace = try RecordWorkspace(
                project: project, database: database, environment: environment, everyType: records.record == nil)
            defer { workspace.close() }
            guard let record = records.record else {
                return try browse(RecordBrowser(workspace: workspace), environment: environment)
            }
            let editing = try RecordEditing(workspace, record: record)
            let outcome = try edit(editing.form, project: project, named: editing.name, environment: environment)
            guard case .saved(let values) = outcome else {
                environment.say("cancelled; \(editing.name) is unchanged\n")
                throw ExitCode(130)
            }
            environment.say(try editing.save(values).message + "\n")
            return
        }
        guard let dataPath = project.dataPath, dataPath != "-" else {
            throw CLIError("error: edit needs --data FILE: the values file to edit")
        }
        let outcome = try edit(project.form, project: project, named: dataPath, environment: environment)
        guard case .saved(let values) = outcome else {
            environment.say("cancelled; \(dataPath) is unchanged\n")
            throw ExitCode(130)
        }
        try ChangeWriter(project: project, dataPath: dataPath).write(
            values, changes: FormChange.between(project.values, values))
    }

    /// `form` edited full screen or one question per field, from `--focus`; `name` is what
    /// is edited, in messages.
    private func edit(_ form: Form<FormValue>, project: Project, named name: String, environment: CLIEnvironment)
        throws -> EditorState.Outcome
    {
        let focusPath = try focus.map { text -> FormPath in
            do {
                let path = try FormPath(parsing: text)
                _ = try project.configs.field(at: path, in: project.typeName)
                return path
            } catch {
                // The closest of the form's own keys, for a mistyped one.
                let keys = project.configs[project.typeName]?.fields.compactMap(\.key) ?? []
                let hint = Suggestion.closest(to: text, in: keys).map { "; did you mean '\($0)'?" } ?? ""
                throw CLIError("error: --focus \(text): \(error)\(hint)")
            }
        }
        if try usesFullScreen(environment) {
            return try runFullScreen(form, focus: focusPath, environment: environment)
        }
        return try runAccessible(form, focus: focusPath, dataPath: name, environment: environment)
    }

    /// The list of a database's records, full screen or one question at a time.
    private func browse(_ browser: RecordBrowser, environment: CLIEnvironment) throws {
        guard try usesFullScreen(environment) else {
            return try browser.runAccessible(
                readLine: environment.readLine, readSecret: environment.readSecret, write: { environment.out($0) })
        }
        let terminal = try terminal(environment)
        defer { terminal.session.close() }
        try browser.runFullScreen(in: terminal.session, color: terminal.color, externalEditor: terminal.editor)
    }

    /// Whether the editor takes the full screen: with a terminal (TERM not dumb) unless
    /// --accessible; an error for --full-screen without one.
    private func usesFullScreen(_ environment: CLIEnvironment) throws -> Bool {
        let hasTerminal =
            environment.outputIsTerminal && isatty(STDIN_FILENO) == 1 && environment.variables["TERM"] != "dumb"
        guard fullScreen || (!accessible && hasTerminal) else { return false }
        guard hasTerminal else {
            throw CLIError(
                "error: modelform edit --full-screen needs a terminal on standard input and output (TERM not dumb); without --full-screen it asks one question per field",
                status: CLIError.ioFailure)
        }
        return true
    }

    /// The terminal taken over, whether it gets colours, and the editor long text opens in.
    private func terminal(_ environment: CLIEnvironment) throws -> (
        session: TerminalSession, color: Bool, editor: String?
    ) {
        let session: TerminalSession
        do { session = try TerminalSession() } catch {
            throw CLIError("error: modelform edit needs a terminal: \(error)", status: CLIError.ioFailure)
        }
        let variables = environment.variables
        let editor = [variables["VISUAL"], variables["EDITOR"]].compactMap { $0 }.first { !$0.isEmpty }
        return (session, TextRenderer.shouldUseColor(environment: variables, isTerminal: true), editor)
    }

    private func runFullScreen(_ form: Form<FormValue>, focus: FormPath?, environment: CLIEnvironment) throws
        -> EditorState.Outcome
    {
        let terminal = try terminal(environment)
        let end = TerminalEditor.run(
            EditorState(form: form, focus: focus), in: terminal.session, color: terminal.color,
            externalEditor: terminal.editor)
        return end.outcome ?? .cancelled
    }

    private func runAccessible(_ form: Form<FormValue>, focus: FormPath?, dataPath: String, environment: CLIEnvironment)
        throws -> EditorState.Outcome
    {
        var form = form
        var editor = AccessibleEditor(readLine: environment.readLine, write: { environment.out($0) })
        editor.readSecret = environment.readSecret
        let outcome = editor.run(&form, from: focus)
        guard let outcome else {
            environment.out("\n")
            environment.say("cancelled at the end of input; \(dataPath) is unchanged\n")
            throw ExitCode(130)
        }
        return outcome
    }
}
