import Foundation
import ModelForm

/// The edits of one `apply`, made on a form one by one so that every error of every edit
/// is found in one run (an edit that does not parse, a path that is not a field or not
/// editable, then the rules over the result), in this order: removals, moves, additions,
/// then the `--set`s. Each sees the lists as the ones before it left them.
struct ApplyEdits {
    var removals: [String] = []
    var moves: [String] = []
    var additions: [String] = []
    var sets: [String] = []

    /// Whether there is nothing to do.
    var isEmpty: Bool { removals.isEmpty && moves.isEmpty && additions.isEmpty && sets.isEmpty }

    /// Makes the edits on `form`; returns every problem found (none: the form holds the
    /// edits, not yet validated by commit).
    func apply<Model>(to form: inout Form<Model>) -> [FieldError] {
        var problems: [FieldError] = []
        var failed: Set<FormPath> = []
        func attempt(_ text: String, _ edit: (inout Form<Model>) throws -> Void) {
            do { try edit(&form) } catch let error as FormError {
                let errors = Self.fieldErrors(error)
                problems += errors
                failed.formUnion(errors.map(\.path))
            } catch {
                problems.append(FieldError(path: FormPath(), rule: "usage", message: "\(error)"))
            }
        }
        for text in removals {
            attempt(text) { try $0.removeItem(at: try Self.path(text, option: "--remove")) }
        }
        for text in moves {
            attempt(text) { form in
                let (item, destination) = try Self.split(text)
                guard let position = Int(destination) else {
                    throw ApplyUsageError("--move \(text): the destination must be a position (PATH[i]=j)")
                }
                try form.moveItem(at: try Self.path(item, option: "--move"), to: position)
            }
        }
        for text in additions {
            attempt(text) { _ = try $0.addItem(to: try Self.path(text, option: "--add")) }
        }
        for text in sets {
            attempt(text) { form in
                let (pathText, value) = try Self.split(text)
                let path = try Self.path(pathText, option: "--set")
                Self.appendItems(on: path, in: &form)
                try form.setText(value, at: path)
            }
        }
        // The rules over the result, for the fields whose edit parsed.
        if !problems.isEmpty {
            problems += form.validate().filter { !failed.contains($0.path) }
        }
        return problems
    }

    /// `--set tags[2]=x` on a list of two items appends the third, at any depth
    /// (`members[3].name=Ann` on three members).
    private static func appendItems<Model>(on path: FormPath, in form: inout Form<Model>) {
        var prefix = FormPath()
        for component in path.components {
            if case .index(let index) = component, case .list(let items)? = form.values[prefix], items.count == index {
                _ = try? form.addItem(to: prefix)
            }
            prefix = prefix.appending(component)
        }
    }

    /// An error of the form as the field errors `apply` prints.
    private static func fieldErrors(_ error: FormError) -> [FieldError] {
        if !error.fieldErrors.isEmpty { return error.fieldErrors }
        switch error {
        case .notEditable(let path, let why):
            guard let at = try? FormPath(parsing: path) else { break }
            return [FieldError(path: at, rule: "readOnly", message: "cannot be edited: \(why)")]
        case .unknownField(let path):
            guard let at = try? FormPath(parsing: path) else { break }
            return [FieldError(path: at, rule: "unknown", message: "is not a field of this form")]
        default: break
        }
        return [FieldError(path: FormPath(), rule: "path", message: "\(error)")]
    }

    private static func split(_ text: String) throws -> (String, String) {
        guard let equals = text.firstIndex(of: "=") else {
            throw ApplyUsageError("'\(text)' is not PATH=VALUE")
        }
        return (String(text[..<equals]), String(text[text.index(after: equals)...]))
    }

    private static func path(_ text: String, option: String) throws -> FormPath {
        do { return try FormPath(parsing: text) } catch {
            throw ApplyUsageError("\(option) \(text.excerpt(60)): \(error)")
        }
    }
}

/// An edit written wrong (not PATH=VALUE, a path that does not parse).
struct ApplyUsageError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
