/// A problem with one field: its path, the rule that found it, and a message for people.
///
/// Input that cannot be parsed has the rule `parse`; a validation rule has its own id
/// (`required`, `length`, `equalTo`, a custom check's name...).
public struct FieldError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The field's path.
    public var path: FormPath
    /// The rule id.
    public var rule: String
    /// The message.
    public var message: String

    /// A field error.
    public init(path: FormPath, rule: String, message: String) {
        self.path = path
        self.rule = rule
        self.message = message
    }

    /// `path: message`.
    public var description: String { path.isRoot ? message : "\(path): \(message)" }
}

/// Why an edit, a commit or a submission was refused. Nothing was changed.
public enum FormError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The path is malformed or leads to no value: the path text and why.
    case invalidPath(String, String)
    /// The path names no field of the form.
    case unknownField(String)
    /// The field cannot be edited this way: its path and why.
    case notEditable(String, String)
    /// Input could not be parsed.
    case invalidInput([FieldError])
    /// Validation found errors.
    case validationFailed([FieldError])
    /// The delegate refused to commit.
    case commitRefused
    /// The values could not be written back into the model type.
    case decodingFailed(String)

    /// The field errors this error carries (parse or validation), else none.
    public var fieldErrors: [FieldError] {
        switch self {
        case .invalidInput(let errors), .validationFailed(let errors): return errors
        default: return []
        }
    }

    /// A message naming the path.
    public var description: String {
        switch self {
        case .invalidPath(let path, let why): return "invalid path '\(path)': \(why)"
        case .unknownField(let path): return "'\(path)' is not a field of this form"
        case .notEditable(let path, let why): return "'\(path)' cannot be edited: \(why)"
        case .invalidInput(let errors), .validationFailed(let errors):
            return errors.map(\.description).joined(separator: "\n")
        case .commitRefused: return "the commit was refused"
        case .decodingFailed(let why): return "the values do not fit the model: \(why)"
        }
    }
}
