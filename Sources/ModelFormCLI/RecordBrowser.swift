import Foundation
import ModelForm
import ModelFormEditor
import ModelFormServer
import ModelFormText

/// The records of a type in the terminal (`modelform edit TYPES --database DB` without
/// `--record`): a list with search and pages, each record's form opened from it and back to
/// it after a save or a cancel, a new record, and a delete that asks first (saying what goes
/// with it) and keeps the lookups' delete policies, as the server's change list does.
struct RecordBrowser {
    let workspace: RecordWorkspace

    var typeName: String { workspace.project.typeName }

    /// Full screen in `session`, until the user quits.
    func runFullScreen(in session: TerminalSession, color: Bool, externalEditor: String?) throws {
        let theme = workspace.project.form.environment.theme
        let form = { (form: Form<FormValue>) -> EditorState.Outcome in
            let end = TerminalEditor.runKeepingSession(
                EditorState(form: form), in: session, color: color, externalEditor: externalEditor)
            return end.outcome ?? .cancelled
        }
        var list = RecordListState(try listing(search: nil, page: 1))
        while true {
            list = RecordListEditor.run(list, in: session, color: color, theme: theme)
            let request = list.request
            list.request = nil
            switch request {
            case .quit?, nil: return
            case .open(let id)?:
                list.message = edit(id: id, form).message
                refresh(&list, focusing: id)
            case .add?:
                let added = edit(id: nil, form)
                list.message = added.message
                refresh(&list, focusing: added.id)
            case .load(let search, let page)?:
                do { list.show(try listing(search: search, page: page)) } catch { list.message = message(error) }
            case .askDeletion(let id)?:
                do {
                    switch try question(id) {
                    case .ask(let text, let version): list.confirm(text + " (y deletes)", id: id, version: version)
                    case .refused(let text): list.message = text
                    }
                } catch { list.message = message(error) }
            case .delete(let id, let version)?:
                list.message = delete(id, version: version)
                refresh(&list, focusing: nil)
            }
        }
    }

    /// One question at a time (`readLine`, `write`), until the user quits or the input ends.
    func runAccessible(
        readLine: @escaping () -> String?, readSecret: (() -> String?)?, write: @escaping (String) -> Void
    ) throws {
        var search: String?
        var page = 1
        func say(_ text: String) { write(TerminalEscaping.escape(text)) }
        while true {
            let listing = try self.listing(search: search, page: page)
            page = listing.page
            var heading = "\(listing.title): \(listing.count == 1 ? "1 record" : "\(listing.count) records")"
            if let search = listing.search { heading += " matching “\(search)”" }
            if listing.pages > 1 { heading += ", page \(listing.page) of \(listing.pages)" }
            say(heading + "\n")
            for (index, row) in listing.rows.enumerated() {
                say("  \(index + 1). " + row.cells.joined(separator: " · ") + "\n")
            }
            var choices = listing.rows.isEmpty ? [] : ["a number opens a record", "d and a number deletes one"]
            choices += ["a adds one", "/ and words search"]
            if listing.search != nil { choices.append("/ alone lists all") }
            if listing.page < listing.pages { choices.append("> next page") }
            if listing.page > 1 { choices.append("< previous page") }
            choices.append("q quits")
            say(choices.joined(separator: "; ") + ": ")
            guard let answer = readLine()?.trimmingCharacters(in: .whitespaces) else {
                write("\n")
                return
            }
            // The record a number names (`3`), or a delete of one (`d3`).
            func chosen(_ text: some StringProtocol) -> Int64? {
                Int(text.trimmingCharacters(in: .whitespaces)).flatMap {
                    listing.rows.indices.contains($0 - 1) ? listing.rows[$0 - 1].id : nil
                }
            }
            let opened = chosen(answer)
            let deleted = answer.hasPrefix("d") ? chosen(answer.dropFirst()) : nil
            let asking = { (form: Form<FormValue>) -> EditorState.Outcome in
                var form = form
                var editor = AccessibleEditor(readLine: readLine, write: write)
                editor.readSecret = readSecret
                return editor.run(&form) ?? .cancelled
            }
            if let id = opened {
                say(edit(id: id, asking).message + "\n")
            } else if let id = deleted {
                switch try question(id) {
                case .ask(let text, let version):
                    say(text + " [y/N]: ")
                    guard readLine()?.lowercased().hasPrefix("y") == true else {
                        say("not deleted\n")
                        continue
                    }
                    say(delete(id, version: version) + "\n")
                case .refused(let text): say(text + "\n")
                }
            } else if answer == "q" || answer == "quit" {
                return
            } else if answer == ">" {
                page += 1
            } else if answer == "<" {
                page = max(1, page - 1)
            } else if answer == "a" || answer == "add" {
                say(edit(id: nil, asking).message + "\n")
            } else if answer.hasPrefix("/") {
                let words = answer.dropFirst().trimmingCharacters(in: .whitespaces)
                search = words.isEmpty ? nil : words
                page = 1
            } else {
                say("! '\(answer)' is none of these\n")
            }
        }
    }

    private func listing(search: String?, page: Int) throws -> RecordListing {
        let server = workspace.server
        let typeName = typeName
        return try workspace.run { try await server.listing(of: typeName, search: search, page: page) }
    }

    /// What deleting record `id` does, asked first; a record that is not there, a refusal.
    private func question(_ id: Int64) throws -> RecordDeletionQuestion {
        let server = workspace.server
        let typeName = typeName
        return try workspace.run { try await server.deletionQuestion(of: typeName, id: id) }
            ?? .refused("there is no \(typeName) record \(id) (it may have been deleted)")
    }

    private func delete(_ id: Int64, version: Int64) -> String {
        let server = workspace.server
        let typeName = typeName
        do {
            return try workspace.run { try await server.deleteRecord(of: typeName, id: id, version: version) }
        } catch { return message(error) }
    }

    /// Record `id` (`nil`: a new one) edited by `run`, then saved: what happened, in a line,
    /// and the record's id (a new record's once it is added).
    private func edit(id: Int64?, _ run: (Form<FormValue>) -> EditorState.Outcome) -> (message: String, id: Int64?) {
        do {
            let editing = try RecordEditing(workspace, id: id)
            guard case .saved(let values) = run(editing.form) else {
                return ("cancelled; \(editing.name) is unchanged", id)
            }
            return try editing.save(values)
        } catch { return (message(error), id) }
    }

    /// The list again after a change, focused on `id`; a failure as the list's message.
    private func refresh(_ list: inout RecordListState, focusing id: Int64?) {
        do {
            list.show(try listing(search: list.listing.search, page: list.listing.page), focusing: id)
        } catch {
            list.message = message(error)
        }
    }

    private func message(_ error: any Error) -> String {
        (error as? CLIError)?.message ?? "error: \(workspace.shown): \(error)"
    }
}
