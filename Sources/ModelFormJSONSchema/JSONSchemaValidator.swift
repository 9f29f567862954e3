import Foundation
import ModelForm
import ModelFormYAML

/// A JSON Schema validator (draft 2020-12 and draft-07) for the keywords forms use: types,
/// `enum`/`const`, number, string and array bounds, `pattern`, `format` (date, time,
/// date-time, email, uri and more, asserted), objects (`properties`, `required`,
/// `additionalProperties`, `patternProperties`, `propertyNames`, dependencies), the
/// applicators (`allOf`, `anyOf`, `oneOf`, `not`, `if`/`then`/`else`), arrays (`items`,
/// `prefixItems`, `contains`), and references (`$ref`, `$defs`, `$id`, `$anchor`,
/// `$dynamicRef`) inside the schema and the remote documents given. Nothing is fetched.
///
/// ```swift
/// let validator = JSONSchemaValidator(schema: schema)
/// let messages = validator.validate(instance).map(\.description)  // ["/email: is not a valid email"]
/// ```
///
/// Make a validator once per schema and keep it: making it compiles the schema into checks
/// (each keyword's value read and typed, patterns compiled, formats found), and a schema a
/// `$ref` names is compiled the first time a validation follows it. Every later validation,
/// through the validator or its copies, runs those checks. At most 10,000 referenced schemas
/// are kept; past that, each is compiled again whenever it is followed.
///
/// Not evaluated: `unevaluatedProperties`, `unevaluatedItems` and the content keywords.
/// A chain of references that never reaches the instance stops at 256 levels, as an error.
public struct JSONSchemaValidator: Sendable {
    /// The draft of the root schema.
    public let draft: JSONSchemaDraft
    /// Whether `format` is an assertion (the default) or only an annotation.
    public var assertsFormats = true
    /// The schema compiled into checks, once, and the schemas its references reach, as they
    /// are first followed; kept across validations (and the validator's copies).
    let program: SchemaProgram
    static let maximumDepth = 256
    /// The most schema objects one validation evaluates (1,000,000 unless set): a schema
    /// whose `allOf`/`anyOf` branches refer back to themselves grows exponentially however
    /// small the data, and stops here with one error at the root (keyword `limit`).
    public var maximumSteps = 1_000_000

    /// A validator for `schema`, known as `baseURI`; `remotes` are further documents
    /// references may name, by URI (the drafts' meta-schemas are always known). The draft is
    /// the schema's `$schema`, else `draft`, else 2020-12; a remote document without a
    /// `$schema` is read in the same draft.
    ///
    /// - Parameters:
    ///   - schema: The schema.
    ///   - baseURI: The schema's URI, against which relative references resolve.
    ///   - remotes: Other documents by URI.
    ///   - draft: The draft when the schema names none.
    public init(
        schema: JSONValue, baseURI: String = "urn:modelform:schema", remotes: [String: JSONValue] = [:],
        draft: JSONSchemaDraft? = nil
    ) {
        self.init(schema: schema, baseURI: baseURI, remotes: remotes, draft: draft, referencesKept: 10_000)
    }

    /// `referencesKept`: the most referenced schemas the validator keeps compiled
    /// (``SchemaProgram/limit``).
    init(
        schema: JSONValue, baseURI: String = "urn:modelform:schema", remotes: [String: JSONValue] = [:],
        draft: JSONSchemaDraft? = nil, referencesKept: Int
    ) {
        let draft = schema["$schema"]?.string.flatMap(JSONSchemaDraft.init(uri:)) ?? draft ?? .draft2020
        var registry = SchemaRegistry()
        for (uri, document) in MetaSchemas.documents.sorted(by: { $0.key < $1.key }) {
            registry.add(document, uri: uri, draft: JSONSchemaDraft.of(document))
        }
        for (uri, document) in remotes.sorted(by: { $0.key < $1.key }) {
            registry.add(document, uri: uri, draft: document["$schema"] == nil ? draft : JSONSchemaDraft.of(document))
        }
        registry.add(schema, uri: baseURI, draft: draft)
        let id = schema["$id"]?.string
        self.draft = draft
        let rootURI =
            id.map { URIs.withoutFragment(URIs.resolve($0, against: baseURI)) } ?? URIs.withoutFragment(baseURI)
        program = SchemaProgram(registry: registry, rootURI: rootURI, limit: referencesKept)
    }

    /// Every error, each at its instance location; empty when `instance` is valid. A
    /// validation that would evaluate more than 1,000,000 schema objects (a schema whose
    /// branches refer back to themselves) stops there with one error at the root, keyword
    /// `limit` (see ``maximumSteps``). References nest at most 256 levels.
    public func validate(_ instance: JSONValue) -> [JSONSchemaError] {
        guard let root = program.root else { return [] }
        var context = Context(
            program: program, assertsFormats: assertsFormats, maximumSteps: maximumSteps, dynamic: [root.base])
        var errors: [JSONSchemaError] = []
        _ = context.evaluate(root, instance, depth: 0, errors: &errors)
        if context.isExhausted {
            errors.append(
                JSONSchemaError(
                    location: [], keyword: "limit",
                    message: "not checked: the schema takes more than \(maximumSteps) steps for this data"))
        }
        return errors
    }

    /// A validator for schemas themselves: the draft's meta-schema.
    public static func metaSchema(_ draft: JSONSchemaDraft) -> JSONSchemaValidator? {
        let uri = draft == .draft7 ? "http://json-schema.org/draft-07/schema" : draft.metaSchema
        return MetaSchemas.documents[draft.metaSchema].map { JSONSchemaValidator(schema: $0, baseURI: uri) }
    }

    /// Whether `instance` is valid.
    public func isValid(_ instance: JSONValue) -> Bool { validate(instance).isEmpty }
}

/// One reason an instance is not valid.
public struct JSONSchemaError: Sendable, Hashable, CustomStringConvertible {
    /// Where, in the instance: JSON pointer tokens (`["members", "0", "email"]`).
    public var location: [String]
    /// The keyword that failed (`minLength`, `required`).
    public var keyword: String
    /// What is wrong, as a form shows it (`must be at least 3 characters`).
    public var message: String
    /// For `required` and dependencies: the missing property (the form field to mark).
    public var property: String?

    /// The location as a JSON pointer (`/members/0/email`, `` for the root).
    public var pointer: String {
        location.map { "/" + $0.replacingOccurrences(of: "~", with: "~0").replacingOccurrences(of: "/", with: "~1") }
            .joined()
    }

    public var description: String { (pointer.isEmpty ? "" : pointer + ": ") + message }
}

extension JSONSchemaError {
    /// The form path of the field to mark: the location (`/members/0/email` is
    /// `members[0].email`), and the missing property for `required` and dependencies.
    public var formPath: FormPath {
        var components: [FormPath.Component] = location.map { token in Int(token).map { .index($0) } ?? .key(token) }
        if let property { components.append(.key(property)) }
        return FormPath(components)
    }
}

extension JSONSchemaValidator {
    /// A form's values checked against the schema, as field errors at form paths (the
    /// values written as their values file would write them, in JSON, absent optional
    /// values left out).
    ///
    /// ```swift
    /// let errors = try validator.fieldErrors(form.values, typeName: form.typeName, configs: form.configs)
    /// ```
    /// `wrapsValue`: the schema's root is one value, held by the root type's property
    /// `value` (``ImportedSchema/wrapsValue``).
    public func fieldErrors(_ values: FormValue, typeName: String, configs: ConfigDictionary, wrapsValue: Bool = false)
        throws -> [FieldError]
    {
        var format = ValuesFileFormat(typeName: typeName, configs: configs)
        format.omitsAbsentValues = true
        format.wrapsValue = wrapsValue
        let text = try format.text(values, syntax: .json)
        return validate(try JSONParser.parse(text, file: "values.json").value).map { error in
            var tokens = error.location
            if let property = error.property { tokens.append(property) }
            if wrapsValue { tokens.insert("value", at: 0) }
            let path = configs.formPath(dataTokens: tokens, in: typeName)
            return FieldError(path: path, rule: error.keyword, message: error.message)
        }
    }
}

extension JSONSchemaValidator {
    /// A whole-model check that holds a form to the schema: install it in the form's
    /// environment and every validation and commit (`apply`, the server, the editor) checks
    /// the schema's keywords too. A field its own rules already mark is not marked twice.
    ///
    /// ```swift
    /// var environment = FormEnvironment()
    /// environment.validator.addModelCheck(imported.validator.modelCheck(typeName: imported.root, configs: configs))
    /// ```
    public func modelCheck(typeName: String, configs: ConfigDictionary, wrapsValue: Bool = false)
        -> Validator.ModelCheck
    {
        { values in
            let marked = Set(Validator().validate(values, typeName: typeName, configs: configs).map(\.path))
            do {
                return try fieldErrors(values, typeName: typeName, configs: configs, wrapsValue: wrapsValue).filter {
                    !marked.contains($0.path)
                }
            } catch {
                return [
                    FieldError(
                        path: FormPath(), rule: "schema",
                        message: "the values cannot be checked against the schema: \(error)")
                ]
            }
        }
    }
}
