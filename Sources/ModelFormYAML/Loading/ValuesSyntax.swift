import ModelForm

/// The syntax a values file is written in, known from its name: `.json` is JSON, `.toml`
/// TOML, anything else YAML.
///
/// ```swift
/// let syntax = ValuesSyntax(path: "Cargo.values.toml")  // .toml
/// let text = try format.text(values, syntax: syntax)
/// ```
public enum ValuesSyntax: Sendable, Hashable {
    case yaml, json, toml

    /// The syntax of the file at `path`, by its extension (in any case).
    public init(path: String) {
        let lowered = path.lowercased()
        self = lowered.hasSuffix(".json") ? .json : lowered.hasSuffix(".toml") ? .toml : .yaml
    }

    /// A file name of this syntax, for messages about text that has none.
    var fileName: String {
        switch self {
        case .yaml: return "values.yaml"
        case .json: return "values.json"
        case .toml: return "values.toml"
        }
    }
}
