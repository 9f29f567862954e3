import Foundation
import ModelForm
import ModelFormHTML
import ModelFormMarkdown
import ModelFormTesting
import ModelFormText
import ModelFormYAML

/// The measured operations, shared by the benchmark suite and the comparison tool.
public struct Workloads: Sendable {
    public let fields: Int
    public let configs: ConfigDictionary
    public let values: FormValue
    public let submission: String

    public init(fields: Int) {
        self.fields = fields
        configs = WideForm.configs(fields: fields)
        values = WideForm.values(fields: fields)
        submission = WideForm.submission(fields: fields)
    }

    /// Describe a model from its YAML type definition and infer its forms.
    public static func describeAndConfigure(_ typeDefinition: String) throws -> ConfigDictionary {
        ConfigDictionary(try TypeDefinitionLoader.load(text: typeDefinition, file: "wide.types.yaml"))
    }

    /// The form tree of the values.
    public func tree() -> FormNode {
        FormTreeBuilder(configs: configs).build(typeName: "Wide", values: values)
    }

    public func html() -> String { HTMLRenderer().render(tree()) }
    public func markdown() -> String { MarkdownRenderer().render(tree()) }
    public func text() -> String { TextRenderer(width: 100).render(tree()) }

    /// Parse and validate the submission; returns the number of errors (0).
    public func bindAndValidate() throws -> Int {
        var session = FormSession(values: DefaultValues.record(for: "Wide", configs: configs), configs: configs, typeName: "Wide")
        let (candidate, _) = try session.submissionCandidate(submission)
        session = candidate
        return session.errors.count
    }

    /// Load a config file of about `lines` lines over the model.
    public static func loadConfig(_ text: String, fields: Int) throws -> ConfigDictionary {
        var configs = ConfigDictionary(WideForm.model(fields: fields))
        try ConfigLoader().apply(text: text, file: "wide.forms.yaml", to: &configs)
        return configs
    }
}
