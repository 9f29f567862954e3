import Foundation

/// The value a field takes when a form is reset or a `nil` subform is opened: the field's
/// `default` when it has one, else its type's empty value.
///
/// | type | default |
/// |---|---|
/// | optional | `nil` |
/// | `String`, `URL` | `""` |
/// | `Bool` | `false` |
/// | numbers | `0` |
/// | `Date` | 1970-01-01T00:00:00Z |
/// | `Data` | empty |
/// | enum | its first case |
/// | option set, array, set, dictionary | empty |
/// | model | a record of its fields' defaults (empty for a cycle, and past 128 levels of required relationships); an absent to-one relationship opened or edited into takes its field's record `default` over them |
package enum DefaultValues {
    /// A record of defaults for a type: every stored property of the entity gets one, also
    /// those its form excludes (a new record must decode back into the model), in the
    /// entity's property order; fields the form adds without a property follow.
    package static func record(for typeName: String, configs: ConfigDictionary) -> FormValue {
        configs.cachedDefaults(for: typeName) {
            var visiting: Set<String> = []
            return record(for: typeName, configs: configs, visiting: &visiting)
        }
    }

    /// One `visiting` set for the whole walk (inserted on the way down, removed on the way
    /// up), so a long chain of required relationships costs memory linear in its length.
    private static func record(for typeName: String, configs: ConfigDictionary, visiting: inout Set<String>)
        -> FormValue
    {
        var record = FormRecord()
        let config = configs[typeName]
        let properties = configs.model.entity(typeName)?.properties ?? []
        record.reserveCapacity(max(properties.count, config?.fields.count ?? 0))
        visiting.insert(typeName)
        defer { visiting.remove(typeName) }
        // A property's field is looked for where the last one's ended (fields follow their
        // properties' order unless a form reorders them), and by the type's key index only
        // when it is not there: at 100,000 fields, 6.3 MB not built.
        let fields = config?.fields ?? []
        var next = 0
        var index: [String: Int]?
        for property in properties {
            let position: Int?
            if next < fields.count, fields[next].key == property.key {
                position = next
            } else {
                if index == nil { index = configs.keyIndex(for: typeName) }
                position = index?[property.key]
            }
            if let position { next = position + 1 }
            let field =
                position.map { fields[$0] } ?? Field(key: property.key, type: .text, valueType: property.valueType)
            record[property.key] = value(for: field, configs: configs, visiting: &visiting)
        }
        for field in config?.fields ?? [] {
            guard let key = field.key, record[key] == nil else { continue }
            record[key] = value(for: field, configs: configs, visiting: &visiting)
        }
        return .record(record)
    }

    /// The record a `nil` to-one relationship of `target` starts as when it is opened or
    /// edited into: the type's defaults, with the field's own `default` (a schema's object
    /// `default`) over them, key by key.
    package static func newRecord(of target: String, for field: Field, configs: ConfigDictionary) -> FormValue {
        let defaults = record(for: target, configs: configs)
        guard case .record(let given)? = field.defaultValue, case .record(var merged) = defaults else {
            return defaults
        }
        for (key, value) in given.pairs { merged[key] = value }
        return .record(merged)
    }

    /// The default of one field.
    package static func value(for field: Field, configs: ConfigDictionary) -> FormValue {
        var visiting: Set<String> = []
        return value(for: field, configs: configs, visiting: &visiting)
    }

    private static func value(for field: Field, configs: ConfigDictionary, visiting: inout Set<String>) -> FormValue {
        if let value = field.defaultValue { return value }
        guard let valueType = field.valueType else { return .null }
        return zero(valueType, field: field, configs: configs, visiting: &visiting)
    }

    private static func zero(_ type: ValueType, field: Field, configs: ConfigDictionary, visiting: inout Set<String>)
        -> FormValue
    {
        switch type {
        case .optional: return .null
        case .singleValue(_, let value): return zero(value, field: field, configs: configs, visiting: &visiting)
        case .string, .url: return .string("")
        case .bool: return .bool(false)
        case .integer: return .int(0)
        case .unsigned, .optionSet: return .uint(0)
        case .float: return .double(0)
        case .decimal: return .decimal(0)
        case .date: return .date(Date(timeIntervalSince1970: 0))
        case .data: return .data(Data())
        case .enumeration(let description):
            if field.optionStorage == .index { return .int(0) }
            return (field.options.first ?? description.options.first)?.value ?? .null
        case .array, .set: return .list([])
        case .tuple:
            // Each position's default: a tuple is as long as its positions.
            return .list(field.positions.map { value(for: $0, configs: configs, visiting: &visiting) })
        case .dictionary: return .record(FormRecord())
        case .model(let name):
            // A cycle, or a chain of required relationships deeper than a values file may
            // nest (``InputLimits/yamlDepth``), ends in an empty relationship.
            guard !visiting.contains(name), visiting.count < InputLimits.yamlDepth else { return .null }
            return record(for: name, configs: configs, visiting: &visiting)
        case .union:
            // The first alternative's default (under its tag, for a tagged one), passing
            // over one that is a record being made already (`indirect enum Tree { case
            // pair(Tree, Tree); case leaf(String) }`: a pair's new halves are leaves).
            let first =
                field.alternatives.first {
                    guard case .record(let target) = $0.shape else { return true }
                    return !visiting.contains(target)
                } ?? field.alternatives.first
            guard let first else { return .null }
            let payload = value(for: first, configs: configs, visiting: &visiting)
            return first.key.map { .record([$0: payload]) } ?? payload
        case .json, .unsupported: return .null
        }
    }
}
