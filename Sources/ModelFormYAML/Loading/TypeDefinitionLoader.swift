import ModelForm

/// Reads type definitions ("type defs", the analogue of a Core Data model) from YAML into
/// the same model description the core builds from Swift types (users call
/// ``/ModelForm/ConfigDictionary/init(typeDefinitions:file:)``).
///
/// ```yaml
/// root: RegistrationForm            # optional; the first type otherwise
/// enums:
///   Gender: [male, female, other]   # values; titles inferred ("Male")
///   Language: {en: English, fr: Français}   # value: title
/// bitfields:
///   Notifications: {Email: 1, SMS: 2, Push: 4}  # title: bit (or a list of titles: bits 1, 2, 4...)
/// unions:                           # one of several alternatives (see the Alternatives article)
///   Payment: {cash: {}, card: {number: String}}   # tagged, as Swift writes an enum
///   Contact: [String, Address]      # untagged: the first alternative the value fits
/// types:
///   RegistrationForm:
///     email: String
///     age: UInt
///     dateOfBirth: Date?            # optional
///     gender: Gender
///     interests: "[Interest]"       # array (quote it, or write {type: "[Interest]"})
///     address: Address              # to-one relationship
///     friends: "[Person]"           # to-many; recursive types are fine
///     role: {enum: [admin, user]}   # an inline enum, named after the type and key
///     labels: "[String: String]"    # a map of free keys
///   Settings:
///     name: String
///     extra: {type: "[String: Int]", otherKeys: true}   # the keys `name` is not, beside it
///     options: JSON                 # free JSON, edited as JSON or YAML text
/// ```
///
/// A map with `otherKeys: true` (one per type) holds the keys of the type's records that no
/// other property names: in the form they are the map's entries; in a values file they sit
/// beside the properties (`{name: x, retries: 3}`), as JSON Schema's `additionalProperties`
/// beside `properties` writes them.
///
/// Type names: `String Bool Int Int8 Int16 Int32 Int64 UInt UInt8 UInt16 UInt32 UInt64
/// Double Float Decimal Date URL Data JSON` (`JSON`, or `JSONValue`, is free JSON), the enums, bitfields, unions and types above; `T?`, `[T]`,
/// `Set<T>` and `[String: T]` (a map: entries keyed by strings, in the file's order)
/// compose them.
package enum TypeDefinitionLoader {
    /// The model a type-definition document describes. Throws every diagnostic found.
    package static func load(_ root: YAMLNode, source: String? = nil) throws(DiagnosticList) -> ModelDescription {
        var loader = Loader()
        let model = loader.load(root)
        guard loader.reader.diagnostics.isEmpty, let model else {
            throw DiagnosticList(loader.reader.diagnostics, sources: source.map { [root.mark.file: $0] } ?? [:])
        }
        return model
    }

    /// Parses and loads a type-definition file's text.
    package static func load(text: String, file: String) throws(DiagnosticList) -> ModelDescription {
        try load(YAMLParser.parseDocument(text, file: file), source: text)
    }
}

struct Loader {
    var reader = NodeReader()
    var enums: [String: ValueType] = [:]
    var typeNodes: [(name: String, key: YAMLNode, body: YAMLNode)] = []
    /// The declared type names, for one lookup per type expression.
    var typeNames: Set<String> = []
    var inlineEnums: [String: ValueType] = [:]
    /// The `unions:` section's definitions by name, read when first named.
    var unionNodes: [String: (key: YAMLNode, body: YAMLNode)] = [:]
    var unionOrder: [String] = []
    var unions: [String: ValueType] = [:]
    var unionsInProgress: Set<String> = []
    /// The records of tagged alternatives written inline (`card: {number: String}`).
    var payloadEntities: [EntityDescription] = []

    static let builtIns: [String: ValueType] = [
        "String": .string, "Bool": .bool, "Int": .integer(bits: 64), "Int8": .integer(bits: 8),
        "Int16": .integer(bits: 16),
        "Int32": .integer(bits: 32), "Int64": .integer(bits: 64), "UInt": .unsigned(bits: 64),
        "UInt8": .unsigned(bits: 8),
        "UInt16": .unsigned(bits: 16), "UInt32": .unsigned(bits: 32), "UInt64": .unsigned(bits: 64),
        "Double": .float(bits: 64),
        "Float": .float(bits: 32), "Decimal": .decimal, "Date": .date, "URL": .url, "Data": .data, "JSON": .json,
        "JSONValue": .json,
    ]

    mutating func load(_ root: YAMLNode) -> ModelDescription? {
        guard let pairs = reader.mapping(root, "a type definition file") else { return nil }
        var rootName: (String, YAMLNode)?
        for pair in pairs {
            switch pair.key.string {
            case "root": rootName = reader.string(pair.value, "'root'").map { ($0, pair.value) }
            case "enums": readEnums(pair.value, bitfield: false)
            case "bitfields": readEnums(pair.value, bitfield: true)
            case "unions":
                for union in reader.mapping(pair.value, "'unions'") ?? [] {
                    guard let name = reader.string(union.key, "a union name") else { continue }
                    if unionNodes[name] != nil { reader.error("'\(name)' is defined twice", at: union.key) }
                    unionNodes[name] = (union.key, union.value)
                    unionOrder.append(name)
                }
            case "types":
                for type in reader.mapping(pair.value, "'types'") ?? [] {
                    guard let name = reader.string(type.key, "a type name") else { continue }
                    typeNodes.append((name, type.key, type.value))
                    typeNames.insert(name)
                }
            default:
                reader.error(
                    "unknown section '\(pair.key.string ?? "?")'"
                        + Suggestion.hint(
                            for: pair.key.string ?? "", in: ["root", "enums", "bitfields", "unions", "types"]),
                    at: pair.key)
            }
        }
        guard let first = typeNodes.first else {
            reader.error("no types are defined (add a 'types' section)", at: root)
            return nil
        }
        var entities: [String: EntityDescription] = [:]
        for name in unionOrder { _ = union(named: name) }
        for (name, _, body) in typeNodes { entities[name] = entity(name, body) }
        for payload in payloadEntities { entities[payload.name] = payload }
        let start = rootName?.0 ?? first.name
        if let (name, node) = rootName, entities[name] == nil {
            reader.error("unknown root type '\(name)'" + Suggestion.hint(for: name, in: entities.keys), at: node)
            return nil
        }
        return ModelDescription(
            root: start,
            entities: Self.reachOrder(
                from: start, entities: entities, declared: typeNodes.map(\.name) + payloadEntities.map(\.name)))
    }

    /// Entities in the order first reached from the root (as the Swift describer lists
    /// them), then the unreached ones in file order.
    static func reachOrder(from root: String, entities: [String: EntityDescription], declared: [String])
        -> [EntityDescription]
    {
        // Depth first, in declaration order, with an explicit stack: a chain of thousands of
        // types neither recurses that deep nor rescans the order for each.
        var order: [String] = []
        var seen: Set<String> = []
        for start in [root] + declared where !seen.contains(start) {
            var stack = [start]
            while let name = stack.popLast() {
                guard !seen.contains(name), let entity = entities[name] else { continue }
                seen.insert(name)
                order.append(name)
                stack += entity.relationships.map(\.relationship.target).reversed()
            }
        }
        return order.compactMap { entities[$0] }
    }

    mutating func readEnums(_ node: YAMLNode, bitfield: Bool) {
        for pair in reader.mapping(node, bitfield ? "'bitfields'" : "'enums'") ?? [] {
            guard let name = reader.string(pair.key, "an enum name") else { continue }
            if enums[name] != nil || Self.builtIns[name] != nil {
                reader.error("'\(name)' is defined twice", at: pair.key)
            }
            if let options = options(pair.value, bitfield: bitfield) {
                let description = EnumDescription(name: name, options: options)
                enums[name] = bitfield ? .optionSet(description) : .enumeration(description)
            }
        }
    }

    /// Enum options: `[a, b]` (values, titles inferred), `{value: Title}` or `[{value:, title:}]`;
    /// bitfields: `[A, B]` (bits by position), `{Title: bit}`.
    mutating func options(_ node: YAMLNode, bitfield: Bool) -> [FieldOption]? {
        if let items = node.sequence {
            var result: [FieldOption] = []
            for (index, item) in items.enumerated() {
                if let pairs = item.mapping {
                    let value = pairs.first { $0.key.string == "value" }?.value
                    let title = pairs.first { $0.key.string == "title" }?.value
                    guard let value else {
                        reader.error("an option needs a 'value'", at: item)
                        continue
                    }
                    let text = reader.string(value, "an option value") ?? ""
                    result.append(
                        FieldOption(
                            value: bitfield ? .uint(UInt64(text) ?? 0) : reader.untyped(value),
                            title: title.flatMap { reader.string($0, "an option title") }
                                ?? TitleInference.title(forCase: text)))
                } else if let text = reader.string(item, "an option") {
                    result.append(
                        bitfield
                            ? FieldOption(value: .uint(index < 64 ? 1 << UInt64(index) : 0), title: text)
                            : FieldOption(value: reader.untyped(item), title: TitleInference.title(forCase: text)))
                }
            }
            return result
        }
        guard let pairs = reader.mapping(node, "the options") else { return nil }
        return pairs.compactMap { pair in
            guard let key = reader.string(pair.key, "an option") else { return nil }
            if bitfield {
                guard let bit = reader.int(pair.value, "the bit of '\(key)'"), bit > 0 else { return nil }
                return FieldOption(value: .uint(UInt64(bit)), title: key)
            }
            return FieldOption(
                value: reader.untyped(pair.key), title: reader.string(pair.value, "the title of '\(key)'") ?? key)
        }
    }

    mutating func entity(_ name: String, _ body: YAMLNode) -> EntityDescription {
        var properties: [PropertyDescription] = []
        var otherKeys: String?
        let pairs = reader.mapping(body, "the properties of '\(name)'") ?? []
        // At its size, not grown by doubling: a quarter of 2.4 MB at 100,000 properties.
        properties.reserveCapacity(pairs.count)
        for pair in pairs {
            guard let key = reader.string(pair.key, "a property name") else { continue }
            if let type = propertyType(pair.value, owner: name, key: key) {
                properties.append(PropertyDescription(key: key, valueType: type))
                if holdsOtherKeys(pair.value, owner: name, key: key, type: type) {
                    if let first = otherKeys {
                        reader.error(
                            "'\(name)' has two maps of other keys, '\(first)' and '\(key)': one holds them all",
                            at: pair.key)
                    }
                    otherKeys = otherKeys ?? key
                }
            }
        }
        return EntityDescription(name: name, properties: properties, otherKeys: otherKeys)
    }

    /// Whether a property says `otherKeys: true`: a map that holds the keys no other
    /// property names (an error unless it is a map).
    private mutating func holdsOtherKeys(_ node: YAMLNode, owner: String, key: String, type: ValueType) -> Bool {
        guard let flag = node.mapping?.first(where: { $0.key.string == "otherKeys" }),
            reader.bool(flag.value, "'otherKeys'") == true
        else { return false }
        guard case .dictionary = type else {
            reader.error(
                "'\(owner).\(key)' holds the other keys only as a map: write its type as '[String: T]'",
                at: flag.key)
            return false
        }
        return true
    }

    mutating func propertyType(_ node: YAMLNode, owner: String, key: String) -> ValueType? {
        if let text = node.string, !node.isNull { return typeExpression(text, at: node) }
        guard let pairs = reader.mapping(node, "the type of '\(owner).\(key)'") else { return nil }
        var type: ValueType?
        var optional = false
        for pair in pairs {
            switch pair.key.string {
            case "type": type = reader.string(pair.value, "'type'").flatMap { typeExpression($0, at: pair.value) }
            case "optional": optional = reader.bool(pair.value, "'optional'") ?? false
            case "otherKeys": break  // read by holdsOtherKeys
            case "enum", "bitfield":
                let bitfield = pair.key.string == "bitfield"
                let enumName =
                    owner + TitleInference.words(key).map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
                if let options = options(pair.value, bitfield: bitfield) {
                    let description = EnumDescription(name: enumName, options: options)
                    type = bitfield ? .optionSet(description) : .enumeration(description)
                }
            default:
                reader.error(
                    "unknown key '\(pair.key.string ?? "?")' in a property"
                        + Suggestion.hint(
                            for: pair.key.string ?? "", in: ["type", "optional", "enum", "bitfield", "otherKeys"]),
                    at: pair.key)
            }
        }
        guard let type else {
            reader.error("'\(owner).\(key)' needs a 'type', 'enum' or 'bitfield'", at: node)
            return nil
        }
        return optional && !type.isOptional ? .optional(type) : type
    }

    /// `Name`, `Name?`, `[T]`, `Set<T>`, `[String: T]`, a tuple `(T, U)` or `(T, U, V...)`, nested.
    mutating func typeExpression(_ text: String, at node: YAMLNode) -> ValueType? {
        // As deep as a values file may nest its values, and no deeper (each level is read by
        // the one below it: a deeper expression would take time of its depth times its length).
        guard Self.nesting(text) <= InputLimits.yamlDepth else {
            reader.error(
                "the type nests lists, maps, sets or tuples more than \(InputLimits.yamlDepth) levels deep", at: node)
            return nil
        }
        return parsedType(text, at: node)
    }

    /// ``typeExpression(_:at:)`` once its depth is checked: each level reads the one inside it.
    mutating func parsedType(_ text: String, at node: YAMLNode) -> ValueType? {
        let trimmed = TextChecks.trimmed(text)
        if trimmed.hasSuffix("?") {
            return parsedType(String(trimmed.dropLast()), at: node).map { .optional($0) }
        }
        if trimmed.hasPrefix("["), trimmed.hasSuffix("]") {
            let inside = trimmed.dropFirst().dropLast()
            if let colon = Self.topLevelColon(inside) {
                let key = TextChecks.trimmed(String(inside[..<colon]))
                guard key == "String" else {
                    reader.error(
                        "a map's keys are strings: write '[String: \(TextChecks.trimmed(String(inside[inside.index(after: colon)...])))]', not '\(trimmed)'",
                        at: node)
                    return nil
                }
                return parsedType(String(inside[inside.index(after: colon)...]), at: node).map { .dictionary($0) }
            }
            return parsedType(String(inside), at: node).map { .array($0) }
        }
        if trimmed.hasPrefix("("), trimmed.hasSuffix(")") {
            return tupleExpression(trimmed.dropFirst().dropLast(), whole: trimmed, at: node)
        }
        if trimmed.hasPrefix("Set<"), trimmed.hasSuffix(">") {
            return parsedType(String(trimmed.dropFirst(4).dropLast()), at: node).map { .set($0) }
        }
        if let builtIn = Self.builtIns[trimmed] { return builtIn }
        if let named = enums[trimmed] { return named }
        if unionNodes[trimmed] != nil { return union(named: trimmed) }
        if typeNames.contains(trimmed) { return .model(trimmed) }
        let known = Array(Self.builtIns.keys) + Array(enums.keys) + unionOrder + typeNodes.map(\.name)
        reader.error("unknown type '\(trimmed)'" + Suggestion.hint(for: trimmed, in: known), at: node)
        return nil
    }

    /// How deep brackets, `<>` and parentheses nest in `text`.
    static func nesting(_ text: String) -> Int {
        var depth = 0
        var deepest = 0
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "["), UInt8(ascii: "<"), UInt8(ascii: "("):
                depth += 1
                deepest = max(deepest, depth)
            case UInt8(ascii: "]"), UInt8(ascii: ">"), UInt8(ascii: ")"): depth -= 1
            default: break
            }
        }
        return deepest
    }

    /// The `:` of `String: T` inside a map's brackets, outside nested brackets, `<>` and
    /// parentheses.
    static func topLevelColon(_ text: Substring) -> Substring.Index? { topLevel(":", in: text).first }

    /// Where `separator` is in `text` outside nested brackets, `<>` and parentheses.
    static func topLevel(_ separator: Character, in text: Substring) -> [Substring.Index] {
        var found: [Substring.Index] = []
        var depth = 0
        for index in text.indices {
            switch text[index] {
            case "[", "<", "(": depth += 1
            case "]", ">", ")": depth -= 1
            case separator where depth == 0: found.append(index)
            default: break
            }
        }
        return found
    }
}
