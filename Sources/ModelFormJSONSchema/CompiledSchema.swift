import ModelForm

/// A schema compiled once into the checks a validation runs, as `fastjsonschema` and ajv
/// compile theirs: each keyword's value read and typed, its subschemas compiled, its
/// pattern and format found, the draft and base URI in force settled. A validation then
/// reads fields, where it looked every keyword up in the schema's JSON before.
///
/// A `$ref` is compiled the first time a validation follows it (``ReferenceSlot``), so a
/// schema that refers to itself compiles once.
final class CompiledSchema: Sendable {
    enum Kind {
        /// `true`, or a value that is not a schema: everything holds.
        case anything
        /// `false`: nothing holds.
        case nothing
        /// An object schema.
        case checks
        /// An object schema nested past ``JSONSchemaValidator/maximumDepth``: evaluating it
        /// is an error wherever it is reached from.
        case tooDeep
    }

    let kind: Kind
    /// The base URI in force, against which references resolve.
    let base: String
    /// The resource this schema's `$id` enters, added to the dynamic scope.
    let resource: String?
    /// Draft-07: a `$ref` beside other keywords is the schema, the others ignored.
    let isReferenceAlone: Bool
    let reference: ReferenceSlot?
    let dynamicReference: DynamicReference?
    let types: TypeCheck?
    let choices: [JSONValue]?
    let constant: (value: JSONValue, message: String)?
    let numbers: NumberChecks?
    let strings: StringChecks?
    let arrays: ArrayChecks?
    let objects: ObjectChecks?
    let applicators: Applicators?

    /// `schema` compiled where `scope` says, `depth` levels below the schema compiling began.
    /// `entered`: reached through a reference, whose resolution already applied its `$id`.
    init(_ schema: JSONValue, scope: Scope, depth: Int, entered: Bool = false, isRoot: Bool = false) {
        var scope = scope
        let members: JSONObject
        switch schema {
        case .bool(let holds):
            kind = holds ? .anything : .nothing
            members = JSONObject()
        case .object(let object) where depth >= JSONSchemaValidator.maximumDepth:
            kind = .tooDeep
            members = object
        case .object(let object):
            kind = .checks
            members = object
        default:
            kind = .anything
            members = JSONObject()
        }
        let object = SchemaKeywords(members)
        if kind == .checks, let declared = object[.schema]?.string, isRoot || object[.id] != nil {
            scope.draft = JSONSchemaDraft.of(.object(JSONObject([("$schema", .string(declared))])))
            scope.draft4 = declared.mentions("draft-04")
        }
        var resource: String?
        if kind == .checks, !entered, let id = object[.id]?.string,
            !(scope.draft == .draft7 && (object[.ref] != nil || id.hasPrefix("#")))
        {
            scope.base = URIs.withoutFragment(URIs.resolve(id, against: scope.base))
            resource = scope.base
        }
        self.resource = resource
        base = scope.base
        guard kind == .checks else {
            (isReferenceAlone, reference, dynamicReference, types, choices, constant) = (false, nil, nil, nil, nil, nil)
            (numbers, strings, arrays, objects, applicators) = (nil, nil, nil, nil, nil)
            return
        }
        reference = object[.ref]?.string.map { ReferenceSlot($0, scope: scope) }
        isReferenceAlone = scope.draft == .draft7 && reference != nil
        let children = Children(scope: scope, depth: depth + 1)
        dynamicReference =
            scope.draft == .draft2020 ? object[.dynamicRef]?.string.map { DynamicReference($0, scope: scope) } : nil
        types = object[.type].map(TypeCheck.init)
        choices = object[.enum]?.array
        constant = scope.draft4 ? nil : object[.const].map { ($0, "must be \($0.json)") }
        numbers = NumberChecks(object, draft4: scope.draft4)
        strings = StringChecks(object, patterns: scope.registry.patterns)
        arrays = ArrayChecks(object, draft: scope.draft, draft4: scope.draft4, children: children)
        objects = ObjectChecks(object, draft: scope.draft, draft4: scope.draft4, children: children)
        applicators = Applicators(object, draft4: scope.draft4, children: children)
    }

    /// What a schema's compilation carries down to its subschemas: the base URI and the
    /// draft in force. `draft4`: draft-04 is in force (read as draft-07 but for what it
    /// lacks: `const`, `contains`, `propertyNames`, `if`; its `exclusiveMinimum` and
    /// `exclusiveMaximum` are booleans that make `minimum` and `maximum` exclusive).
    struct Scope {
        let registry: SchemaRegistry
        var base: String
        var draft: JSONSchemaDraft
        var draft4: Bool
    }

    /// Compiles the subschemas of one schema, a level below it.
    struct Children {
        let scope: Scope
        let depth: Int

        func compile(_ schema: JSONValue) -> CompiledSchema { CompiledSchema(schema, scope: scope, depth: depth) }
        func compile(_ schema: JSONValue?) -> CompiledSchema? { schema.map { compile($0) } }
        func compile(_ schemas: [JSONValue]?) -> [CompiledSchema]? { schemas.map { $0.map { compile($0) } } }
    }
}

/// `type`: the instance kinds it allows, as bits.
struct TypeCheck: Sendable {
    private static let null: UInt8 = 1, boolean: UInt8 = 2, number: UInt8 = 4, string: UInt8 = 8
    private static let array: UInt8 = 16, object: UInt8 = 32, integer: UInt8 = 64
    /// The kinds allowed; all when the keyword names a type that is not a string.
    private let allowed: UInt8
    /// What a failure says (`must be a string or an integer`).
    let message: String

    init(_ type: JSONValue) {
        let names = type.array?.compactMap(\.string) ?? [type.string ?? ""]
        message = "must be " + names.map { Self.article($0) }.joined(separator: " or ")
        if (type.array ?? [type]).contains(where: { $0.string == nil }) {
            allowed = .max
        } else {
            allowed = names.reduce(0) { bits, name in bits | Self.bit(name) }
        }
    }

    private static func bit(_ name: String) -> UInt8 {
        switch name {
        case "null": null
        case "boolean": boolean
        case "number": number
        case "string": string
        case "array": array
        case "object": object
        case "integer": integer
        default: 0
        }
    }

    private static func article(_ type: String) -> String {
        ["integer", "array", "object"].contains(type) ? "an " + type : "a " + type
    }

    func matches(_ instance: JSONValue) -> Bool {
        switch instance {
        case .null: allowed & Self.null != 0
        case .bool: allowed & Self.boolean != 0
        case .number(let number): allowed & Self.number != 0 || allowed & Self.integer != 0 && number.isInteger
        case .string: allowed & Self.string != 0
        case .array: allowed & Self.array != 0
        case .object: allowed & Self.object != 0
        }
    }
}
