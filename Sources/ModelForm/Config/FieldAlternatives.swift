/// Which alternative of a union field a value is (``ConfigDictionary/alternative(of:for:)``).
package enum AlternativeMatch: Equatable {
    /// The value is the alternative at this index.
    case chosen(Int)
    /// The value is empty (`null`): no alternative is chosen yet.
    case empty
    /// The value fits no alternative: it is kept as it is and marked with an error.
    case noneFits
    /// The value fits several alternatives of a union that allows one (`oneOf`): kept as it
    /// is and marked with an error.
    case several([Int])
}

extension Field {
    /// Whether a value must fit exactly one alternative (JSON Schema's `oneOf`) rather than
    /// being the first that fits.
    package var alternativesAreExclusive: Bool {
        if case .union(let union) = valueType?.unwrapped { return union.exclusive }
        return false
    }

    /// The field of the alternative at `index` as the form draws it: a tagged alternative
    /// keyed by its tag (its value sits under it, in the union's record), an untagged one
    /// keyed as the union (its value is the union's); `nil` for another field or index.
    package func alternativeField(_ index: Int) -> Field? {
        guard case .alternatives = shape, alternatives.indices.contains(index) else { return nil }
        var field = alternatives[index]
        if field.key == nil { field.key = key }
        if readOnly { field.readOnly = true }
        // A record alternative is drawn in place, as a map's entries are.
        if case .record = field.shape { field.inline = true }
        return field
    }

    /// The index of the tagged alternative `tag`, if the field has one.
    package func alternativeIndex(tag: String) -> Int? {
        alternatives.firstIndex { $0.key == tag }
    }

    /// The kinds of value the field holds (a union: its alternatives'), as a rule's kind
    /// test names them; free JSON holds any.
    package var valueKinds: Set<Condition.ValueKind> { valueKinds(depth: 0) }

    private func valueKinds(depth: Int) -> Set<Condition.ValueKind> {
        switch shape {
        case .record, .entries: return [.record]
        case .records, .items, .positions: return [.list]
        case .alternatives:
            guard depth < 32 else { return [] }
            return alternatives.reduce(into: []) { $0.formUnion($1.valueKinds(depth: depth + 1)) }
        case .single:
            if type == .json { return Set(Condition.ValueKind.allCases) }
            if !options.isEmpty, optionStorage == .value, type != .multiSelect, type != .bitfield {
                return Set(options.compactMap { Condition.ValueKind(of: $0.value) })
            }
            switch valueType?.unwrapped {
            case .bool: return [.boolean]
            case .integer, .unsigned, .float, .decimal: return [.number]
            case .string, .url, .date, .data: return [.text]
            case .array, .set: return [.list]
            case .optionSet: return [.list, .number]
            case .json: return Set(Condition.ValueKind.allCases)
            case .none:
                if type == .boolean { return [.boolean] }
                if [.number, .integer, .unsigned, .float].contains(type) { return [.number] }
                return [.text]
            default: return Set(Condition.ValueKind.allCases)
            }
        }
    }

    /// The alternatives' titles, in order.
    package var alternativeTitles: [String] { alternatives.map(\.title) }

    /// The title of the alternative at `index`.
    package func alternativeTitle(_ index: Int) -> String {
        alternatives.indices.contains(index) ? alternatives[index].title : ""
    }
}

extension ConfigDictionary {
    /// Whether `path` goes through a union (names one of its alternatives or something in
    /// one): such a place has no page of its own and draws no input yet.
    package func isInsideAlternative(_ path: FormPath, in typeName: String) -> Bool {
        var prefix = FormPath()
        for component in path.components.dropLast() {
            prefix = prefix.appending(component)
            if (try? field(at: prefix, in: typeName))?.shape == .alternatives { return true }
        }
        return false
    }

    /// Which of `field`'s alternatives `value` is: a tagged one when the value is a record
    /// of its tag alone; an untagged one when the value has its kind (text, number,
    /// Boolean, list, record) and, for a record, only keys its form has, with its constant
    /// fields' values. A union that allows one (`oneOf`) takes the only one that fits;
    /// otherwise the first that fits is the value's.
    package func alternative(of field: Field, for value: FormValue) -> AlternativeMatch {
        if value == .null { return .empty }
        var fitting: [Int] = []
        for index in field.alternatives.indices where fits(value, field.alternatives[index], depth: 0) {
            guard field.alternativesAreExclusive else { return .chosen(index) }
            fitting.append(index)
        }
        switch fitting.count {
        case 0: return .noneFits
        case 1: return .chosen(fitting[0])
        default: return .several(fitting)
        }
    }

    /// Whether `value` fits the alternative `alternative` (a tagged one by its tag).
    private func fits(_ value: FormValue, _ alternative: Field, depth: Int) -> Bool {
        if let tag = alternative.key {
            guard case .record(let record) = value, record.count == 1 else { return false }
            return record.keys.first == tag
        }
        return fitsUntagged(value, alternative, depth: depth)
    }

    private func fitsUntagged(_ value: FormValue, _ field: Field, depth: Int) -> Bool {
        switch field.shape {
        case .record(let target):
            guard case .record(let record) = value else { return false }
            guard let config = self[target] else { return true }
            // Only keys its form has, each constant (a field of one option) with its value,
            // and every property that is not optional present (JSON Schema's `required`).
            let known = record.keys.enumerated().allSatisfy { index, key in
                guard let property = config.field(key) else { return false }
                guard property.options.count == 1, property.type != .multiSelect, property.type != .bitfield else {
                    return true
                }
                return property.options[0].value == record.value(at: index)
            }
            return known
                && config.fields.allSatisfy { field in
                    guard let key = field.key, field.valueType?.isOptional == false else { return true }
                    return record[key] != nil
                }
        case .records, .items:
            if case .list = value { return true }
            return false
        case .positions:
            // A list no longer than its positions, unless items may follow them.
            guard case .list(let items) = value else { return false }
            return field.template != nil || items.count <= field.positions.count
        case .entries:
            if case .record = value { return true }
            return false
        case .alternatives:
            guard depth < 32 else { return false }
            return field.alternatives.contains { fits(value, $0, depth: depth + 1) }
        case .single:
            return Self.scalar(value, fits: field)
        }
    }

    /// Whether a scalar (or a value edited whole) has the kind a field's type edits.
    private static func scalar(_ value: FormValue, fits field: Field) -> Bool {
        if field.type == .json { return true }
        if !field.options.isEmpty, field.optionStorage == .value, field.type != .multiSelect,
            field.type != .bitfield
        {
            return field.options.contains { $0.value == value }
        }
        switch field.valueType?.unwrapped {
        case .bool: return value.isBool
        case .integer, .unsigned:
            switch value {
            case .int, .uint: return true
            case .double(let number): return number.rounded() == number
            default: return false
            }
        case .float, .decimal: return value.isNumber
        case .string, .url, .date, .data:
            switch value {
            case .string, .date, .data: return true
            default: return false
            }
        case .array, .set, .optionSet:
            if case .list = value { return true }
            return value.isNumber
        case .json: return true
        case .none:
            if field.type == .boolean { return value.isBool }
            if [.number, .integer, .unsigned, .float].contains(field.type) { return value.isNumber }
            switch value {
            case .string, .date, .data: return true
            default: return false
            }
        default: return true
        }
    }
}

extension FormValue {
    fileprivate var isBool: Bool {
        if case .bool = self { return true }
        return false
    }

    fileprivate var isNumber: Bool {
        switch self {
        case .int, .uint, .double, .decimal: return true
        default: return false
        }
    }
}
