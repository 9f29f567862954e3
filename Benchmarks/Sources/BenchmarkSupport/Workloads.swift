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
    /// The submission already split and percent-decoded, as WTForms and Django receive it
    /// from their web frameworks.
    public let submissionPairs: [(name: String, value: String)]
    /// A form over the values, for drawing: its tree is what a renderer is given.
    let form: Form<FormValue>
    /// Every field's default: the values a bound form starts from.
    let defaults: FormValue

    public init(fields: Int) {
        self.fields = fields
        configs = WideForm.configs(fields: fields)
        values = WideForm.values(fields: fields)
        submission = WideForm.submission(fields: fields)
        submissionPairs = Self.decodedPairs(submission)
        form = Form(values: values, configs: configs, typeName: "Wide")
        var reset = form
        reset.reset()
        defaults = reset.values
    }

    /// An `application/x-www-form-urlencoded` body's pairs, decoded (`+` is a space), as a
    /// web framework hands them over.
    static func decodedPairs(_ body: String) -> [(name: String, value: String)] {
        body.split(separator: "&").map { pair in
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            func decoded(_ text: Substring) -> String {
                let spaced = text.replacingOccurrences(of: "+", with: " ")
                return spaced.removingPercentEncoding ?? spaced
            }
            return (decoded(parts[0]), parts.count > 1 ? decoded(parts[1]) : "")
        }
    }

    /// Describe a model from its YAML type definition and infer its forms.
    public static func describeAndConfigure(_ typeDefinition: String) throws -> ConfigDictionary {
        try ConfigDictionary(typeDefinitions: typeDefinition, file: "wide.types.yaml")
    }

    /// The form tree of the values.
    public func tree() -> FormNode {
        form.tree()
    }

    public func html() -> String { HTMLRenderer().render(tree()) }
    public func markdown() -> String { MarkdownRenderer().render(tree()) }
    public func text() -> String { TextRenderer(width: 100).render(tree()) }

    /// Parse and validate the submission body; returns the number of errors (0).
    public func bindAndValidate() throws -> Int {
        var form = Form(values: defaults, configs: configs, typeName: "Wide")
        _ = try form.apply(submission: submission)
        return form.errors.count
    }

    /// Bind and validate the decoded submission (what the comparison times, as the Python
    /// libraries get decoded form data); returns the number of errors (0).
    public func bindAndValidateDecoded() throws -> Int {
        var form = Form(values: defaults, configs: configs, typeName: "Wide")
        _ = try form.apply(pairs: submissionPairs)
        return form.errors.count
    }

    /// The wide form with a rule on every text field (one in five): shown while the boolean
    /// of its group of five is on (`f3Flag` for `f0Text`...). 200 rules for 1,000 fields.
    public func ruledForm() -> Form<FormValue> {
        var configs = configs
        for index in stride(from: 0, to: fields, by: 5) where index + 3 < fields {
            try? configs["Wide"]?.update("f\(index)Text") {
                $0.conditions.visibleIf = .field("f\(index + 3)Flag") == true
            }
        }
        return Form(values: values, configs: configs, typeName: "Wide")
    }

    /// One edit to a boolean, then the states of the fields its value decides (what a front
    /// end redraws); returns how many fields were re-evaluated.
    public static func editAndReevaluate(_ form: inout Form<FormValue>, flag: Int) throws -> Int {
        try form.setText(flag % 2 == 0 ? "false" : "true", at: FormPath([.key("f\(flag)Flag")]))
        return form.fieldStates(affectedBy: FormPath([.key("f\(flag)Flag")])).count
    }

    /// Load a config file of about `lines` lines over the model.
    public static func loadConfig(_ text: String, fields: Int) throws -> ConfigDictionary {
        var configs = WideForm.inferredConfigs(fields: fields)
        try ConfigLoader().apply(text: text, file: "wide.forms.yaml", to: &configs)
        return configs
    }
}
