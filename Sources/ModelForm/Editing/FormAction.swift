/// An action a form can run, with the text form used in HTML `name="_action"` buttons.
///
/// | text | action |
/// |---|---|
/// | `save`, `cancel`, `reset` | the standard actions |
/// | `add:friends` | append a new item (from the field's template) to a collection |
/// | `add-entry:scripts["build"]` | add the entry `build` to the map `scripts` |
/// | `remove:friends[2]`, `remove:scripts["build"]` | remove an item or an entry |
/// | `up:friends[2]`, `down:friends[2]` | move an item (sortable collections) |
/// | anything else | a custom action for the delegate (`submitRegistrationForm`) |
///
/// What a submission asked for:
///
/// ```swift
/// let action: FormAction? = try form.apply(pairs: [("stops[0][town]", "Beaune"), ("_action", "add:stops")])
/// switch action {
/// case .add(let path)?: print("a new item in", path)  // stops
/// case .save?, .custom?: print(action?.description ?? "")
/// default: break
/// }
/// ```
public enum FormAction: Hashable, Sendable, CustomStringConvertible {
    /// Validate and commit.
    case save
    /// Restore the original values.
    case cancel
    /// Restore every field's default.
    case reset
    /// Append an item to a collection.
    case add(FormPath)
    /// Add an entry to a map: the path is the new entry's (the map's, then the new key).
    case addEntry(FormPath)
    /// Remove a collection item or a map's entry.
    case remove(FormPath)
    /// Move a collection item one place up.
    case moveUp(FormPath)
    /// Move a collection item one place down.
    case moveDown(FormPath)
    /// A named action handled by the delegate.
    case custom(String)

    /// Reads the text form; text that is not a standard action is a custom one.
    package init(parsing text: String) {
        let parts = text.split(separator: ":", maxSplits: 1).map(String.init)
        if parts.count == 2, let path = try? FormPath(parsing: parts[1]) {
            switch parts[0] {
            case "add":
                self = .add(path)
                return
            case "add-entry":
                guard case .key? = path.last, path.parent != nil else { break }
                self = .addEntry(path)
                return
            case "remove":
                self = .remove(path)
                return
            case "up":
                self = .moveUp(path)
                return
            case "down":
                self = .moveDown(path)
                return
            default: break
            }
        }
        switch text {
        case "save": self = .save
        case "cancel": self = .cancel
        case "reset": self = .reset
        default: self = .custom(text)
        }
    }

    /// The collection or map a button works on (`friends` for `remove:friends[2]`).
    package var collectionPath: FormPath? {
        switch self {
        case .add(let path): return path
        case .addEntry(let path), .remove(let path), .moveUp(let path), .moveDown(let path): return path.parent
        default: return nil
        }
    }

    /// The action with its path changed by `transform` (a custom action, or one without a
    /// path, as it is).
    func movingPath(_ transform: (FormPath) -> FormPath) -> FormAction {
        switch self {
        case .add(let path): .add(transform(path))
        case .addEntry(let path): .addEntry(transform(path))
        case .remove(let path): .remove(transform(path))
        case .moveUp(let path): .moveUp(transform(path))
        case .moveDown(let path): .moveDown(transform(path))
        case .save, .cancel, .reset, .custom: self
        }
    }

    /// The text form.
    public var description: String {
        switch self {
        case .save: return "save"
        case .cancel: return "cancel"
        case .reset: return "reset"
        case .add(let path): return "add:\(path)"
        case .addEntry(let path): return "add-entry:\(path)"
        case .remove(let path): return "remove:\(path)"
        case .moveUp(let path): return "up:\(path)"
        case .moveDown(let path): return "down:\(path)"
        case .custom(let name): return name
        }
    }
}

extension FormAction {
    /// The action a submission's button asked for: its first `_action` pair's value, read by
    /// ``init(parsing:)``; `nil` when it names no button. Binding and a server's checks before
    /// binding (cancel, a removal to confirm) read the button here, so they agree on it.
    package static func requested(in pairs: [(name: String, value: String)]) -> FormAction? {
        pairs.first { $0.name == FormSession.actionFieldName }.map { FormAction(parsing: $0.value) }
    }
}
