import ModelForm
import Testing

@testable import ModelFormJSONSchema

/// A validator compiles its schema once into checks, and each schema a reference reaches the
/// first time a validation follows it; later validations, and the validator's copies, reuse
/// them. A schema that refers to itself compiles once, and lets go of itself when the
/// validator is gone.
@Suite struct CompiledSchemaTests {
    static func schema(_ text: String) throws -> JSONValue { try JSONParser.parse(text, file: "s.schema.json").value }

    /// `{"a": {"a": ... {"a": leaf} ... }}`, `levels` deep.
    static func nested(_ levels: Int, leaf: JSONValue) -> JSONValue {
        (0..<levels).reduce(leaf) { inner, _ in .object(JSONObject([("a", inner)])) }
    }

    static let tree = #"""
        {"$defs": {"node": {"type": "object", "properties": {"a": {"$ref": "#/$defs/node"}, "n": {"type": "integer"}}}},
         "$ref": "#/$defs/node"}
        """#

    @Test func aSchemaThatRefersToItselfCompilesOnceForEveryValidation() throws {
        let validator = JSONSchemaValidator(schema: try Self.schema(Self.tree))
        let deep = Self.nested(40, leaf: .object(JSONObject([("n", .string("x"))])))
        for _ in 0..<3 {
            #expect(
                validator.validate(deep).map(\.pointer) == [
                    "/" + Array(repeating: "a", count: 40).joined(separator: "/") + "/n"
                ])
        }
        let copy = validator
        #expect(copy.isValid(Self.nested(10, leaf: .object(JSONObject()))))
        // The root's reference and the node's own, each resolved to one compiled schema.
        #expect(validator.program.compiledTargets == 1)
    }

    @Test func aValidatorLetsGoOfASchemaThatHoldsItself() throws {
        weak var node: CompiledSchema?
        do {
            let validator = JSONSchemaValidator(schema: try Self.schema(Self.tree))
            #expect(validator.isValid(Self.nested(5, leaf: .object(JSONObject()))))
            // `node`, whose property `a` refers back to it.
            node = validator.program.root?.reference?.target(in: validator.program)
            #expect(node?.objects?.properties["a"]?.schema.reference?.target(in: validator.program) === node)
        }
        #expect(node == nil)
    }

    /// Past the referenced schemas a validator keeps, a reference compiles its schema each
    /// time it is followed and keeps nothing: the same errors, memory bounded.
    @Test(arguments: [0, 1, 10_000])
    func pastTheReferencesKeptNothingIsKept(kept: Int) throws {
        let validator = JSONSchemaValidator(schema: try Self.schema(Self.tree), referencesKept: kept)
        let deep = Self.nested(30, leaf: .object(JSONObject([("n", .string("x"))])))
        for _ in 0..<2 {
            #expect(validator.validate(deep).map(\.keyword) == ["type"])
        }
        #expect(validator.program.compiledTargets == min(kept, 1))
        let node = validator.program.root?.reference?.target(in: validator.program)
        let again = validator.program.root?.reference?.target(in: validator.program)
        #expect((node === again) == (kept > 0))
    }

    /// A schema nested past 256 levels (built in code: a parsed document nests at most 512
    /// JSON levels) compiles to the depth error without recursing further, and the error is
    /// where the evaluation reached it.
    @Test(arguments: [(255, true), (256, false), (400, false)])
    func deepSchemasAreCheckedToTheDepthLimit(levels: Int, holds: Bool) throws {
        let schema = (0..<levels).reduce(JSONValue.object(JSONObject([("type", .string("null"))]))) { inner, _ in
            .object(JSONObject([("properties", .object(JSONObject([("a", inner)])))]))
        }
        let validator = JSONSchemaValidator(schema: schema)
        let errors = validator.validate(Self.nested(levels, leaf: .null))
        #expect(errors.isEmpty == holds)
        if !holds { #expect(errors.map(\.message) == ["references nest deeper than 256 levels"]) }
        // What the evaluation does not reach is not an error, however deep the schema.
        #expect(validator.isValid(Self.nested(100, leaf: .bool(true))))
    }

    /// The checks read once are the ones the schema's keywords say, for each kind of instance.
    @Test(arguments: [
        (#"{"type": ["integer", "null"]}"#, "1.5", ["type"]),
        (#"{"type": ["integer", "null"]}"#, "2.0", []),
        (#"{"type": [{"not": "a name"}]}"#, "\"x\"", []),
        (#"{"type": []}"#, "null", ["type"]),
        // Text is equal by its scalars: é in one scalar is not e and a combining accent.
        (#"{"const": "\u00e9", "enum": ["\u00e9", "x"]}"#, #""e\u0301""#, ["enum", "const"]),
        (#"{"const": "\u00e9", "enum": ["\u00e9", "x"]}"#, #""\u00e9""#, []),
        (#"{"uniqueItems": true}"#, #"["\u00e9", "e\u0301"]"#, []),
        (#"{"uniqueItems": true}"#, #"["e\u0301", "e\u0301"]"#, ["uniqueItems"]),
        (#"{"minimum": 3, "exclusiveMaximum": 5, "multipleOf": 2}"#, "5", ["exclusiveMaximum", "multipleOf"]),
        (
            #"{"minLength": 2, "maxLength": 3, "pattern": "^a", "format": "email"}"#, "\"bcde\"",
            ["maxLength", "pattern", "format"]
        ),
        (
            #"{"prefixItems": [{"type": "string"}], "items": {"type": "integer"}, "contains": {"const": 3}}"#,
            "[1, \"x\"]", ["type", "type", "contains"]
        ),
        (
            #"{"required": ["b"], "properties": {"a": false}, "additionalProperties": false}"#, #"{"a": 1, "c": 2}"#,
            ["required", "false", "additionalProperties"]
        ),
        // `required` and the count are reported before the members, however they were found.
        (
            #"{"required": ["a", "a", "z"], "properties": {"a": {}, "b": {"type": "string"}}, "minProperties": 3}"#,
            #"{"b": 1}"#, ["required", "required", "required", "minProperties", "type"]
        ),
        (#"{"required": ["a", "z"], "properties": {"a": {"type": "string"}}}"#, #"{"a": 1, "z": 0}"#, ["type"]),
        (#"{"required": ["a", "z"], "properties": {"a": {"type": "string"}}}"#, #"{"a": 1}"#, ["required", "type"]),
        (#"{"required": ["a"], "additionalProperties": {"type": "string"}}"#, #"{"b": 1}"#, ["required", "type"]),
        (
            #"{"dependentRequired": {"a": ["b"]}, "dependentSchemas": {"a": {"minProperties": 2}}}"#, #"{"a": 1}"#,
            ["dependentRequired", "minProperties"]
        ),
        (#"{"if": {"type": "string"}, "then": {"minLength": 2}, "else": {"type": "integer"}}"#, "\"a\"", ["minLength"]),
        (
            #"{"$schema": "http://json-schema.org/draft-07/schema#", "items": [{}], "additionalItems": false}"#,
            "[1, 2]", ["false"]
        ),
        (
            ##"{"$schema": "http://json-schema.org/draft-07/schema#", "definitions": {"s": {"type": "string"}}, "$ref": "#/definitions/s", "minLength": 5}"##,
            "\"ab\"", []
        ),
        (
            #"{"$schema": "http://json-schema.org/draft-04/schema#", "maximum": 5, "exclusiveMaximum": true, "const": 1}"#,
            "5", ["maximum"]
        ),
        (#"{"oneOf": [{"type": "integer"}, {"minimum": 0}], "not": {"const": 0}}"#, "0", ["oneOf", "not"]),
    ])
    func keywordsAreCheckedAsTheSchemaSays(schema: String, instance: String, keywords: [String]) throws {
        let validator = JSONSchemaValidator(schema: try Self.schema(schema))
        let data = try JSONParser.parse(instance, file: "i.json").value
        #expect(validator.validate(data).map(\.keyword) == keywords)
    }
}
