import Foundation
import ModelForm
import ModelFormYAML

/// The importer's work: types and enums found so far, forms, and what could not be read.
struct ImportState {
    let document: JSONParser.Document
    let file: String
    var diagnostics: [Diagnostic] = []
    /// What the form leaves to free JSON or to the schema's own checks, where the schema
    /// says it (``ImportedSchema/notes``).
    var notes: [Diagnostic] = []
    private var typeOrder: [String] = []
    private var properties: [String: [(key: String, type: String)]] = [:]
    private var fields: [String: [FormValue]] = [:]
    /// Where each property is in `properties` and `fields`, by entity and key (a schema with
    /// thousands of properties is read in linear time).
    private var positions: [String: [String: Int]] = [:]
    private var titles: [String: String] = [:]
    /// The map property that holds each entity's other keys, by entity.
    private var otherKeys: [String: String] = [:]
    /// Where each property's schema is, by type and key, as a pointer.
    var pointers: [String: [String: String]] = [:]
    private var enumOrder: [String] = []
    /// Unions of alternatives (`unions:` in the types document), by name, in order.
    var unionDefinitions: [(name: String, body: FormValue)] = []
    /// The alternatives being imported, by pointer: one met again contains itself.
    var unionsInProgress: Set<String> = []
    private var enums: [String: FormValue] = [:]
    /// Option sets (bitfields), by name, in order: each option's title and bit.
    private var bitfields: [(name: String, bits: FormValue)] = []
    private var namesByPointer: [String: String] = [:]
    private var used: Set<String> = []
    private var pending: [(name: String, schema: JSONValue, pointer: String)] = []
    /// The conditions that show (`visibleIf`) and require (`requiredIf`) conditional
    /// fields so far, by `Type.key`: a field several branches add shows when any holds.
    var visibility: [String: Condition] = [:]
    /// Properties a conditional branch added (`Entity.key`), shown only under its
    /// condition, with the schema that branch gave them (a later branch that gives another
    /// makes the field free JSON).
    var addedByBranch: [String: JSONValue] = [:]
    var requirement: [String: Condition] = [:]
    /// The fields each `requiredIf` rule reads, by `Type.key`, to keep rules free of cycles.
    var requiredReads: [String: Set<String>] = [:]

    /// The root schema is one value, read as the property `value`.
    var wrapsValue = false
    /// A UI schema for the root type, and where it came from.
    var ui: JSONParser.Document?
    var uiFile = ""

    init(document: JSONParser.Document, file: String) {
        self.document = document
        self.file = file
    }

    /// An error in the UI schema, at its location there.
    mutating func uiError(_ message: String, at pointer: String) {
        let mark = ui?.mark(pointer) ?? SourceMark(file: uiFile, line: 1, column: 1)
        diagnostics.append(Diagnostic("\(pointer.isEmpty ? "#" : "#" + pointer): \(message)", at: mark))
    }

    // MARK: Names and references

    /// A type name not taken yet, taken now.
    mutating func unique(_ name: String) -> String {
        var candidate = name
        var number = 2
        while used.contains(candidate)
            || ["String", "Int", "Double", "Bool", "Date", "URL", "Data", "UInt", "Float", "Decimal"].contains(
                candidate)
        {
            candidate = name + String(number)
            number += 1
        }
        used.insert(candidate)
        return candidate
    }

    /// The type for the object schema at `pointer` (named once, however often referenced).
    mutating func typeName(for schema: JSONValue, pointer: String, suggested: String) -> String {
        if let name = namesByPointer[pointer] { return name }
        let name = unique(suggested)
        namesByPointer[pointer] = name
        typeOrder.append(name)
        pending.append((name, schema, pointer))
        return name
    }

    mutating func drain() {
        while !pending.isEmpty {
            let next = pending.removeFirst()
            entity(next.name, next.schema, pointer: next.pointer)
        }
    }

    mutating func error(_ message: String, at pointer: String) {
        diagnostics.append(located(message, at: pointer))
    }

    /// A note on what the form does not express (the schema still checks it).
    mutating func note(_ message: String, at pointer: String) {
        notes.append(located(message, at: pointer))
    }

    private func located(_ message: String, at pointer: String) -> Diagnostic {
        let mark = document.mark(pointer) ?? SourceMark(file: file, line: 1, column: 1)
        // A place in another file is named by that file's own pointer.
        return Diagnostic("\(SchemaBundle.label(pointer)): \(message)", at: mark)
    }

    /// A local `$ref`: a JSON pointer (`#/$defs/Address`), an anchor (`#name`) or a
    /// subschema's `$id`; the schema and its pointer.
    func resolve(_ reference: String) -> (schema: JSONValue, pointer: String)? {
        if reference == "#" { return (document.value, "") }
        if reference.hasPrefix("#/") {
            let pointer = String(reference.dropFirst()).removingPercentEncoding ?? String(reference.dropFirst())
            var current = document.value
            for token in pointer.split(separator: "/", omittingEmptySubsequences: false).dropFirst() {
                let key = token.replacingOccurrences(of: "~1", with: "/").replacingOccurrences(of: "~0", with: "~")
                if let next = current[key] {
                    current = next
                } else if let items = current.array, let index = Int(key), items.indices.contains(index) {
                    current = items[index]
                } else {
                    return nil
                }
            }
            return (current, pointer)
        }
        if reference.hasPrefix("#") {
            return SchemaWalk.anchor(String(reference.dropFirst()), in: document.value).map { (.object($0), $1) }
        }
        var found: (JSONValue, String)?
        // A reference relative to the root's `$id` (`catalog-info.json#/definitions/entity`
        // in the schema whose `$id` is `https://json.schemastore.org/catalog-info.json`).
        let absolute = document.value["$id"]?.string.map { URIs.withoutFragment(URIs.resolve(reference, against: $0)) }
        SchemaWalk.objects(in: document.value) { object, pointer in
            guard let id = object["$id"]?.string,
                id == reference || reference.hasSuffix("/" + id) || URIs.withoutFragment(reference) == id
                    || absolute == URIs.withoutFragment(id)
            else { return true }
            found = (.object(object), pointer)
            return false
        }
        guard let found else { return nil }
        if let fragment = URIs.fragment(reference), fragment.hasPrefix("/") {
            return resolvePointer(fragment, from: found)
        }
        return found
    }

    private func resolvePointer(_ fragment: String, from base: (JSONValue, String)) -> (JSONValue, String)? {
        var current = base.0
        for token in fragment.split(separator: "/", omittingEmptySubsequences: false).dropFirst() {
            guard
                let next = current[
                    token.replacingOccurrences(of: "~1", with: "/").replacingOccurrences(of: "~0", with: "~")]
            else { return nil }
            current = next
        }
        return (current, base.1 + fragment)
    }

    /// Follows `$ref`s (and a lone `allOf` of one reference) to the schema they name.
    func dereferenced(_ schema: JSONValue, pointer: String) -> (schema: JSONValue, pointer: String) {
        var current = (schema: schema, pointer: pointer)
        var seen: Set<String> = []
        while let reference = current.schema["$ref"]?.string, !seen.contains(reference), let target = resolve(reference)
        {
            seen.insert(reference)
            current = target
        }
        return current
    }

    /// A root schema that is one value, as a type with the one property `value`, named
    /// `suggested` unless that is taken (a scalar type's name: `String2`); returns the name.
    mutating func wrap(_ schema: JSONValue, as suggested: String) -> String {
        wrapsValue = true
        let root = unique(suggested)
        typeOrder.append(root)
        namesByPointer[""] = root
        if let title = schema["title"]?.string { setTitle(title, of: root) }
        add("value", schema, pointer: "", required: true, to: root)
        if case .record(var field)? = fields[root]?.first, field["title"] == nil {
            field["title"] = .string(schema["title"]?.string ?? "Value")
            fields[root]?[0] = .record(field)
        }
        drain()
        return root
    }

    // MARK: Documents

    func typesDocument(root: String) -> FormValue {
        var document = FormRecord()
        document["root"] = .string(root)
        if !enumOrder.isEmpty {
            document["enums"] = .record(FormRecord(enumOrder.map { ($0, enums[$0] ?? .list([])) }))
        }
        if !bitfields.isEmpty { document["bitfields"] = .record(FormRecord(bitfields.map { ($0.name, $0.bits) })) }
        if !unionDefinitions.isEmpty { document["unions"] = .record(FormRecord(unionDefinitions.map { ($0, $1) })) }
        document["types"] = .record(
            FormRecord(
                typeOrder.map { name in
                    (
                        name,
                        .record(
                            FormRecord(
                                (properties[name] ?? []).map { property in
                                    guard otherKeys[name] == property.key else {
                                        return (property.key, .string(property.type))
                                    }
                                    return (
                                        property.key,
                                        .record(["type": .string(property.type), "otherKeys": .bool(true)])
                                    )
                                }))
                    )
                }))
        return .record(document)
    }

    mutating func formsDocument(root: String) -> FormValue {
        var forms: [(String, FormValue)] = []
        for name in typeOrder {
            var form =
                name == root
                ? UISchemaImport.apply(ui?.value, to: fields[name] ?? [], state: &self, pointer: "")
                : FormRecord([("fields", .list(fields[name] ?? []))])
            if let title = titles[name] {
                form = FormRecord([("title", .string(title))] + zip(form.keys, form.values).map { ($0, $1) })
            }
            forms.append((name, .record(form)))
        }
        return .record(FormRecord(forms))
    }

    /// An option set whose options are `titles`, one bit each in order; returns its name.
    mutating func addBitfield(_ suggested: String, titles: [String]) -> String {
        let name = unique(suggested)
        bitfields.append(
            (name, .record(FormRecord(titles.enumerated().map { ($0.element, .int(Int64(1) << Int64($0.offset))) }))))
        return name
    }

    /// An enum of `values` (strings, numbers or booleans, each kept as it is: `2` is not
    /// `"2"`), titled where a title is given.
    mutating func addEnum(_ suggested: String, values: [(value: FormValue, title: String?)]) -> String {
        let name = unique(suggested)
        enumOrder.append(name)
        enums[name] =
            values.contains { $0.title != nil }
            ? .list(
                values.map { option in
                    .record([
                        "value": option.value,
                        "title": .string(option.title ?? TitleInference.title(forCase: option.value.plainText)),
                    ])
                })
            : .list(values.map(\.value))
        return name
    }

    mutating func setTitle(_ title: String, of type: String) { titles[type] = title }

    /// Whether `name` is an enum made so far (what a type expression's kind tells).
    func isEnum(_ name: String) -> Bool { enums[name] != nil }

    mutating func addProperty(_ key: String, type: String, field: FormValue, to entity: String) {
        if let index = positions[entity]?[key] {
            properties[entity]?[index].type = type
            fields[entity]?[index] = field
            return
        }
        positions[entity, default: [:]][key] = properties[entity]?.count ?? 0
        properties[entity, default: []].append((key, type))
        fields[entity, default: []].append(field)
    }

    func hasProperty(_ key: String, in entity: String) -> Bool { positions[entity]?[key] != nil }

    /// A property's type as the types document writes it (`Contact?`), if the entity has it.
    func propertyType(_ key: String, in entity: String) -> String? {
        positions[entity]?[key].flatMap { properties[entity]?[$0].type }
    }

    /// Makes a property free JSON (optional as it was), its field keeping only what does
    /// not depend on its type: title, help, read-only, its conditions.
    mutating func makeFreeJSON(_ key: String, in entity: String) {
        guard let index = positions[entity]?[key], let type = properties[entity]?[index].type else { return }
        properties[entity]?[index].type = "JSON" + (type.hasSuffix("?") ? "?" : "")
        updateField(key, in: entity) { field in
            for setting in ["type", "rules", "keyRules", "default", "placeholder"] { field[setting] = nil }
        }
    }

    /// Marks the map property that holds an entity's other keys.
    mutating func markOtherKeys(_ key: String, of entity: String) { otherKeys[entity] = key }

    mutating func updateField(_ key: String, in entity: String, _ change: (inout FormRecord) -> Void) {
        guard let index = positions[entity]?[key], case .record(var record)? = fields[entity]?[index] else { return }
        change(&record)
        fields[entity]?[index] = .record(record)
    }
}
