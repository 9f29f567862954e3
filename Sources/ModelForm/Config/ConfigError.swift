/// A code override that names something the form does not have: the same mistake a YAML
/// file gets a caret for, reported with a suggestion.
///
/// ```swift
/// do {
///     try form.configs[User.self]?.update("emial") { $0.title = "Mail" }
/// } catch {
///     message = "\(error)"  // unknown field 'emial' in 'User'; did you mean 'email'?
/// }
/// ```
///
/// Any mistake in a configuration made in code:
///
/// ```swift
/// do throws(ConfigError) {
///     try form.configs[Guest.self]?.exclude(["nmae"])
/// } catch {
///     print(error)  // unknown field 'nmae' in 'Guest'; did you mean 'name'?
/// }
/// ```
public enum ConfigError: Error, Hashable, Sendable, CustomStringConvertible {
    /// `key` is not a field of `typeName`; `suggestion` is the closest key, if any.
    case unknownField(key: String, typeName: String, suggestion: String?)

    public var description: String {
        switch self {
        case .unknownField(let key, let typeName, let suggestion):
            return "unknown field '\(key)' in '\(typeName)'" + (suggestion.map { "; did you mean '\($0)'?" } ?? "")
        }
    }
}
