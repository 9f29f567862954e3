import Foundation
import ModelForm
import ModelFormText

/// The editor without a screen: one prompt per field (`Name [Ada Lovelace]: `), for screen
/// readers, pipes and `TERM=dumb`. An empty answer keeps the value, `-` empties it (`\-` is a
/// dash); switches take `y` or
/// `n`; options are chosen by number (several, separated by commas, for a multi-select or a
/// bitfield; `0` for none); a bad answer is asked again with its error. A to-one
/// relationship's fields are asked in turn (`Address › City`), and so are a collection's
/// items, followed by questions to remove and add items, and a map's entries
/// (`Scripts › build`), followed by questions to rename, remove and add entries by key. Then `Save changes? [y/N]`; when
/// the values do not validate, every error is listed and its field asked again. No
/// escape sequence is ever written: values and messages show control characters in caret
/// notation.
///
/// ```swift
/// var answers = ["Grace", "", "y"].makeIterator()
/// var transcript = ""
/// var form = Form(
///     values: .record(["name": .string("Ada"), "age": .int(36)]), configs: configs, typeName: "Person")
/// let outcome = AccessibleEditor(readLine: { answers.next() }, write: { transcript += $0 }).run(&form)
/// // transcript: Name [Ada]: Age [36]: Save changes? [y/N]:   outcome: .saved(...)
/// ```
public struct AccessibleEditor {
    /// Reads one line without its line break; `nil` at the end of input.
    public var readLine: () -> String?
    /// Reads a password's line without showing it (a terminal's echo off); ``readLine``
    /// when `nil`.
    public var readSecret: (() -> String?)?
    /// Writes text as it is.
    public var write: (String) -> Void

    public init(readLine: @escaping () -> String?, write: @escaping (String) -> Void) {
        self.readLine = readLine
        self.write = write
    }

    /// Asks every shown field of `form` (from the field at `focus` when given), then whether
    /// to save. `nil` when the input ended before the save question was answered (the caller
    /// cancels).
    public func run(_ form: inout Form<FormValue>, from focus: FormPath? = nil) -> EditorState.Outcome? {
        guard ask(&form, entity: FormPath(), typeName: form.typeName, trail: [], from: focus) else { return nil }
        while true {
            write("Save changes? [y/N]: ")
            guard let answer = readLine() else { return nil }
            guard answer.lowercased().hasPrefix("y") else {
                form.cancel()
                return .cancelled
            }
            do {
                return .saved(try form.commit())
            } catch {
                // Every error, then its field asked again (an empty answer keeps the value).
                let errors = form.errors
                for problem in errors { say("! \(problem)\n") }
                for path in Set(errors.map(\.path)).sorted() {
                    guard let field = try? form.field(at: path), !path.isRoot, Self.isOneValue(field) else { continue }
                    guard askValue(&form, at: path, field: field, title: title(of: path, in: form)) else { return nil }
                }
            }
        }
    }

    /// A field's prompt title from the form: `Address › City`.
    private func title(of path: FormPath, in form: Form<FormValue>) -> String {
        var titles: [String] = []
        var prefix = FormPath()
        for component in path.components {
            prefix = prefix.appending(component)
            if case .index(let index) = component {
                titles[titles.count - 1] += " \(index + 1)"
            } else {
                titles.append((try? form.field(at: prefix))?.title ?? prefix.description)
            }
        }
        return titles.joined(separator: " › ")
    }

    private func say(_ text: String) { write(TerminalEscaping.escape(text)) }

    /// Asks the fields of one entity; `false` when the input ended.
    private func ask(
        _ form: inout Form<FormValue>, entity: FormPath, typeName: String, trail: [String], from focus: FormPath? = nil
    ) -> Bool {
        guard let config = form.configs[typeName] else { return true }
        var skipping = focus?.components.first
        for field in config.fields {
            guard let key = field.key, !field.hidden, !field.readOnly, !field.isVirtual, field.type != .action else {
                continue
            }
            if let first = skipping {
                guard first == .key(key) else { continue }
                skipping = nil
            }
            let path = entity.appending(key: key)
            guard form.fieldState(at: path).isVisible else { continue }
            guard askField(&form, at: path, field: field, trail: trail + [field.title]) else { return false }
        }
        return true
    }

    /// Asks one field: a collection's items, a map's entries, a related entity's fields, or
    /// the value; `false` when the input ended.
    private func askField(_ form: inout Form<FormValue>, at path: FormPath, field: Field, trail: [String]) -> Bool {
        switch field.shape {
        case .records, .items: return askCollection(&form, at: path, field: field, trail: trail)
        case .entries: return askMap(&form, at: path, field: field, trail: trail)
        case .positions:
            // A tuple: each position's question in turn (`Plugin › Plugin 1`).
            let count: Int
            if case .list(let items)? = form.values[path] { count = items.count } else { count = 0 }
            for index in 0..<max(field.positions.count, count) {
                guard let item = field.itemField(at: index) else { continue }
                let trail = trail + [field.itemTitle(at: index)]
                guard askField(&form, at: path.appending(.index(index)), field: item, trail: trail) else {
                    return false
                }
            }
            return true
        case .record(let target): return ask(&form, entity: path, typeName: target, trail: trail)
        case .single: return askValue(&form, at: path, field: field, title: trail.joined(separator: " › "))
        case .alternatives:
            // Which alternative (a numbered menu), then the chosen one's own questions.
            guard askValue(&form, at: path, field: field, title: trail.joined(separator: " › ")) else { return false }
            guard case .chosen(let index) = form.configs.alternative(of: field, for: form.values[path] ?? .null),
                let alternative = field.alternativeField(index)
            else { return true }
            let at = field.alternatives[index].key.map { path.appending(key: $0) } ?? path
            return askField(&form, at: at, field: alternative, trail: trail + [field.alternativeTitle(index)])
        }
    }

    /// Whether a field is one value asked as such (not items, entries or a record's fields).
    private static func isOneValue(_ field: Field) -> Bool {
        switch field.shape {
        case .single: true
        case .record, .records, .items, .positions, .entries, .alternatives: false
        }
    }

    /// Asks each entry of a map (`Scripts › build`), then which to rename, which to remove
    /// and whether to add more, each by key.
    private func askMap(_ form: inout Form<FormValue>, at path: FormPath, field: Field, trail: [String]) -> Bool {
        let title = trail.joined(separator: " › ")
        func keys(_ form: Form<FormValue>) -> [String] {
            guard case .record(let entries)? = form.values[path] else { return [] }
            return entries.keys
        }
        for key in keys(form) {
            guard let entry = field.entryField(key) else { continue }
            guard askField(&form, at: path.appending(key: key), field: entry, trail: trail + [key]) else {
                return false
            }
        }
        for question in [MapQuestion.rename, .remove, .add] {
            while question == .add || !keys(form).isEmpty {
                say("\(title): \(question.rawValue) an entry? Its key, or Enter for none: ")
                guard let key = readLine() else { return false }
                guard !key.isEmpty else { break }
                let entryPath = path.appending(key: key)
                if question != .add, !keys(form).contains(key) {
                    say("! there is no entry \(FormPath.quoted(key)): answer one of \(Self.list(keys(form)))\n")
                    continue
                }
                do {
                    switch question {
                    case .rename:
                        say("\(title): new key for \(FormPath.quoted(key)): ")
                        guard let new = readLine() else { return false }
                        guard !new.isEmpty else { continue }
                        try form.renameEntry(at: entryPath, to: new)
                    case .remove:
                        try form.removeItem(at: entryPath)
                    case .add:
                        let added = try form.addEntry(key, to: path)
                        guard let entry = field.entryField(key) else { break }
                        guard askField(&form, at: added, field: entry, trail: trail + [key]) else { return false }
                    }
                } catch {
                    say("! \(error.fieldErrors.first?.message ?? "\(error)")\n")
                }
            }
        }
        return true
    }

    /// The questions asked after a map's entries, in order.
    private enum MapQuestion: String {
        case rename, remove, add
    }

    /// Keys as a list to answer from: `"a", "b" or "c"`.
    private static func list(_ keys: [String]) -> String {
        let quoted = keys.map(FormPath.quoted)
        guard quoted.count > 1 else { return quoted.first ?? "" }
        return quoted.dropLast().joined(separator: ", ") + " or " + (quoted.last ?? "")
    }

    /// Asks each item of a collection, then which to remove and whether to add more.
    private func askCollection(_ form: inout Form<FormValue>, at path: FormPath, field: Field, trail: [String]) -> Bool
    {
        guard let template = field.itemField else { return true }
        var index = 0
        while case .list(let items)? = form.values[path], index < items.count {
            guard
                askField(
                    &form, at: path.appending(.index(index)), field: template, trail: Self.itemTrail(trail, index))
            else { return false }
            index += 1
        }
        while case .list(let items)? = form.values[path], !items.isEmpty {
            say(
                "\(trail.joined(separator: " › ")): remove an item? Its number (\(items.count == 1 ? "1" : "1-\(items.count)")), or Enter for none: "
            )
            guard let answer = readLine() else { return false }
            guard !answer.isEmpty else { break }
            guard let number = Int(answer.trimmingSpaces), items.indices.contains(number - 1) else {
                say("! answer a number from 1 to \(items.count)\n")
                continue
            }
            do { try form.removeItem(at: path.appending(.index(number - 1))) } catch { say("! \(error)\n") }
        }
        while true {
            say("\(trail.joined(separator: " › ")): add an item? [y/N]: ")
            guard let answer = readLine() else { return false }
            guard answer.lowercased().hasPrefix("y") else { break }
            do {
                let item = try form.addItem(to: path)
                guard case .index(let number) = item.last else { break }
                guard askField(&form, at: item, field: template, trail: Self.itemTrail(trail, number)) else {
                    return false
                }
            } catch {
                say("! \(error)\n")
                break
            }
        }
        return true
    }

    /// The titles of an item's prompts: the collection's title numbered (`Members 2`).
    private static func itemTrail(_ trail: [String], _ index: Int) -> [String] {
        trail.dropLast() + ["\(trail.last ?? "Item") \(index + 1)"]
    }

    /// Asks one value until it is taken or kept; `false` when the input ended.
    private func askValue(_ form: inout Form<FormValue>, at path: FormPath, field: Field, title: String) -> Bool {
        let display = FieldDisplay(configs: form.configs, transformers: form.environment.transformers)
        while true {
            let value = form.values[path] ?? .null
            // The choices of the field asked (an untagged alternative shares its union's path).
            let choices = field.options.isEmpty && field.shape != .alternatives ? [] : form.options(for: path)
            var prompt = title
            if field.type == .boolean || field.type == .option {
                prompt += value == .bool(true) ? " [Y/n]: " : " [y/N]: "
            } else {
                if !choices.isEmpty {
                    say(Self.menu(choices, many: field.type == .multiSelect || field.type == .bitfield) + "\n")
                }
                // A prompt is one line: line breaks in a value show as ↵.
                let shown =
                    field.type == .password
                    ? (value.plainText.isEmpty ? "" : "••••••••")
                    : display.display(value, for: field).trimmingCharacters(in: .newlines).replacingOccurrences(
                        of: "\n", with: " ↵ ")
                prompt += Self.hint(field) + (shown.isEmpty ? ": " : " [\(shown)]: ")
            }
            say(prompt)
            guard var answer = (field.type == .password ? readSecret ?? readLine : readLine)() else { return false }
            if answer.isEmpty { return true }
            // A lone "-" empties the field; "\-" is a dash.
            if answer == "-" { answer = "" } else if answer == "\\-" { answer = "-" }
            do {
                if answer.isEmpty {
                    try form.setText("", at: path)
                } else if !choices.isEmpty {
                    try choose(answer, choices: choices, in: &form, at: path, field: field)
                } else if field.type == .boolean || field.type == .option {
                    try form.setText(Self.switchText(answer), at: path)
                } else {
                    try form.setText(answer, at: path)
                }
                // A rule the value breaks is said now, as a parse error is, and the field
                // asked again (an empty answer keeps the value).
                let broken = form.validate().filter { $0.path == path }
                guard broken.isEmpty else {
                    for problem in broken { say("! \(problem.message)\n") }
                    continue
                }
                return true
            } catch {
                say("! \((error as? FormError)?.fieldErrors.first?.message ?? "\(error)")\n")
            }
        }
    }

    /// The numbered choices: `0) none` for a placeholder (or an empty multi-select).
    private static func menu(_ choices: [OptionChoice], many: Bool) -> String {
        var entries: [String] = []
        var number = 1
        for choice in choices {
            if choice.isPlaceholder {
                entries.append("0) \(choice.title)")
            } else {
                entries.append("\(number)) \(many && choice.isSelected ? "[x] " : "")\(choice.title)")
                number += 1
            }
        }
        if many, !choices.contains(where: \.isPlaceholder) { entries.append("0) none") }
        return entries.joined(separator: "  ")
    }

    /// What a prompt adds so the answer's form is known.
    private static func hint(_ field: Field) -> String {
        switch field.type {
        case .multiSelect, .bitfield: " (numbers, separated by commas)"
        case .options: " (a number)"
        case .date: " (YYYY-MM-DD)"
        case .time: " (HH:MM)"
        case .dateTime: " (YYYY-MM-DD HH:MM)"
        case .image: " (base64 or a data: URL)"
        default:
            // A text's suggested values (any other text is taken too).
            field.offeredSuggestions.isEmpty
                ? "" : " (such as " + field.offeredSuggestions.joined(separator: ", ") + ")"
        }
    }

    private static func switchText(_ answer: String) -> String {
        let lowered = answer.lowercased()
        if lowered.hasPrefix("y") { return "true" }
        if lowered.hasPrefix("n") { return "false" }
        return answer
    }

    /// Applies a numbered answer: one number, or several for a multi-select or bitfield.
    private func choose(
        _ answer: String, choices: [OptionChoice], in form: inout Form<FormValue>, at path: FormPath, field: Field
    ) throws {
        let options = choices.filter { !$0.isPlaceholder }
        let placeholder = choices.first(where: \.isPlaceholder)
        let many = field.type == .multiSelect || field.type == .bitfield
        var numbers: [Int] = []
        for part in answer.split(whereSeparator: { $0 == "," || $0 == " " }) {
            guard let number = Int(part), (0...options.count).contains(number) else {
                throw ChoiceError(
                    message:
                        "answer \(many ? "numbers" : "a number") from \(placeholder != nil || many ? 0 : 1) to \(options.count)"
                )
            }
            numbers.append(number)
        }
        guard many || numbers.count == 1 else { throw ChoiceError(message: "choose one number") }
        if numbers == [0] {
            if let placeholder {
                try form.selectOption(at: placeholder.index, for: path)
            } else if many {
                for choice in options where choice.isSelected { try form.deselectOption(at: choice.index, for: path) }
            } else {
                throw ChoiceError(message: "answer a number from 1 to \(options.count)")
            }
            return
        }
        if many {
            let wanted = Set(numbers.map { options[$0 - 1].index })
            for choice in options where choice.isSelected != wanted.contains(choice.index) {
                if wanted.contains(choice.index) {
                    try form.selectOption(at: choice.index, for: path)
                } else {
                    try form.deselectOption(at: choice.index, for: path)
                }
            }
        } else {
            try form.selectOption(at: options[numbers[0] - 1].index, for: path)
        }
    }
}

/// A numbered answer that names no choice.
private struct ChoiceError: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
}

extension String {
    var trimmingSpaces: String {
        var text = Substring(self)
        while text.first == " " { text = text.dropFirst() }
        while text.last == " " { text = text.dropLast() }
        return String(text)
    }
}
