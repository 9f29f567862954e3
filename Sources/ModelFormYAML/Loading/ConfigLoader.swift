import ModelForm

/// Applies per-type form configurations from YAML (the seed's ModelFormConfigDictionary)
/// over a ``/ModelForm/ConfigDictionary``.
///
/// ## Layering
///
/// Settings are applied in one fixed order, later layers winning:
/// 1. inference from the model (the type, then the key: an `email` String is an email field);
/// 2. YAML config files, in the order given (each file in document order);
/// 3. overrides in code: assign to the `ConfigDictionary` after loading. (On the command
///    line, `--config` files replace the default `NAME.forms.yaml` and apply in order.)
///
/// Every setting a file makes is recorded with its `file:line:column` (`modelform describe` shows them).
///
/// ## Format
///
/// ```yaml
/// RegistrationForm:
///   title: Sign Up
///   fields:                      # order and subset: names, or field dictionaries (FXForms' keys)
///     - {key: email, header: Account, placeholder: you@example.com, rules: [required, email]}
///     - password
///     - {key: repeatPassword, rules: [{equalTo: password}]}
///   overrides:                   # per-field settings that keep the order (FXForms' <key>Field)
///     age: {type: integer, cell: stepper}
///   excludedFields: [profilePhoto]
///   extraFields:
///     - {title: Terms, action: showTerms}
///   sections:                    # instead of 'fields': groups with header and footer
///     - {header: Account, footer: We never share it., fields: [email, password]}
///   actions: [save, cancel, {title: Register, action: submitRegistrationForm}]
/// ```
///
/// A type's entry may also be a bare sequence: FXForms' `fields` array as it is (JSON is
/// YAML), and a file whose whole document is such a sequence is loaded with
/// ``applyFieldList(_:source:typeName:to:)``. Loading is all or nothing: every problem is
/// reported, and on any problem the dictionary is unchanged.
public struct ConfigLoader: Sendable {
    /// The field types a config may name.
    public var fieldTypes: Set<FieldType> = Set(FieldType.builtIn)
    /// The cell names a config may name; `nil` accepts any.
    public var cells: Set<String>?
    /// The value transformers a config may name; `nil` accepts any.
    public var transformers: Set<String>?

    /// A loader that knows the built-in field types and accepts any cell and transformer name.
    public init() {}

    /// A loader that knows the environment's field types: the built-ins and its plugins'.
    ///
    /// ```swift
    /// var money = FormPlugin(name: "money")
    /// money.fieldTypes = ["money"]
    /// var environment = FormEnvironment()
    /// environment.install(money)
    /// let forms = "Order: {overrides: {price: {type: money}}}"
    /// try ConfigLoader(environment: environment).apply(text: forms, file: "order.forms.yaml", to: &configs)
    /// ```
    public init(environment: FormEnvironment) {
        fieldTypes = environment.fieldTypes
    }

    var context: FieldContext { FieldContext(fieldTypes: fieldTypes, cells: cells, transformers: transformers) }

    /// Parses a config file and applies it.
    public func apply(text: String, file: String, to configs: inout ConfigDictionary) throws(DiagnosticList) {
        try apply(try YAMLParser.parse(text, file: file), file: file, sources: [file: text], to: &configs)
    }

    /// Applies a config file's parsed documents (or documents a program made, with marks of
    /// its own: ``/ModelFormYAML/YAMLNode/init(_:mark:marking:)``); `file` names the type
    /// of a bare field list, `sources` are the texts diagnostics quote.
    package func apply(
        _ documents: [YAMLNode], file: String, sources: [String: String], to configs: inout ConfigDictionary
    ) throws(DiagnosticList) {
        var result = configs
        var reader = NodeReader()
        reader.typeNames = result.typeNames
        for document in documents where !document.isNull {
            if document.sequence != nil {
                let name = Self.typeName(forFile: file)
                TypeConfigReader(loader: self, typeName: name).applyFieldList(document, to: &result, reader: &reader)
                continue
            }
            for pair in reader.mapping(document, "a config file") ?? [] {
                guard let typeName = reader.string(pair.key, "a type name") else { continue }
                guard result[typeName] != nil else {
                    reader.error(
                        "unknown type '\(typeName)'" + Suggestion.hint(for: typeName, in: result.typeNames),
                        at: pair.key)
                    continue
                }
                TypeConfigReader(loader: self, typeName: typeName).apply(pair.value, to: &result, reader: &reader)
            }
        }
        reader.checkPendingRules(in: result)
        guard reader.diagnostics.isEmpty else { throw DiagnosticList(reader.diagnostics, sources: sources) }
        configs = result
    }

    /// Applies an FXForms-style field list (a sequence of key strings and field
    /// dictionaries) as the whole field list of `typeName`. For a type the model does not
    /// have, the list defines a new form (FXForms' dynamic fields).
    public func applyFieldList(
        _ document: YAMLNode, source: String?, typeName: String, to configs: inout ConfigDictionary
    ) throws(DiagnosticList) {
        var result = configs
        var reader = NodeReader()
        reader.typeNames = result.typeNames
        TypeConfigReader(loader: self, typeName: typeName).applyFieldList(document, to: &result, reader: &reader)
        reader.checkPendingRules(in: result)
        guard reader.diagnostics.isEmpty else {
            throw DiagnosticList(reader.diagnostics, sources: source.map { [document.mark.file: $0] } ?? [:])
        }
        configs = result
    }

    /// `FormFields.json` -> `FormFields`.
    static func typeName(forFile file: String) -> String {
        let base = file.split(separator: "/").last.map(String.init) ?? file
        return String(base.split(separator: ".").first ?? Substring(base))
    }
}
