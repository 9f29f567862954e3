/// An action a form can run, with the text form used in HTML `name="_action"` buttons.
///
/// | text | action |
/// |---|---|
/// | `save`, `cancel`, `reset` | the standard actions |
/// | `add:friends` | append a new item (from the field's template) to a collection |
/// | `remove:friends[2]` | remove an item |
/// | `up:friends[2]`, `down:friends[2]` | move an item (sortable collections) |
/// | anything else | a custom action for the delegate (`submitRegistrationForm`) |
public enum FormAction: Hashable, Sendable, CustomStringConvertible {
    /// Validate and commit.
    case save
    /// Restore the original values.
    case cancel
    /// Restore every field's default.
    case reset
    /// Append an item to a collection.
    case add(FormPath)
    /// Remove a collection item.
    case remove(FormPath)
    /// Move a collection item one place up.
    case moveUp(FormPath)
    /// Move a collection item one place down.
    case moveDown(FormPath)
    /// A named action handled by the delegate.
    case custom(String)

    /// Reads the text form; text that is not a standard action is a custom one.
    public init(parsing text: String) {
        let parts = text.split(separator: ":", maxSplits: 1).map(String.init)
        if parts.count == 2, let path = try? FormPath(parsing: parts[1]) {
            switch parts[0] {
            case "add":
                self = .add(path)
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

    /// The collection a collection button works on (`friends` for `remove:friends[2]`).
    var collectionPath: FormPath? {
        switch self {
        case .add(let path): return path
        case .remove(let path), .moveUp(let path), .moveDown(let path): return path.parent
        default: return nil
        }
    }

    /// The text form.
    public var description: String {
        switch self {
        case .save: return "save"
        case .cancel: return "cancel"
        case .reset: return "reset"
        case .add(let path): return "add:\(path)"
        case .remove(let path): return "remove:\(path)"
        case .moveUp(let path): return "up:\(path)"
        case .moveDown(let path): return "down:\(path)"
        case .custom(let name): return name
        }
    }
}
