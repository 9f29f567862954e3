import Foundation
import ModelForm

/// Instance data for a type in YAML or JSON: read into a typed ``/ModelForm/FormValue`` tree, written
/// back in the same key order, atomically.
///
/// ```yaml
/// email: ada@example.com
/// age: 36
/// dateOfBirth: 1815-12-10
/// interests: [computers, sports]
/// address: {street: 12 St James's Square, city: London}
/// ```
///
/// Scalars are parsed as a form parses input for the property's type (as `Form.setText` reads it),
/// so dates are ISO 8601, options may be given by value or title, data is base64. Keys keep
/// the file's order; a non-optional property the file lacks is added with its default.
/// An edit of values keeps the file's comments and style (``ValuesFileFormat/text(_:syntax:editing:)``);
/// a change of shape writes it whole, without them.
public enum ValuesFile {
    /// The values in a parsed document for `typeName` of `configs`' model.
    public static func read(_ document: YAMLNode, source: String?, typeName: String, configs: ConfigDictionary)
        throws(DiagnosticList) -> FormValue
    {
        try ValuesFileFormat(typeName: typeName, configs: configs).read(document, source: source)
    }

    /// Parses and reads a values file's text.
    public static func read(text: String, file: String, typeName: String, configs: ConfigDictionary)
        throws(DiagnosticList) -> FormValue
    {
        try read(parseDocument(text, file: file), source: text, typeName: typeName, configs: configs)
    }

    /// A values file's document: YAML, or for a `.json` file JSON, read by the JSON parser
    /// (a `.json` file of YAML is an error at the first place JSON does not allow; a key of
    /// any length reads, where libyaml stops at 1,024 characters) into the nodes YAML would
    /// give. The same reader reads both, so the values, limits and marks are the same.
    package static func parseDocument(_ text: String, file: String) throws(DiagnosticList) -> YAMLNode {
        switch ValuesSyntax(path: file) {
        case .yaml: return try YAMLParser.parseDocument(text, file: file)
        case .json: return try YAMLNode(json: text, file: file)
        case .toml: return try TOMLReader.parseDocument(text, file: file)
        }
    }

    /// The text of a values file in `syntax`. Dates are written as their field type shows
    /// them (`1815-12-10`, `09:30`, `...T09:30:00Z`; in TOML a date or a date-time), data
    /// as base64.
    public static func text(_ value: FormValue, typeName: String, configs: ConfigDictionary, syntax: ValuesSyntax)
        throws -> String
    {
        try ValuesFileFormat(typeName: typeName, configs: configs).text(value, syntax: syntax)
    }

    /// Writes a values file atomically (a temporary file in the same folder, then a
    /// rename), in the syntax its name says (``ValuesSyntax/init(path:)``), holding the file's lock
    /// (`.NAME.lock` beside it, shared with every other writer) while it writes.
    /// An existing file is edited where only values changed (comments and style kept, see
    /// ``ValuesFileFormat/text(_:syntax:editing:)``).
    public static func write(_ value: FormValue, to path: String, typeName: String, configs: ConfigDictionary) throws {
        let format = ValuesFileFormat(typeName: typeName, configs: configs)
        try FileLock.withLock(beside: path) {
            let original = FileManager.default.contents(atPath: path).flatMap { String(data: $0, encoding: .utf8) }
            let text = try format.text(value, syntax: ValuesSyntax(path: path), editing: original)
            try AtomicFile.write(text, to: path)
        }
    }
}

/// A value as a values file writes it: dates as their field shows them, data as base64, a
/// bitfield by its options' titles, the entries of a map of other keys beside the
/// properties; with `omitsAbsent`, no `null` for a field that is not required.
struct ValuesFilePresenter: ValueRewriter {
    let schema: ValueSchema
    var omitsAbsent = false
    /// Whether dates become text; when not (TOML, which has dates of its own), a date or
    /// date-time field keeps its date, and a time field becomes `HH:MM:SS` text.
    var datesAsText = true

    func field(_ key: String, in typeName: String) -> Field? { schema.field(key, in: typeName) }

    func spreadsEntries(of key: String, in typeName: String) -> Bool { schema.otherKeys(of: typeName)?.key == key }

    func alternative(of field: Field, for value: FormValue) -> AlternativeMatch {
        schema.configured.alternative(of: field, for: value)
    }

    func keeps(_ value: FormValue, field: Field?) -> Bool {
        guard omitsAbsent, value == .null, let field else { return true }
        return field.isRequired
    }

    func rewrite(_ value: FormValue, field: Field?) -> FormValue {
        switch value {
        case .date(let date) where !datesAsText:
            return field?.type == .time ? .string(ISODate.formatTime(date)) : value
        case .date(let date):
            let full = ISODate.formatDateTime(date)
            let short: String? =
                switch field?.type {
                case .date?: ISODate.formatDate(date)
                case .time?: ISODate.formatTime(date)
                default: nil
                }
            let lossless =
                short.flatMap { field?.type == .date ? ISODate.parseDate($0) : ISODate.parseTime($0) } == date
            return .string(lossless ? short ?? full : full)
        case .data(let data): return .string(data.base64EncodedString())
        case .uint(let bits) where field?.type == .bitfield:
            guard let field else { return value }
            let chosen = field.selectedOptionIndices(in: value)
            let covered = chosen.reduce(UInt64(0)) { $0 | field.bit(ofOptionAt: $1) }
            return covered == bits ? .list(chosen.map { .string(field.options[$0].title) }) : value
        default:
            return value
        }
    }
}

extension NodeReader {
    /// A record for an entity: known keys only, values typed by their property.
    mutating func record(_ node: YAMLNode, typeName: String, schema: ValueSchema, path: FormPath) -> FormValue? {
        let keys = schema.keys(of: typeName)
        guard let pairs = mapping(node, path.isRoot ? "a values file" : "'\(path)'") else { return nil }
        var record = FormRecord()
        let other = schema.otherKeys(of: typeName)
        // The other keys' entries, gathered here (not copied in and out of the record per
        // key) and put where the first of them is.
        var otherEntries: FormRecord?
        for pair in pairs {
            guard let key = string(pair.key, "a property name") else { continue }
            // The map of other keys is never a key of the data: a key of its name is one of
            // its entries.
            guard let field = schema.field(key, in: typeName), key != other?.key else {
                if let other, let entry = other.field.entryField(key) {
                    // A key no property names, in the map that holds them.
                    let entryPath = path.appending(key: other.key).appending(key: key)
                    if otherEntries == nil {
                        otherEntries = FormRecord()
                        record[other.key] = .null
                    }
                    if let value = value(pair.value, field: entry, schema: schema, path: entryPath) {
                        otherEntries?[key] = value
                    }
                    continue
                }
                if keepsUnknownProperties {
                    record[key] = untyped(pair.value)
                    continue
                }
                error("unknown property '\(key)' of '\(typeName)'" + Suggestion.hint(for: key, in: keys), at: pair.key)
                continue
            }
            if let value = value(pair.value, field: field, schema: schema, path: path.appending(key: key)) {
                record[key] = value
            }
        }
        if let other, let otherEntries { record[other.key] = .record(otherEntries) }
        for key in keys where record[key] == nil {
            guard let field = schema.field(key, in: typeName), field.valueType?.isOptional == false else { continue }
            record[key] = DefaultValues.value(for: field, configs: schema.inferred)
        }
        return .record(record)
    }

    /// A list read from a sequence, item by item (an item that fails is reported and left out).
    private mutating func items(
        _ node: YAMLNode, path: FormPath, _ item: (inout NodeReader, YAMLNode, FormPath) -> FormValue?
    ) -> FormValue? {
        guard let items = sequence(node, "'\(path)'") else { return nil }
        var list: [FormValue] = []
        for (index, node) in items.enumerated() {
            if let value = item(&self, node, path.appending(.index(index))) { list.append(value) }
        }
        return .list(list)
    }

    /// A map read from a mapping, entry by entry in the file's order (an entry that fails is
    /// reported and left out; the parser reports a key given twice).
    private mutating func entries(_ node: YAMLNode, field: Field, schema: ValueSchema, path: FormPath) -> FormValue? {
        guard let pairs = mapping(node, "'\(path)'") else { return nil }
        var record = FormRecord()
        record.reserveCapacity(pairs.count)
        for pair in pairs {
            guard let key = string(pair.key, "a key of '\(path)'"), let entry = field.entryField(key) else { continue }
            if let value = value(pair.value, field: entry, schema: schema, path: path.appending(key: key)) {
                record[key] = value
            }
        }
        return .record(record)
    }

    /// A union's value, read as its chosen alternative (found from the value as YAML types
    /// it); one that fits none of them, or several, is kept as it is (the form marks it).
    private mutating func alternative(_ node: YAMLNode, field: Field, schema: ValueSchema, path: FormPath)
        -> FormValue?
    {
        let found = untyped(node)
        guard case .chosen(let index) = schema.configured.alternative(of: field, for: found),
            let alternative = field.alternativeField(index)
        else { return found }
        guard let tag = field.alternatives[index].key else {
            return value(node, field: alternative, schema: schema, path: path)
        }
        guard let payload = node.mapping?.first?.value else { return found }
        return value(payload, field: alternative, schema: schema, path: path.appending(key: tag)).map {
            .record([tag: $0])
        }
    }

    mutating func value(_ node: YAMLNode, field: Field, schema: ValueSchema, path: FormPath) -> FormValue? {
        let type = field.valueType ?? .unsupported("?")
        if node.isNull, type.isOptional { return .null }
        switch field.shape {
        case .record(let target):
            return record(node, typeName: target, schema: schema, path: path)
        case .records(let target):
            return items(node, path: path) { reader, item, itemPath in
                reader.record(item, typeName: target, schema: schema, path: itemPath)
            }
        case .items:
            guard let template = field.template else { return nil }
            return items(node, path: path) { reader, item, itemPath in
                reader.value(item, field: template, schema: schema, path: itemPath)
            }
        case .positions:
            // Each item by its position's field; one past positions where nothing may follow
            // is kept as it is (the validation says why).
            return items(node, path: path) { reader, item, itemPath in
                guard case .index(let index)? = itemPath.last, let position = field.itemField(at: index) else {
                    return reader.untyped(item)
                }
                return reader.value(item, field: position, schema: schema, path: itemPath)
            }
        case .entries:
            return entries(node, field: field, schema: schema, path: path)
        case .alternatives:
            return alternative(node, field: field, schema: schema, path: path)
        case .single:
            switch type.unwrapped {
            case .unsupported, .json: return untyped(node)
            default: break
            }
        }
        do throws(FieldError) {
            if let items = node.sequence {
                guard field.type == .multiSelect || field.type == .bitfield else {
                    error("'\(path)' takes a single value, not a sequence", at: node)
                    return nil
                }
                return try InputParser().parse(
                    items.compactMap { string($0, "an item of '\(path)'") }, for: field, at: path)
            }
            guard node.mapping == nil else {
                error(
                    "'\(path)' takes \(field.type == .multiSelect ? "a sequence" : "a single value"), not a mapping",
                    at: node)
                return nil
            }
            let text = node.isNull ? "" : node.string ?? ""
            // An empty string is a value of its own, not an absent one (`name: ""` stays "").
            if text.isEmpty, !node.isNull, type.unwrapped == .string, field.type.isTextual { return .string("") }
            if field.valueType?.unwrapped == .date,
                let date = ISODate.parseDateTime(text) ?? ISODate.parseDate(text) ?? ISODate.parseTime(text)
            {
                return .date(date)
            }
            return try InputParser().parse(text, for: field, at: path)
        } catch {
            if unparsed != nil, let text = node.string ?? (node.isNull ? "" : nil) {
                unparsed?.append(UnparsedValue(path: path, text: text, message: error.message, mark: node.mark))
                return field.valueType?.isOptional == true
                    ? .null : DefaultValues.value(for: field, configs: schema.inferred)
            }
            self.error("\(error.message) for '\(path)' (\(type.name))", at: node)
            return nil
        }
    }
}

/// The fields values are read and written by: the configured field where the form has one
/// (its type decides how dates are written), else the field inferred from the model, so a
/// property a form leaves out is still read and kept.
struct ValueSchema: Sendable {
    let configured: ConfigDictionary
    let inferred: ConfigDictionary
    /// Every entity's properties' fields by key (the configured field, else the inferred one):
    /// one lookup per key, however many properties a type has.
    private let fields: [String: [String: Field]]
    private let keys: [String: [String]]
    private let otherKeys: [String: String]

    init(_ configs: ConfigDictionary) {
        configured = configs
        inferred = ConfigDictionary(configs.model)
        var fields: [String: [String: Field]] = [:]
        var keys: [String: [String]] = [:]
        var otherKeys: [String: String] = [:]
        for entity in configs.model.entities {
            otherKeys[entity.name] = entity.otherKeys
            let configuredFields = Dictionary(
                configs[entity.name]?.fields.compactMap { field in field.key.map { ($0, field) } } ?? [],
                uniquingKeysWith: { first, _ in first })
            let inferredFields = Dictionary(
                inferred[entity.name]?.fields.compactMap { field in field.key.map { ($0, field) } } ?? [],
                uniquingKeysWith: { first, _ in first })
            var byKey: [String: Field] = [:]
            for property in entity.properties {
                if let field = configuredFields[property.key] ?? inferredFields[property.key] {
                    byKey[property.key] = field
                }
            }
            fields[entity.name] = byKey
            keys[entity.name] = entity.properties.map(\.key)
        }
        self.fields = fields
        self.keys = keys
        self.otherKeys = otherKeys
    }

    func keys(of typeName: String) -> [String] { keys[typeName] ?? [] }

    func field(_ key: String, in typeName: String) -> Field? { fields[typeName]?[key] }

    /// The map that holds a type's other keys (``/ModelForm/EntityDescription/otherKeys``), with its key.
    func otherKeys(of typeName: String) -> (key: String, field: Field)? {
        guard let key = otherKeys[typeName], let field = field(key, in: typeName) else { return nil }
        return (key, field)
    }
}
