import Foundation
import ModelForm

/// The JSON Schema drafts ModelForm reads and writes.
public enum JSONSchemaDraft: String, Sendable, CaseIterable {
    /// Draft 2020-12 (the default).
    case draft2020 = "2020-12"
    /// Draft-07.
    case draft7 = "07"

    /// The meta-schema URI (`$schema`).
    public var metaSchema: String {
        switch self {
        case .draft2020: "https://json-schema.org/draft/2020-12/schema"
        case .draft7: "http://json-schema.org/draft-07/schema#"
        }
    }

    /// The draft a `$schema` URI names: draft-07 (and 06, 04) for theirs, 2020-12 (and
    /// 2019-09) for theirs, `nil` for any other.
    public init?(uri: String) {
        if uri.mentions("draft-07") || uri.mentions("draft-06") || uri.mentions("draft-04") {
            self = .draft7
        } else if uri.mentions("2020-12") || uri.mentions("2019-09") {
            self = .draft2020
        } else {
            return nil
        }
    }

    /// The draft a schema's `$schema` names, else 2020-12.
    public static func of(_ schema: JSONValue) -> JSONSchemaDraft {
        schema["$schema"]?.string.flatMap(JSONSchemaDraft.init(uri:)) ?? .draft2020
    }
}

extension String {
    /// Whether `part` is in the text, compared byte by byte (Foundation's `contains` on
    /// every validation's `$schema` was a tenth of a small one).
    func mentions(_ part: String) -> Bool { Array(utf8).firstIndex(of: Array(part.utf8)) != nil }
}

/// Every schema resource a validation can reach: the root document, the remote documents
/// given, and each embedded resource (a subschema with its own `$id`), with their anchors,
/// so `$ref`, `$dynamicRef` and JSON pointers resolve without fetching anything.
struct SchemaRegistry: Sendable {
    /// A schema a reference resolves to, with the base URI and draft in force there.
    typealias Target = (schema: JSONValue, base: String, draft: JSONSchemaDraft)

    struct Resource: Sendable {
        var schema: JSONValue
        var draft: JSONSchemaDraft
    }

    /// Resources by absolute URI (no fragment).
    private(set) var resources: [String: Resource] = [:]
    /// `URI#name` for `$anchor` (and draft-07's `$id: "#name"`), to the schema and its base.
    private(set) var anchors: [String: (schema: JSONValue, base: String, draft: JSONSchemaDraft)] = [:]
    /// Retrieval URIs of documents whose `$id` names them otherwise, to that `$id`.
    private(set) var aliases: [String: String] = [:]
    /// `URI#name` for `$dynamicAnchor`.
    private(set) var dynamicAnchors: Set<String> = []
    /// Every `pattern` and `patternProperties` key, compiled once.
    private(set) var patterns: [String: BoundedRegex] = [:]

    /// Keywords whose value is a subschema, an array of them, or an object of them.
    static let schemaKeywords: Set<String> = [
        "additionalProperties", "additionalItems", "contains", "propertyNames", "if", "then", "else", "not",
        "unevaluatedItems", "unevaluatedProperties", "contentSchema", "items",
    ]
    static let schemaArrayKeywords: Set<String> = ["allOf", "anyOf", "oneOf", "prefixItems", "items"]
    static let schemaMapKeywords: Set<String> = [
        "properties", "patternProperties", "$defs", "definitions", "dependentSchemas", "dependencies",
    ]

    /// Adds a document under `uri` (its own `$id` wins) and every resource inside it.
    mutating func add(_ schema: JSONValue, uri: String, draft: JSONSchemaDraft) {
        let retrieval = URIs.withoutFragment(uri)
        index(schema, base: retrieval, draft: draft, isDocument: true)
        // A document whose `$id` differs is still reachable by the URI it was fetched from.
        if resources[retrieval] == nil, let id = schema["$id"]?.string {
            aliases[retrieval] = URIs.withoutFragment(URIs.resolve(id, against: retrieval))
        }
    }

    private mutating func index(_ schema: JSONValue, base: String, draft: JSONSchemaDraft, isDocument: Bool) {
        guard case .object(let object) = schema else {
            if isDocument { resources[base] = Resource(schema: schema, draft: draft) }
            return
        }
        var base = base
        var draft = draft
        if let declared = object["$schema"]?.string, isDocument || object["$id"] != nil {
            draft = JSONSchemaDraft.of(.object(JSONObject([("$schema", .string(declared))])))
        }
        let ignoresID = draft == .draft7 && object["$ref"] != nil
        if let id = object["$id"]?.string, !ignoresID {
            if draft == .draft7, id.hasPrefix("#") {
                anchors[base + id] = (schema, base, draft)
            } else {
                base = URIs.withoutFragment(URIs.resolve(id, against: base))
                resources[base] = Resource(schema: schema, draft: draft)
                let fragment = URIs.fragment(URIs.resolve(id, against: base))
                if draft == .draft7, let fragment, !fragment.isEmpty {
                    anchors[base + "#" + fragment] = (schema, base, draft)
                }
            }
        } else if isDocument {
            resources[base] = Resource(schema: schema, draft: draft)
        }
        if draft == .draft2020 {
            if let anchor = object["$anchor"]?.string { anchors[base + "#" + anchor] = (schema, base, draft) }
            if let anchor = object["$dynamicAnchor"]?.string {
                anchors[base + "#" + anchor] = (schema, base, draft)
                dynamicAnchors.insert(base + "#" + anchor)
            }
        }
        if let pattern = object["pattern"]?.string { compile(pattern) }
        if let properties = object["patternProperties"]?.object {
            for pattern in properties.keys { compile(pattern) }
        }
        for (key, value) in object.pairs {
            if SchemaWalk.holdsData(key) { continue }
            if Self.schemaKeywords.contains(key), value.object != nil || value == .bool(true) || value == .bool(false) {
                index(value, base: base, draft: draft, isDocument: false)
            }
            if Self.schemaArrayKeywords.contains(key), let items = value.array {
                for item in items { index(item, base: base, draft: draft, isDocument: false) }
            }
            if Self.schemaMapKeywords.contains(key), let members = value.object {
                for member in members.pairs where member.value.object != nil {
                    index(member.value, base: base, draft: draft, isDocument: false)
                }
            }
        }
    }

    private mutating func compile(_ pattern: String) {
        guard patterns[pattern] == nil else { return }
        patterns[pattern] = try? BoundedRegex(ECMARegex.translate(pattern))
    }

    /// The schema a reference names, resolved against `base`: a resource, an anchor, or a
    /// JSON pointer into a resource; with the base URI and draft in force there.
    func resolve(_ reference: String, against base: String) -> (
        schema: JSONValue, base: String, draft: JSONSchemaDraft
    )? {
        let absolute = URIs.resolve(reference, against: base)
        let fetched = URIs.withoutFragment(absolute)
        let document = resources[fetched] == nil ? aliases[fetched] ?? fetched : fetched
        let fragment = URIs.fragment(absolute) ?? ""
        if fragment.isEmpty || fragment.hasPrefix("/") {
            guard let resource = resources[document] else { return nil }
            guard !fragment.isEmpty else { return (resource.schema, document, resource.draft) }
            return pointer(fragment, in: resource.schema, base: document, draft: resource.draft)
        }
        return anchors[document + "#" + (fragment.removingPercentEncoding ?? fragment)]
    }

    /// Follows a JSON pointer (`/properties/a~1b`), tracking `$id`s passed on the way.
    private func pointer(_ fragment: String, in schema: JSONValue, base: String, draft: JSONSchemaDraft) -> (
        schema: JSONValue, base: String, draft: JSONSchemaDraft
    )? {
        var current = schema
        var base = base
        let decoded = fragment.removingPercentEncoding ?? fragment
        for token in decoded.split(separator: "/", omittingEmptySubsequences: false).dropFirst() {
            let key = token.replacingOccurrences(of: "~1", with: "/").replacingOccurrences(of: "~0", with: "~")
            switch current {
            case .object(let object):
                guard let next = object[key] else { return nil }
                current = next
            case .array(let items):
                guard let position = Int(key), items.indices.contains(position) else { return nil }
                current = items[position]
            default:
                return nil
            }
            if let id = current["$id"]?.string, !(draft == .draft7 && (current["$ref"] != nil || id.hasPrefix("#"))) {
                base = URIs.withoutFragment(URIs.resolve(id, against: base))
            }
        }
        return (current, base, draft)
    }

    /// Whether `URI#name` is a dynamic anchor.
    func isDynamicAnchor(_ uri: String) -> Bool { dynamicAnchors.contains(uri) }
}
