/// Checks that a typed value fits a field's static type, and brings numbers to the case
/// the type uses (`.uint` for unsigned, `.int` for signed).
enum ValueConformance {
    static func normalize(_ value: FormValue, for field: Field, at path: FormPath, configs: ConfigDictionary)
        throws(FieldError) -> FormValue
    {
        guard let valueType = field.valueType else { return value }
        // Free JSON takes any value (`null` too), as JSON holds it: a date as its text.
        if valueType.unwrapped == .json { return JSONValue(value).formValue }
        if value == .null {
            guard valueType.isOptional || field.relationship?.cardinality == .toOne else {
                throw mismatch(path, "a value is required (the property is not optional)")
            }
            return .null
        }
        switch field.shape {
        case .record(let target):
            guard case .record = value else { throw mismatch(path, "expected a record, got \(value.kindName)") }
            // Each of the record's fields fits its own type, in the related form's order.
            var record = value
            var conformance = RecordConformance(configs: configs)
            configs.editValues(&record, typeName: target, with: &conformance, at: path)
            if let failure = conformance.failure { throw failure }
            return record
        case .records, .items:
            guard case .list(let items) = value, var itemField = field.itemField else {
                throw mismatch(path, "expected a list, got \(value.kindName)")
            }
            itemField.valueType = valueType.elementType ?? itemField.valueType
            if itemField.options.isEmpty { itemField.options = field.options }
            return try normalize(items, each: itemField, at: path, configs: configs)
        case .positions:
            guard case .list(let items) = value else { throw mismatch(path, "expected a list, got \(value.kindName)") }
            var result: [FormValue] = []
            for (index, item) in items.enumerated() {
                guard let itemField = field.itemField(at: index) else {
                    throw mismatch(
                        path, "expected at most \(field.positions.count) items (one per position), got \(items.count)")
                }
                result.append(try normalize(item, for: itemField, at: path.appending(.index(index)), configs: configs))
            }
            return .list(result)
        case .entries:
            guard case .record(let entries) = value else {
                throw mismatch(path, "expected a map of entries, got \(value.kindName)")
            }
            var result = FormRecord()
            for (key, entry) in entries.pairs {
                guard var entryField = field.entryField(key) else { continue }
                entryField.valueType = valueType.entryType ?? entryField.valueType
                result[key] = try normalize(entry, for: entryField, at: path.appending(key: key), configs: configs)
            }
            return .record(result)
        case .alternatives:
            // The chosen alternative's value fits its own type (under its tag, if tagged).
            guard case .chosen(let chosen) = configs.alternative(of: field, for: value),
                let alternative = field.alternativeField(chosen)
            else {
                throw mismatch(
                    path,
                    "expected exactly one of its alternatives (\(field.alternativeTitles.joined(separator: ", "))), got \(value.kindName)"
                )
            }
            guard let tag = field.alternatives[chosen].key else {
                return try normalize(value, for: alternative, at: path, configs: configs)
            }
            let payload = value[FormPath([.key(tag)])] ?? .null
            return .record([
                tag: try normalize(payload, for: alternative, at: path.appending(key: tag), configs: configs)
            ])
        case .single:
            return try normalizeValue(value, of: valueType.unwrapped, for: field, at: path, configs: configs)
        }
    }

    /// One value the form edits as a whole, checked and converted to its Swift type.
    private static func normalizeValue(
        _ value: FormValue, of type: ValueType, for field: Field, at path: FormPath, configs: ConfigDictionary
    ) throws(FieldError) -> FormValue {
        switch (type, value) {
        case (.string, .string), (.url, .string), (.bool, .bool), (.date, .date), (.data, .data), (.model, .record):
            return value
        case (.decimal, _) where value.decimalValue != nil:
            return value.decimalValue.map(FormValue.decimal) ?? value
        case (.float, _) where value.doubleValue != nil:
            return value.doubleValue.map(FormValue.double) ?? value
        case (.integer, .int), (.unsigned, .uint), (.optionSet, .uint):
            return value
        case (.integer, .uint(let n)):
            guard let signed = Int64(exactly: n) else { throw mismatch(path, "\(n) is too large") }
            return .int(signed)
        case (.unsigned, .int(let n)), (.optionSet, .int(let n)):
            guard n >= 0 else { throw mismatch(path, "must not be negative") }
            return .uint(UInt64(n))
        case (.enumeration, _):
            guard field.options.contains(where: { $0.value == value }) || field.optionStorage == .index else {
                throw mismatch(path, "'\(value.plainText)' is not one of the options")
            }
            return value
        case (.array(let element), .list(let items)), (.set(let element), .list(let items)):
            // A multi-select's list: each item one of the options.
            let itemField = Field(key: nil, type: .default, options: field.options, valueType: element)
            return try normalize(items, each: itemField, at: path, configs: configs)
        default:
            throw mismatch(path, "expected \(type.name), got \(value.kindName)")
        }
    }

    /// A list's items, each checked as `itemField` at its index below `path`.
    private static func normalize(
        _ items: [FormValue], each itemField: Field, at path: FormPath, configs: ConfigDictionary
    )
        throws(FieldError) -> FormValue
    {
        var result: [FormValue] = []
        result.reserveCapacity(items.count)
        for (index, item) in items.enumerated() {
            result.append(try normalize(item, for: itemField, at: path.appending(.index(index)), configs: configs))
        }
        return .list(result)
    }

    private static func mismatch(_ path: FormPath, _ message: String) -> FieldError {
        FieldError(path: path, rule: "type", message: message)
    }
}

/// Brings each present field of a related record to its type (the first misfit stops it).
private struct RecordConformance: ValueEditor {
    let configs: ConfigDictionary
    var failure: FieldError?

    mutating func edit(_ field: Field, at index: Int?, in visit: ValueVisit) -> ValueEdit {
        guard failure == nil, index != nil else { return .keep }
        do {
            let fitted = try ValueConformance.normalize(
                visit.value(at: index), for: field, at: visit.path(of: field), configs: configs)
            return .setting(fitted, over: index, in: visit)
        } catch {
            failure = error
            return .keep
        }
    }
}

extension ConfigDictionary {
    /// `value` checked against `field`'s static type as a typed edit checks it (a record
    /// field by field against its related form), numbers brought to their type; a misfit
    /// throws, named by its path below `path`.
    package func conforming(_ value: FormValue, to field: Field, at path: FormPath) throws(FieldError) -> FormValue {
        try ValueConformance.normalize(value, for: field, at: path, configs: self)
    }
}
